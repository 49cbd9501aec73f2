// Starts the built server for the browser tests on a fresh data directory (DATA_DIR, set per
// port by playwright.config.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!process.env.DATA_DIR) throw new Error('DATA_DIR is not set (see e2e/e2e-env.ts)');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
// E2E_SERVER_ENTRY runs another build of the server (one engineer's, beside the shared dist).
await import(
  process.env.E2E_SERVER_ENTRY ?? path.join(here, '..', '..', 'server', 'dist', 'main.js')
);
