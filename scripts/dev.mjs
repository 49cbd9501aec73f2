// `npm run dev`: the API with reload on :8000 and Vite's dev server on :5173 (proxying /api).
// Reads ./.env when present; variables already in the environment win.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const fromFile = existsSync(path.join(root, '.env'))
  ? parseEnv(readFileSync(path.join(root, '.env'), 'utf8'))
  : {};
const env = {
  NODE_ENV: 'development',
  APP_URL: 'http://localhost:5173',
  ...fromFile,
  ...process.env,
};
// Workspace scripts run inside their package; keep the data at the repository root.
env.DATA_DIR = path.resolve(root, env.DATA_DIR || './data');

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env, cwd: root }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
}
