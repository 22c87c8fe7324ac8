import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './features/pwa';
import { startCapturingInstallPrompt } from './shared/browser/installPrompt';
import './index.css';

// Before React renders: the browser may offer installation right away.
startCapturingInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
