import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.ts';

describe('resolveJwtSecret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ck-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes JWT_SECRET when set, and writes nothing', () => {
    const dir = dataDir();
    expect(resolveJwtSecret({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir })).toBe('x'.repeat(32));
    expect(() => statSync(path.join(dir, JWT_SECRET_FILE))).toThrow();
  });

  it('otherwise generates one into DATA_DIR once, readable by the owner only, and keeps it', () => {
    const dir = dataDir();
    const first = resolveJwtSecret({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(statSync(path.join(dir, JWT_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ DATA_DIR: dir })).toBe(first);
    expect(readFileSync(path.join(dir, JWT_SECRET_FILE), 'utf8').trim()).toBe(first);
  });

  it('differs between installations', () => {
    expect(resolveJwtSecret({ DATA_DIR: dataDir() })).not.toBe(resolveJwtSecret({ DATA_DIR: dataDir() }));
  });

  it('refuses a file too short to be a secret', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, JWT_SECRET_FILE), 'short\n');
    expect(() => resolveJwtSecret({ DATA_DIR: dir })).toThrow(/no usable secret/);
  });
});
