import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A mailing list's unsubscribe server of the test's own, over HTTPS on 127.0.0.1 with a
 * self-signed certificate made for the run (openssl), recording every request (paths under
 * /redirect answer 302, under /fail 500, under /slow after 5 s, the rest 200). The SSRF-safe
 * client reaches it only through its test-only allowance (origin + CA).
 */
export interface ListServer {
  origin: string;
  ca: string;
  requests: Array<{ method: string; url: string; contentType: string | undefined; cookie: string | undefined; body: string }>;
  close(): Promise<void>;
}

export async function startListServer(): Promise<ListServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-list-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  const ca = fs.readFileSync(cert, 'utf8');
  const requests: ListServer['requests'] = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: ca }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], cookie: req.headers.cookie, body });
      if (req.url?.startsWith('/redirect')) res.writeHead(302, { location: 'https://127.0.0.1/internal' }).end();
      else if (req.url?.startsWith('/fail')) res.writeHead(500, { 'content-type': 'text/plain' }).end('Something went wrong.');
      else if (req.url?.startsWith('/slow')) setTimeout(() => res.writeHead(200).end('Too late.'), 5_000).unref();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('You are unsubscribed.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
}
