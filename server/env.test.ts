import { availableParallelism } from 'node:os';
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
      SEARCH_TIME_BUDGET_MS: 1000,
      REGISTER_POOL_SIZE: 2 * availableParallelism(),
      SIGNIN_LIMIT_PER_IP: 30,
      SIGNIN_LIMIT_PER_EMAIL: 10,
      SIGNUP_LIMIT_PER_IP: 10,
      SIGNUP_LIMIT_PER_EMAIL: 5,
      RECOVER_LIMIT_PER_IP: 20,
      RECOVER_LIMIT_PER_EMAIL: 5,
      VERIFY_LIMIT_PER_IP: 30,
      MESSAGE_LIMIT_PER_USER: 30,
      PUBLIC_API_RATE_LIMIT: 60,
      REVIEW_INVITATIONS_PER_DAY: 50,
      RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS: 365,
      RETENTION_DECISION_DOCUMENTS_DAYS: 2557,
      RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: 30,
      RETENTION_OUTBOX_DAYS: 30,
      CONTACT_LIMIT_PER_IP: 5,
      STREAMS_PER_ACCOUNT: 5,
      SELLER_NAME: 'Certifierad Klinik',
      INVOICE_DUE_DAYS: 30,
      SITE_URL: 'http://127.0.0.1:3000',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      TRUST_PROXY: false,
    });
  });

  it('trusts no proxy unless TRUST_PROXY lists them, in production too', () => {
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5' }).TRUST_PROXY).toEqual(['10.0.0.5']);
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1,2001:db8::/32 ' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '2001:db8::/32',
    ]);
    expect(loadEnv({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
  });

  it('reads the S3 settings', () => {
    const env = loadEnv({
      S3_ENDPOINT: 'https://s3.eu-north-1.amazonaws.com',
      S3_REGION: 'eu-north-1',
      S3_BUCKET: 'certifierad-klinik.files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/example+key',
    });
    expect(env).toMatchObject({
      S3_ENDPOINT: 'https://s3.eu-north-1.amazonaws.com',
      S3_REGION: 'eu-north-1',
      S3_BUCKET: 'certifierad-klinik.files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/example+key',
    });
    // Without keys the SDK's own credential chain applies.
    const withoutKeys = loadEnv({ S3_BUCKET: 'klinik-files' });
    expect(withoutKeys.S3_ACCESS_KEY_ID).toBeUndefined();
    expect(withoutKeys.S3_SECRET_ACCESS_KEY).toBeUndefined();
  });

  it('addresses buckets by path with an S3_ENDPOINT, by host on AWS, unless told', () => {
    expect(loadEnv({ S3_BUCKET: 'klinik-files' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadEnv({ S3_BUCKET: 'klinik-files', S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(
      loadEnv({ S3_BUCKET: 'klinik-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'off' })
        .S3_FORCE_PATH_STYLE,
    ).toBe(false);
    expect(loadEnv({ S3_BUCKET: 'klinik-files', S3_FORCE_PATH_STYLE: 'yes' }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('never repeats an S3 secret in its complaints', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    expect(() => loadEnv({ S3_BUCKET: 'klinik-files', S3_SECRET_ACCESS_KEY: secret })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadEnv({ S3_BUCKET: 'klinik-files', S3_SECRET_ACCESS_KEY: secret })).not.toThrow(secret);
    expect(() => loadEnv({ S3_BUCKET: 'klinik-files', S3_ENDPOINT: `ftp://key:${secret}@minio` })).toThrow(
      'S3_ENDPOINT',
    );
    expect(() => loadEnv({ S3_BUCKET: 'klinik-files', S3_ENDPOINT: `ftp://key:${secret}@minio` })).not.toThrow(secret);
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

  it('reads the retention periods in days (docs/decisions/036)', () => {
    expect(
      loadEnv({
        RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS: '180',
        RETENTION_DECISION_DOCUMENTS_DAYS: '3653',
        RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: '90',
        RETENTION_OUTBOX_DAYS: '7',
      }),
    ).toMatchObject({
      RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS: 180,
      RETENTION_DECISION_DOCUMENTS_DAYS: 3653,
      RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: 90,
      RETENTION_OUTBOX_DAYS: 7,
    });
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

  it('keeps demo data off in production, whatever the database, unless SEED_DEMO says otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: SECRET };
    expect(loadEnv(production).SEED_DEMO).toBe(false);
    expect(loadEnv({ ...production, DATABASE_URL: 'postgres://app@db.internal:5432/klinik' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ ...production, SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
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
    [{ SEARCH_TIME_BUDGET_MS: '0' }, 'SEARCH_TIME_BUDGET_MS'],
    [{ REGISTER_POOL_SIZE: '0' }, 'REGISTER_POOL_SIZE'],
    [{ SIGNUP_LIMIT_PER_IP: '0' }, 'SIGNUP_LIMIT_PER_IP'],
    [{ CONTACT_LIMIT_PER_IP: 'många' }, 'CONTACT_LIMIT_PER_IP'],
    [{ STREAMS_PER_ACCOUNT: '0' }, 'STREAMS_PER_ACCOUNT'],
    [{ RETENTION_OUTBOX_DAYS: '0' }, 'RETENTION_OUTBOX_DAYS'],
    [{ RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS: 'ett år' }, 'RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS'],
    [{ RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: '1.5' }, 'RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS'],
    [
      { RETENTION_DECISION_DOCUMENTS_DAYS: '30', RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: '60' },
      'RETENTION_DECISION_DOCUMENTS_DAYS must be at least RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SITE_URL: 'ftp://klinik.example' }, 'SITE_URL must be an http or https URL'],
    [{ SITE_URL: 'klinik.example' }, 'SITE_URL'],
    [{ S3_BUCKET: 'klinik-files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http or https URL'],
    [{ S3_BUCKET: 's3://klinik-files' }, 'S3_BUCKET must be a bucket name'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_example' },
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    ],
    [{ STRIPE_API_URL: 'stripe.example' }, 'STRIPE_API_URL must be an http or https URL'],
    [{ INVOICE_DUE_DAYS: '0' }, 'INVOICE_DUE_DAYS'],
    [{ S3_BUCKET: 'Klinik_Files' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'klinik-files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [
      { S3_BUCKET: 'klinik-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET is required when other S3_ settings are given'],
    [{ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET is required'],
    // Fastify 5.12 no longer trusts by hop count; `true` is what issue 27 found trusting every client.
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY takes the addresses or CIDR ranges of your proxies, not a number of hops'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.300' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY must not trust every address'],
    [{ TRUST_PROXY: '::/0' }, 'TRUST_PROXY must not trust every address'],
  ])('stops at a bad value: %o', (source, named) => {
    expect(() => loadEnv(source)).toThrow(/^Invalid environment settings:/);
    expect(() => loadEnv(source)).toThrow(named);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required when NODE_ENV=production');
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
  });
});
