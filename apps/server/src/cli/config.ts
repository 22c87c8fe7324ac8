import { ConfigError, loadConfig, type Config } from '../config.ts';

/**
 * The configuration for a CLI command, or null after printing what is wrong with it (one list,
 * as at server start-up); the command then exits 2.
 */
export function loadCliConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}
