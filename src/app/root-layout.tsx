import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import './root-layout.css';

/** Above every route: scroll restoration and the page-load bar. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <ScrollRestoration />
      {navigation.state === 'idle' ? null : <div className="nav-progress" aria-hidden="true" />}
      <Outlet />
    </>
  );
}
