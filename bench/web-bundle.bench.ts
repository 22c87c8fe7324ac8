// Production web bundle: the JavaScript a first visit downloads before any page renders (the
// entry script and the chunks it imports statically), gzipped, against the 200 KB target of
// issue 6. Route pages are separate chunks loaded on navigation and are reported apart.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');
const INITIAL_JS_TARGET_BYTES = 200 * 1024;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Relative static imports (`import ... from "./x.js"`, `import "./x.js"`); dynamic import() is not followed. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(path.join(path.dirname(file), match[1] as string));
  }
  return [...found];
}

export default async function run(): Promise<void> {
  // Measure the code as it is now, not a stale dist/.
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: WEB,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);

  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map((m) =>
    path.join(DIST, m[1] as string),
  );
  const initial = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (initial.has(file)) continue;
    initial.add(file);
    queue.push(...staticImports(file));
  }

  const assets = path.join(DIST, 'assets');
  const allJs = fs.readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => path.join(assets, f));
  const lazy = allJs.filter((f) => !initial.has(f));
  const initialBytes = [...initial].reduce((sum, f) => sum + gzipSize(f), 0);
  const lazyBytes = lazy.map((f) => ({ file: path.basename(f), bytes: gzipSize(f) })).sort((a, b) => b.bytes - a.bytes);
  const css = fs.readdirSync(assets).filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0);

  console.log(`initial JavaScript (gzip -9): ${kb(initialBytes)} in ${initial.size} files; target < ${kb(INITIAL_JS_TARGET_BYTES)}: ${initialBytes < INITIAL_JS_TARGET_BYTES ? 'met' : 'NOT MET'}`);
  console.log(`code-split chunks loaded on navigation: ${lazy.length}, ${kb(lazyBytes.reduce((s, c) => s + c.bytes, 0))} in all`);
  const largest = lazyBytes[0];
  if (largest) console.log(`largest code-split chunk: ${largest.file} ${kb(largest.bytes)}`);
  console.log(`CSS (gzip -9): ${kb(css)}`);
  if (initialBytes >= INITIAL_JS_TARGET_BYTES) throw new Error(`initial JavaScript ${kb(initialBytes)} is over the ${kb(INITIAL_JS_TARGET_BYTES)} target`);
}
