import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Typing with user-event and loading lazy routes take seconds on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
