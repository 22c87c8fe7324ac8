import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSessionCheck } from './features/auth';
import { registerServiceWorker } from './features/pwa';
import { startCapturingInstallPrompt } from './shared/browser/installPrompt';
import './index.css';

// Before React renders: the sign-in check is under way while the page's code loads, and the
// browser may offer installation right away.
startSessionCheck();
startCapturingInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The landing page arrives prerendered (build/prerender.ts): React takes over that HTML in place.
if (root.dataset.prerendered === window.location.pathname) hydrateRoot(root, app);
else createRoot(root).render(app);
