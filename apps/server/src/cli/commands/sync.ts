import { parseArgs } from 'node:util';
import { migrateToLatest, openConfiguredDatabase } from '../../db/database.ts';
import { buildApp } from '../../http/app.ts';
import { InProcessQueue } from '../../jobs/in-process.ts';
import { accountProviders } from '../../providers/accounts.ts';
import { SANDBOX_PREFIX } from '../../providers/mail-backend.ts';
import { syncAccount } from '../../sync/engine.ts';
import type { Command } from '../command.ts';
import { loadCliConfig } from '../config.ts';

const USAGE = 'usage: mailroom sync --email EMAIL [--json]';

/**
 * `mailroom sync --email E`: one sync of that user's mailbox now, printing what it did. In the
 * embedded default the Gmail sandbox lives inside the running server, so this command talks to
 * it over HTTP at PUBLIC_URL (start Mailroom first); with Google it talks to Gmail directly.
 */
export const sync: Command = {
  usage: 'sync --email E [--json]',
  summary: 'Sync one user’s mailbox now and print what changed',
  async run(args) {
    let values: { email?: string; json?: boolean };
    try {
      ({ values } = parseArgs({ args, options: { email: { type: 'string' }, json: { type: 'boolean' } }, strict: true }));
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const email = values.email?.trim().toLowerCase();
    if (!email) {
      process.stderr.write(`--email is required\n${USAGE}\n`);
      return 2;
    }
    let config = loadCliConfig();
    if (!config) return 2;
    const embedded = !config.google && !config.gmailApiRootUrl;
    if (embedded) config = { ...config, gmailApiRootUrl: `${config.publicUrl}${SANDBOX_PREFIX}/` };

    const database = openConfiguredDatabase(config);
    const jobs = new InProcessQueue();
    const app = await buildApp({ config, db: database.db, jobs, log: false });
    try {
      await migrateToLatest(database, config.databaseSchema);
      await app.ready();
      const account = await database.db
        .selectFrom('mail_accounts')
        .innerJoin('users', 'users.id', 'mail_accounts.user_id')
        .select(['mail_accounts.id', 'mail_accounts.email'])
        .where((eb) => eb.or([eb('users.email', '=', email), eb('mail_accounts.email', '=', email)]))
        .executeTakeFirst();
      if (!account) {
        process.stderr.write(`No connected mailbox for ${email}: sign in and connect Gmail first.\n`);
        return 1;
      }
      const rootUrl = config.gmailApiRootUrl;
      const providers = accountProviders({ db: database.db, tokenKey: app.mailroomAuth.secrets.tokenKey, oauth: app.mailroomAuth.oauth, rootUrl: () => rootUrl, log: app.log });
      const provider = await providers(account.id);
      if (!provider) {
        process.stderr.write(`${account.email} is disconnected: connect Gmail again from /get-started.\n`);
        return 1;
      }
      let report;
      try {
        report = await syncAccount(database.db, account.id, provider);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const hint = embedded && /ECONNREFUSED|fetch failed/i.test(reason) ? ` (is Mailroom running at ${config.publicUrl}? run npm start first)` : '';
        process.stderr.write(`Sync of ${account.email} failed: ${reason}${hint}\n`);
        return 1;
      }
      if (values.json) {
        process.stdout.write(`${JSON.stringify({ email: account.email, ...report })}\n`);
      } else {
        process.stdout.write(
          `${account.email}: ${report.mode} sync${report.recoveredFromExpiredHistory ? ' (history expired, reconciled)' : ''}\n` +
            `added ${report.added}, relabelled ${report.updated}, deleted ${report.deleted}\n` +
            `sync cursor ${report.cursor}\n` +
            // One message that cannot be read never stops the sync; each is named here.
            report.skipped.map((skip) => `skipped message ${skip.id}: ${skip.reason} (recorded; retried by the next syncs)\n`).join(''),
        );
      }
      return 0;
    } finally {
      await app.close();
      await jobs.stop();
      await database.close();
    }
  },
};
