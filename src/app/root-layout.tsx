import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useRouteFocus } from './route-focus.ts';
import './root-layout.css';

/** Above every route: scroll restoration, the page-load bar and focus on each new page's heading. */
export function RootLayout() {
  const navigation = useNavigation();
  useRouteFocus();
  return (
    <>
      <ScrollRestoration />
      {navigation.state === 'idle' ? null : <div className="nav-progress" aria-hidden="true" />}
      <Outlet />
    </>
  );
}
