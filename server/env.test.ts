import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const SECRET = 'x'.repeat(32);

describe('loadEnv', () => {
  it('gives the defaults of ARCHITECTURE "Runtime conventions"', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@example.com',
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      REGISTER_CACHE_SECONDS: 5,
      SITE_URL: 'http://127.0.0.1:3000',
    });
  });

  it('builds SITE_URL from HOST and PORT unless given, without a trailing slash', () => {
    expect(loadEnv({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://0.0.0.0:8080');
    expect(loadEnv({ HOST: '::1' }).SITE_URL).toBe('http://[::1]:3000');
    expect(loadEnv({ SITE_URL: 'https://klinik.example/' }).SITE_URL).toBe('https://klinik.example');
    expect(loadEnv({ SITE_URL: 'https://klinik.example/app/' }).SITE_URL).toBe('https://klinik.example/app');
  });

  it('treats blank values as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', JWT_SECRET: '', SEED_DEMO: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
  });

  it('turns the register page cache off with 0', () => {
    expect(loadEnv({ REGISTER_CACHE_SECONDS: '0' }).REGISTER_CACHE_SECONDS).toBe(0);
    expect(loadEnv({ REGISTER_CACHE_SECONDS: '30' }).REGISTER_CACHE_SECONDS).toBe(30);
  });

  it('reads numbers and trims and lower-cases the admin address', () => {
    const env = loadEnv({ PORT: '8080', ADMIN_EMAIL: ' Admin@Klinik.EXAMPLE ' });
    expect(env.PORT).toBe(8080);
    expect(env.ADMIN_EMAIL).toBe('admin@klinik.example');
  });

  it('seeds demo data on the embedded database only, unless asked', () => {
    const url = 'postgres://app@db.internal:5432/klinik';
    expect(loadEnv({ DATABASE_URL: url }).SEED_DEMO).toBe(false);
    expect(loadEnv({ DATABASE_URL: url, SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ SEED_DEMO: 'off' }).SEED_DEMO).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REGISTER_CACHE_SECONDS: '-1' }, 'REGISTER_CACHE_SECONDS'],
    [{ REGISTER_CACHE_SECONDS: '1.5' }, 'REGISTER_CACHE_SECONDS'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SITE_URL: 'ftp://klinik.example' }, 'SITE_URL must be an http or https URL'],
    [{ SITE_URL: 'klinik.example' }, 'SITE_URL'],
  ])('stops at a bad value: %o', (source, named) => {
    expect(() => loadEnv(source)).toThrow(/^Invalid environment settings:/);
    expect(() => loadEnv(source)).toThrow(named);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required when NODE_ENV=production');
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
  });
});
