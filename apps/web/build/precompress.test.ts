import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressDirectory } from './precompress';

describe('pre-compressing the build', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decompress to the original, and smaller', () => {
    const script = 'export const greeting = "hello";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Mailroom</p>'.repeat(100)}`);

    const results = precompressDirectory(dir);

    expect(results.map((r) => r.file).sort()).toEqual(['assets/index-abc.js', 'index.html']);
    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(script.length / 10);
  });

  it('leaves small files and already-compressed formats alone', () => {
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x'.repeat(MIN_COMPRESS_BYTES - 1));
    fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096));

    expect(precompressDirectory(dir)).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(['assets', 'icon.png', 'tiny.js']);
  });
});
