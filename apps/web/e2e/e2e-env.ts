import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the server under test keeps its data, so tests can read the mail it "sends". */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8010);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
// One directory per port, so runs on different ports (PGlite and PostgreSQL) can go side by side.
export const E2E_DATA_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '.artifacts',
  `data-${E2E_PORT}`,
);
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'outbox');
