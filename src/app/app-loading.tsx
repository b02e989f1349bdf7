import { Logo } from '../components/ui/logo.tsx';
import './app-loading.css';

/** Shown while the first page's guards and code load (root-layout.tsx). */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <Logo />
      <span className="visually-hidden" lang="en">
        Loading…
      </span>
    </div>
  );
}
