import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadRootSecret, loadServerSecrets, SECRET_FILE_NAME } from './secrets.ts';

describe('the root secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('without MAILROOM_SECRET it is generated once into DATA_DIR, readable by the owner only', () => {
    const dataDir = tempDir();
    const first = loadRootSecret({ mailroomSecret: null, dataDir });
    const file = path.join(dataDir, SECRET_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    // A restart reads the same secret, so tokens encrypted before stay readable.
    expect(loadRootSecret({ mailroomSecret: null, dataDir }).equals(first)).toBe(true);
    expect(loadServerSecrets({ mailroomSecret: null, dataDir }).tokenKey.equals(loadServerSecrets({ mailroomSecret: null, dataDir }).tokenKey)).toBe(true);
  });

  test('a secret file others can read is refused', () => {
    const dataDir = tempDir();
    loadRootSecret({ mailroomSecret: null, dataDir });
    fs.chmodSync(path.join(dataDir, SECRET_FILE_NAME), 0o644);
    expect(() => loadRootSecret({ mailroomSecret: null, dataDir })).toThrow(/chmod 600/);
  });

  test('MAILROOM_SECRET wins and writes nothing; each purpose gets its own key', () => {
    const dataDir = tempDir();
    const secrets = loadServerSecrets({ mailroomSecret: 'x'.repeat(40), dataDir });
    expect(fs.existsSync(path.join(dataDir, SECRET_FILE_NAME))).toBe(false);
    expect(secrets.tokenKey).toHaveLength(32);
    expect(secrets.tokenKey.toString('base64url')).not.toBe(secrets.idpClientSecret);
    expect(loadServerSecrets({ mailroomSecret: 'y'.repeat(40), dataDir }).tokenKey.equals(secrets.tokenKey)).toBe(false);
  });
});
