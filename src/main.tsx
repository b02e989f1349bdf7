import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { startI18n } from './i18n/i18n.ts';

// The language and its common messages load while React and the first page's code start.
void startI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Only production builds have a precache manifest; in development the worker would serve stale
// modules. The update prompt (rendered by the app shell) asks before a new version takes over.
if (import.meta.env.PROD) void registerServiceWorker();
