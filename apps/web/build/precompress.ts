import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts in the build are already compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the encoding header costs (the server then sends the original). */
export const MIN_COMPRESS_BYTES = 1024;

export interface PrecompressResult {
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file
 * of at least MIN_COMPRESS_BYTES under `dir`, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request.
 */
export function precompressDirectory(dir: string): PrecompressResult[] {
  const results: PrecompressResult[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_COMPRESS_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = zlib.gzipSync(content, { level: 9 });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzip);
    results.push({ file: path.relative(dir, file), bytes: content.length, brotli: brotli.length, gzip: gzip.length });
  }
  return results;
}

/** Vite plugin: pre-compresses the finished build (`npm run build`). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mailroom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after every other plugin has written its files (the prerendered landing page among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
