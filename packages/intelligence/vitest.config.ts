import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'intelligence', environment: 'node', testTimeout: 60_000 } });
