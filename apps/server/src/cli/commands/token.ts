import { parseArgs } from 'node:util';
import { upsertUserByEmail } from '../../auth/users.ts';
import { migrateToLatest, openConfiguredDatabase } from '../../db/database.ts';
import { createApiToken } from '../../features/api-tokens/index.ts';
import type { Command } from '../command.ts';
import { loadCliConfig } from '../config.ts';

const USAGE = 'usage: mailroom token create --email EMAIL [--name NAME]';

/**
 * `mailroom token create --email E [--name N]`: a personal API token for the user with this
 * email (created if they never signed in), printed once on stdout; only its hash is stored.
 */
export const token: Command = {
  usage: 'token create --email E [--name N]',
  summary: 'Create a personal API token (printed once)',
  async run(args) {
    const [sub, ...rest] = args;
    if (sub !== 'create') {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    let values: { email?: string; name?: string };
    try {
      ({ values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true }));
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const email = values.email?.trim();
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
      process.stderr.write(`--email must be an email address\n${USAGE}\n`);
      return 2;
    }
    const name = (values.name ?? 'CLI').trim();
    if (name.length === 0 || name.length > 100) {
      process.stderr.write('--name must be 1 to 100 characters\n');
      return 2;
    }

    const config = loadCliConfig();
    if (!config) return 2;
    const database = openConfiguredDatabase(config);
    try {
      await migrateToLatest(database, config.databaseSchema);
      const user = await upsertUserByEmail(database.db, { email, displayName: null });
      const created = await createApiToken(database.db, user.id, name);
      process.stdout.write(`${created.token}\n`);
      process.stderr.write(`Created API token "${created.name}" (${created.tokenId}) for ${user.email}. It is shown only this once.\n`);
      return 0;
    } finally {
      await database.close();
    }
  },
};
