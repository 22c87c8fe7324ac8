import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project sets its own environment.
// `npm test` runs `vitest run --maxWorkers=100%`: test files on every core, where vitest's
// default leaves one idle (one file at a time on a 2-core CI machine). Much of a file's time is
// waiting on PostgreSQL, child processes (the speech recogniser, servers in the shutdown tests)
// and timers, and every file has its own temp SQLite file or PostgreSQL schema. On 2 cores:
// 12.2 -> 6.2 min. It is a command-line flag because a root config's maxWorkers does not reach
// the projects below (each resolves its own, and all must agree).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
