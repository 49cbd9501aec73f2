import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from './scratch-database';

const serverRoot = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startMain(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx command: that one is a second process relaying
  // signals, and on a busy machine it could pass SIGTERM on before the server had its handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses to start on a bad configuration, naming the variable', async () => {
    const { exited, output } = startMain({ PORT: 'eighty', DATABASE_URL: 'memory://' });
    expect(await exited).toBe(1);
    expect(output()).toContain('Invalid configuration');
    expect(output()).toContain('PORT: must be a port number (got "eighty")');
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-main-'));
    const port = await freePort();
    // A real server runs its due jobs and watch passes: on PostgreSQL, in a database of its own,
    // not in the one the other test files share.
    const database = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    const { child, exited, output } = startMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? 'memory://',
      // Required with a shared PostgreSQL database (CI's second run).
      JWT_SECRET: 'main-process-test-secret-long-enough-for-hs256',
      ENCRYPTION_KEY: 'main-process-test-encryption-key-long-enough',
    });
    try {
      // Starting takes a few seconds, and much longer while the rest of the suite loads the machine.
      let healthy = false;
      const giveUpAt = Date.now() + 60_000;
      while (!healthy && Date.now() < giveUpAt) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((response) => response.ok)
          .catch(() => false);
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Log lines are written asynchronously; those of the last moments still reach the output.
      expect(output()).toContain('"url":"/api/health"');
      expect(output()).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      await exited;
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
