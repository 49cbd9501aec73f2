import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated PGlite database for the run; each in-memory test database starts from it.
    globalSetup: ['./test/pglite-template-setup.ts'],
    setupFiles: ['./test/pglite-template.ts'],
    // PGlite and argon2 are CPU-bound and a busy 2-core machine slows them down a lot.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
