export { InstallBanner } from './components/InstallBanner';
export { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_SUPPRESS_MS, INSTALL_DISMISSED_AT_KEY } from './constants';
export { registerServiceWorker } from './registerServiceWorker';
