import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, defaultSender, toRfc822 } from './mailer.ts';

const message = {
  to: 'åsa@test.example',
  subject: 'Återställ ditt lösenord',
  text: 'Hej!\n\nhttps://klinik.example/reset-password?token_hash=abc_DEF-123&type=recovery\n',
};

describe('toRfc822', () => {
  it('writes headers, a blank line and the body with the link intact on one line', () => {
    const text = toRfc822('Certifierad Klinik <no-reply@klinik.example>', message, new Date('2026-11-22T10:00:00Z'));
    const split = text.indexOf('\r\n\r\n');
    const head = text.slice(0, split);
    const body = text.slice(split + 4);
    expect(head).toContain('From: Certifierad Klinik <no-reply@klinik.example>');
    expect(head).toContain('To: åsa@test.example');
    expect(head).toContain('Subject: Återställ ditt lösenord');
    expect(head).toContain('Date: Sun, 22 Nov 2026 10:00:00 GMT');
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    expect(body).toBe('Hej!\r\n\r\nhttps://klinik.example/reset-password?token_hash=abc_DEF-123&type=recovery\r\n');
  });

  it('cannot be given extra headers through a field', () => {
    const text = toRfc822('a@b.se', { ...message, subject: 'Hej\r\nBcc: evil@example.com' });
    expect(text).not.toMatch(/^Bcc:/m);
  });
});

describe('createMailer without SMTP_URL', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message to DATA_DIR/outbox/<ISO time>-<uuid>.eml and logs the file, never the link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-mail-'));
    dirs.push(dataDir);
    const info = vi.fn();
    const log = { info } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ dataDir, from: defaultSender('https://klinik.example'), log });
    await mailer.send(message);
    await mailer.send(message);

    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.eml$/,
      );
      expect(readFileSync(path.join(dataDir, 'outbox', file), 'utf8')).toContain(
        'From: Certifierad Klinik <no-reply@klinik.example>',
      );
    }
    expect(info).toHaveBeenCalledTimes(2);
    expect(info).toHaveBeenCalledWith({ file: files[0] }, 'email written to outbox');
    expect(JSON.stringify(info.mock.calls)).not.toContain('token_hash');
    expect(JSON.stringify(info.mock.calls)).not.toContain(message.to);
  });
});

describe('defaultSender', () => {
  it('is no-reply at the host of SITE_URL', () => {
    expect(defaultSender('https://www.klinik.example/app')).toBe('Certifierad Klinik <no-reply@www.klinik.example>');
  });
});
