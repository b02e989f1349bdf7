import { Logo } from '../components/ui/logo.tsx';
import './app-loading.css';

/** Shown while the first route's guards and data load (the router's HydrateFallback). */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <Logo />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
