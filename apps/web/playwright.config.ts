import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './e2e/e2e-env';

/**
 * Browser tests: Debian's Chromium against the built app served by the real server, on PGlite
 * by default or on PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set (CI does both).
 */
export default defineConfig({
  testDir: './e2e',
  // Per port, like the data directory: runs on different ports go side by side.
  outputDir: `./e2e/.artifacts/results-${E2E_PORT}`,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two browsers for two cores; E2E_WORKERS tries another count on another machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // Every test records a trace that is kept only when it fails; the DOM snapshots are what a
    // failure is read with. The screencast (a JPEG per painted frame, in every passing test too)
    // cost CPU on a 2-core machine for no reader; the failure screenshot below remains.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      // Many accounts sign in from one address in a few seconds here.
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      // A shared PostgreSQL database needs its keys configured (apps/server/src/config/env.ts).
      ...(process.env.DATABASE_URL
        ? {
            DATABASE_URL: process.env.DATABASE_URL,
            JWT_SECRET: 'e2e-jwt-secret-that-is-long-enough-for-hs256',
            ENCRYPTION_KEY: 'e2e-encryption-key-that-is-long-enough-for-hkdf',
          }
        : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
  },
});
