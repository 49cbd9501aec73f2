import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret that was not configured is generated once and kept in DATA_DIR/secrets with
 * owner-only permissions, so sessions survive a restart without any setup.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another instance created it first; then read theirs.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
