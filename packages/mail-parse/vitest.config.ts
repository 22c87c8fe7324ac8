import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'mail-parse', environment: 'node', testTimeout: 60_000 } });
