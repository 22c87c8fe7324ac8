import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project sets its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
