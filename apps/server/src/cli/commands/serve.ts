import { loadCliConfig } from '../config.ts';
import { startServer } from '../../server.ts';
import type { Command } from '../command.ts';

export const serve: Command = {
  usage: 'serve',
  summary: 'Start Mailroom (configuration from environment variables)',
  async run() {
    const config = loadCliConfig();
    if (!config) return 2;
    const server = await startServer(config);
    server.app.log.info(`Mailroom is serving ${config.publicUrl} (database: ${server.database.engine})`);
    await new Promise<void>((resolve) => {
      const shutdown = (signal: string) => {
        server.app.log.info(`${signal} received, shutting down`);
        server.stop().then(resolve, resolve);
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    });
    return 0;
  },
};
