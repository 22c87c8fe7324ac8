import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project sets its own environment.
// `npm test` runs `vitest run --maxWorkers=4`: four test files at once, where vitest's default
// leaves one of CI's two cores idle (one file at a time). Much of a file's time is waiting on
// PostgreSQL, child processes (the speech recogniser, servers in the shutdown tests) and timers,
// and every file has its own temp SQLite file or PostgreSQL schema. On 2 cores: one file at a
// time 12.2 min, two 7.2 min, four 5.6 min (the cores busy 1.9 of 2 against 1.4); and four
// under a CPU quota of 1.2 cores, like a slow CI machine, 9.3 min, where only the parser's
// every-phrase test ran out of its 3 minutes (it takes a quarter of the time since the parser
// keeps its substitution costs; with both, 5.0 min on 2 cores). A fixed
// four, not a share of the cores, keeps a large machine's PostgreSQL connections in bounds. It
// is a command-line flag because a root config's maxWorkers does not reach the projects below
// (each resolves its own, and all must agree).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
