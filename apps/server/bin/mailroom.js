#!/usr/bin/env node
// The mailroom CLI runs the TypeScript sources directly. Node >= 22.18 strips types by default;
// 22.12-22.17 need --experimental-strip-types, so re-run with it there.
import { spawnSync } from 'node:child_process';

if (!process.features.typescript) {
  const result = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
