export { loadConfig, type Config } from './config.ts';
export { startServer, type RunningServer } from './server.ts';
export { buildApp } from './http/app.ts';
