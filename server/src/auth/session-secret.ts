import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const FILE = 'session-secret';
const MIN_LENGTH = 32;

/**
 * The service-token HMAC key: env SESSION_SECRET when set; for the embedded database a key
 * generated on first start and kept in the data folder (git-ignored), so sessions survive
 * restarts. With PostgreSQL the env var is required (several processes must share one key).
 */
export async function loadSessionSecret(options: {
  envSecret: string | undefined;
  dataDir: string | null;
}): Promise<string> {
  if (options.envSecret !== undefined && options.envSecret !== '') {
    if (options.envSecret.length < MIN_LENGTH) {
      throw new Error(`SESSION_SECRET must be at least ${MIN_LENGTH} characters`);
    }
    return options.envSecret;
  }
  if (options.dataDir === null) {
    throw new Error('SESSION_SECRET is required when DATABASE_URL is set');
  }
  const file = path.join(options.dataDir, FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= MIN_LENGTH) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
