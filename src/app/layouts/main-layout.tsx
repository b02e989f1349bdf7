import { Outlet } from 'react-router-dom';
import { MainChrome } from './main-chrome.tsx';

/** Every signed-in page; the main-area guard runs in this route's loader. */
export function MainLayout() {
  return (
    <MainChrome>
      <Outlet />
    </MainChrome>
  );
}
