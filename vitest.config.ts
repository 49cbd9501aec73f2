import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
