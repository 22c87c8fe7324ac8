import { loadCliConfig } from '../config.ts';
import { SHUTDOWN_DEADLINE_MS, startServer } from '../../server.ts';
import type { Command } from '../command.ts';

export const serve: Command = {
  usage: 'serve',
  summary: 'Start Mailroom (configuration from environment variables)',
  async run() {
    const config = loadCliConfig();
    if (!config) return 2;
    const server = await startServer(config);
    server.app.log.info(`Mailroom is serving ${config.publicUrl} (database: ${server.database.engine})`);
    const code = await new Promise<number>((resolve) => {
      let signalled = false;
      const shutdown = (signal: string) => {
        if (signalled) {
          // A second signal: the operator does not want to wait.
          server.app.log.warn(`${signal} received again, exiting now`);
          process.exit(1);
        }
        signalled = true;
        server.app.log.info(`${signal} received, shutting down (at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`);
        const deadline = setTimeout(() => {
          server.app.log.error('shutdown did not finish in time; exiting');
          process.exit(1);
        }, SHUTDOWN_DEADLINE_MS);
        deadline.unref();
        server.stop().then(
          () => resolve(0),
          (error: unknown) => {
            server.app.log.error({ err: error }, 'shutdown failed');
            resolve(1);
          },
        );
      };
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
    });
    server.app.log.info('stopped');
    // Work abandoned at the deadline (a job waiting on Gmail, keep-alive sockets) must not keep
    // the process alive: it resumes from its checkpoint at the next start.
    process.exit(code);
  },
};
