import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default in a run is one worker fewer than the cores: a single worker on a 2-core
    // CI machine, which left a core idle. The files are independent; use every core.
    maxWorkers: '100%',
  },
});
