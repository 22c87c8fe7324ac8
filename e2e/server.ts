import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TestServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Stops the server; `keepData` leaves the data directory for the spec to inspect (a later stop() removes it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestServerOptions {
  /** Fills the fresh data directory before the server starts (e.g. a prepared sandbox mailbox). */
  prepare?: (dataDir: string) => Promise<void>;
}

/**
 * Starts `mailroom serve` (the same entry point as `npm start`) on a free port with a fresh data
 * directory, and waits until /readyz answers. The web app must already be built (npm test does).
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  // WEB_DIST_DIR (the server's own setting) lets each engineer build into and test their own copy.
  const distDir = env.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} is missing: run \`npm run build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-e2e-'));
  await options.prepare?.(dataDir);
  const url = `http://localhost:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/bin/mailroom.js'), 'serve'], {
    cwd: ROOT,
    // No live delivery in the demo mailbox unless a spec asks for it: mail arriving mid-test would move counts and rows.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX_LIVE_DELIVERY_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    output: () => log,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The embedded Gmail sandbox's file in a server's data directory. */
export const SANDBOX_FILE = 'gmail-sandbox.sqlite';

export interface DemoMailbox {
  /** The account the mailbox belongs to (the demo user's). */
  email: string;
  /** How many messages of the SpamAssassin corpus to seed (a sample keeps the first sync to seconds). */
  corpusSample: number;
  /** An mbox of the spec's own mail, imported after the sample. */
  mbox?: string;
  /** Corpus time held back for live delivery (set SANDBOX_LIVE_DELIVERY_SECONDS too); none by default. */
  holdBackMs?: number;
}

/** One message of a spec's own mail. */
export interface MboxEntry {
  from: string;
  to: string;
  subject: string;
  /** Without the angle brackets. */
  messageId: string;
  /** Its Date header: this many minutes before now (the sandbox dates imported mail by it). */
  minutesAgo: number;
  /** Gmail's labels as Takeout writes them, e.g. "Inbox,Unread". */
  labels: string;
  /** More header lines (List-Id, Precedence...). */
  headers?: readonly string[];
  body: string;
}

/** A Takeout mbox of the spec's own mail, for `startDemoServer`'s `mbox`. */
export function mboxOf(entries: readonly MboxEntry[]): string {
  return entries
    .map((e) =>
      [
        'From sender@example.org Sat Nov 21 06:00:00 2026',
        `From: ${e.from}`,
        `To: ${e.to}`,
        `Subject: ${e.subject}`,
        `Message-ID: <${e.messageId}>`,
        `Date: ${new Date(Date.now() - e.minutesAgo * 60_000).toUTCString()}`,
        ...(e.headers ?? []),
        `X-Gmail-Labels: ${e.labels}`,
        '',
        e.body,
        '',
      ].join('\n'),
    )
    .join('\n');
}

/** Starts the server on a fresh sandbox mailbox: a corpus sample for the demo account and the spec's own mail. */
export async function startDemoServer(mailbox: DemoMailbox, env: Record<string, string> = {}): Promise<TestServer> {
  const { createSandbox } = await import('@mailroom/gmail-sandbox');
  return startTestServer(env, {
    prepare: async (dataDir) => {
      const sandbox = createSandbox({ dataFile: path.join(dataDir, SANDBOX_FILE), tokens: {} });
      try {
        await sandbox.seedFromCorpus({ email: mailbox.email, limit: mailbox.corpusSample, ...(mailbox.holdBackMs ? { holdBackMs: mailbox.holdBackMs } : {}) });
        if (mailbox.mbox !== undefined) await sandbox.importMbox(mailbox.mbox, mailbox.email);
      } finally {
        await sandbox.close();
      }
    },
  });
}
