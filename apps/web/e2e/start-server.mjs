// Starts the built server for the browser tests on a fresh data directory.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
rmSync(path.join(here, '.artifacts', 'data'), { recursive: true, force: true });
await import(path.join(here, '..', '..', 'server', 'dist', 'main.js'));
