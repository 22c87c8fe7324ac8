import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'mail-query', environment: 'node', testTimeout: 60_000 } });
