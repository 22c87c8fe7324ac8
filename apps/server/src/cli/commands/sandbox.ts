import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox, DEFAULT_DEMO_EMAIL, SCOPES } from '@mailroom/gmail-sandbox';
import type { Command } from '../command.ts';

/** Where the sandbox keeps its mailboxes unless --data says otherwise: beside Mailroom's own data. */
function defaultDataFile(): string {
  return path.resolve(process.env['DATA_DIR'] || './data', 'gmail-sandbox.sqlite');
}

const SERVE_USAGE =
  'mailroom sandbox serve [--port P] [--host H] [--quota UNITS_PER_MINUTE] [--fault-rate X] [--latency-ms MS] [--seed N] [--max-concurrent N] [--data FILE | --memory] [--email E] [--token T] [--no-corpus] [--push-url URL --push-token T]';
const IMPORT_USAGE = 'mailroom sandbox import --mbox FILE --email E [--data FILE]';

async function serveSandbox(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      quota: { type: 'string' },
      'fault-rate': { type: 'string' },
      'latency-ms': { type: 'string' },
      seed: { type: 'string', default: '1' },
      'max-concurrent': { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      email: { type: 'string', default: DEFAULT_DEMO_EMAIL },
      token: { type: 'string' },
      'no-corpus': { type: 'boolean', default: false },
      'push-url': { type: 'string' },
      'push-token': { type: 'string' },
    },
    strict: true,
  });
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number\n${SERVE_USAGE}`);
    return n;
  };
  const email = values.email.toLowerCase();
  const token = values.token ?? randomBytes(24).toString('base64url');
  const latencyMs = number('latency-ms', values['latency-ms']);
  const sandbox = createSandbox({
    dataFile: values.memory ? null : (values.data ?? defaultDataFile()),
    demoEmail: email,
    quotaUnitsPerMinute: number('quota', values.quota) ?? null,
    maxConcurrentPerUser: number('max-concurrent', values['max-concurrent']) ?? null,
    faults: {
      errorRate: number('fault-rate', values['fault-rate']) ?? 0,
      ...(latencyMs ? { latencyMs, latencyRate: 1 } : {}),
      seed: number('seed', values.seed) ?? 1,
    },
    tokens: { [token]: { email, scopes: [SCOPES.modify] } },
    push: values['push-url'] ? { endpoint: values['push-url'], ...(values['push-token'] ? { token: values['push-token'] } : {}) } : null,
  });
  if (!values['no-corpus']) {
    const report = await sandbox.seedFromCorpus();
    if (!report.skipped) process.stdout.write(`seeded ${report.seeded} messages (${report.spam} spam, ${report.threads} threads) from the SpamAssassin public corpus\n`);
  }
  const rootUrl = await sandbox.listen(number('port', values.port), values.host);
  const mailbox = sandbox.store.mailbox(email);
  process.stdout.write(`${JSON.stringify({ rootUrl, email, token, messages: mailbox.messages.size, historyId: String(mailbox.historyId) })}\n`);
  await new Promise<void>((resolve) => {
    const shutdown = () => void sandbox.close().then(resolve, resolve);
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  });
  return 0;
}

async function importIntoSandbox(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { mbox: { type: 'string' }, email: { type: 'string' }, data: { type: 'string' } },
    strict: true,
  });
  if (!values.mbox || !values.email) throw new Error(`--mbox and --email are required\n${IMPORT_USAGE}`);
  const mbox = await fs.readFile(values.mbox);
  const sandbox = createSandbox({ dataFile: values.data ?? defaultDataFile() });
  try {
    const report = await sandbox.importMbox(mbox, values.email);
    // A message the parser cannot read is skipped, never the whole import: each is named here.
    for (const skip of report.skipped) {
      process.stderr.write(`skipped message ${skip.position}${skip.messageId ? ` <${skip.messageId}>` : ' (no Message-ID)'}: ${skip.reason}\n`);
    }
    process.stdout.write(`${JSON.stringify({ email: values.email.toLowerCase(), ...report })}\n`);
  } finally {
    await sandbox.close();
  }
  return 0;
}

/** `mailroom sandbox serve|import`: the Gmail-API-compatible sandbox, standalone (issue 4 §1). */
export const sandbox: Command = {
  usage: 'sandbox serve|import [options]',
  summary: 'Run the Gmail sandbox standalone, or import an mbox (Google Takeout) into it',
  async run(args) {
    const [sub, ...rest] = args;
    if (sub === 'serve') return serveSandbox(rest);
    if (sub === 'import') return importIntoSandbox(rest);
    process.stderr.write(`Usage:\n  ${SERVE_USAGE}\n  ${IMPORT_USAGE}\n`);
    return 1;
  },
};
