import { defineProject } from 'vitest/config';
// Database tests run on SQLite and PostgreSQL; keep files in separate processes.
export default defineProject({ test: { name: 'server', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } });
