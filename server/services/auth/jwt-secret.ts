import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The signing secret of ARCHITECTURE "Runtime conventions": JWT_SECRET when set (required in
 * production, where several app processes must agree), otherwise one generated on first start and
 * kept in DATA_DIR, so sessions survive a restart.
 */
export function resolveJwtSecret({
  JWT_SECRET,
  DATA_DIR,
}: {
  JWT_SECRET?: string | undefined;
  DATA_DIR: string;
}): string {
  if (JWT_SECRET) return JWT_SECRET;
  const file = path.resolve(DATA_DIR, JWT_SECRET_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting at once keep the first one's secret.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds no usable secret (fewer than 32 characters): remove it to generate a new one`);
  return secret;
}
