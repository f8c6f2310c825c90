import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('are hashed with Argon2id (m=19 MiB, t=2, p=1) and a fresh salt each time', async () => {
    const first = await hashPassword('ett-bra-lösenord');
    const second = await hashPassword('ett-bra-lösenord');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it('verify against their hash only', async () => {
    const stored = await hashPassword('ett-bra-lösenord');
    expect(await verifyPassword(stored, 'ett-bra-lösenord')).toBe(true);
    expect(await verifyPassword(stored, 'Ett-bra-lösenord')).toBe(false);
  });

  it('fail without a hash or with a broken one, after the same work', async () => {
    expect(await verifyPassword(null, 'vad-som-helst')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'vad-som-helst')).toBe(false);
  });

  it('are generated with 144 random bits', () => {
    const generated = generatePassword();
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(generated);
  });
});
