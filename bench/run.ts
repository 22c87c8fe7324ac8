// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) in turn.
// Each exports a default `async () => void` that prints its figures as plain lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

if (files.length === 0) {
  console.error(`no benchmarks match ${wanted.join(' ') || '*.bench.ts'}`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file.replace(/\.bench\.ts$/, '')} ==`);
  const started = performance.now();
  try {
    const module = (await import(path.join(here, file))) as { default: () => Promise<void> };
    await module.default();
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.error(`${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
