import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite and argon2 are CPU-bound; two cores run two files at a time comfortably.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
