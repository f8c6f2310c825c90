import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { readOutbox } from '../testing/outbox.ts';
import { createMailer, defaultSender } from './mailer.ts';

const message = {
  to: 'åsa@test.example',
  subject: 'Återställ ditt lösenord',
  text: 'Hej!\n\nhttps://klinik.example/reset-password?token_hash=abc_DEF-123&type=recovery\n',
};

describe('createMailer without SMTP_URL', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const outboxMailer = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-mail-'));
    dirs.push(dataDir);
    const info = vi.fn();
    const log = { info } as unknown as FastifyBaseLogger;
    return { dataDir, info, mailer: createMailer({ dataDir, from: defaultSender('https://klinik.example'), log }) };
  };

  it('writes each message to DATA_DIR/outbox/<ISO time>-<uuid>.eml and logs the file, never the link', async () => {
    const { dataDir, info, mailer } = outboxMailer();
    await mailer.send(message);
    await mailer.send(message);

    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.eml$/,
      );
    }
    expect(info).toHaveBeenCalledTimes(2);
    expect(info).toHaveBeenCalledWith({ file: files[0] }, 'email written to outbox');
    expect(JSON.stringify(info.mock.calls)).not.toContain('token_hash');
    expect(JSON.stringify(info.mock.calls)).not.toContain(message.to);
  });

  it('writes the message as a mail client reads it: sender, recipient, Swedish subject and body, the link whole', async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.send({ ...message, replyTo: 'greta@example.com' });
    const [email] = await readOutbox(dataDir);
    expect(email?.raw).toMatch(/^From: Certifierad Klinik <no-reply@klinik\.example>\r$/m);
    expect(email?.raw).toMatch(/^Date: /m);
    expect(email?.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(email).toMatchObject({
      to: message.to,
      replyTo: 'greta@example.com',
      subject: message.subject,
      link: 'https://klinik.example/reset-password?token_hash=abc_DEF-123&type=recovery',
      token: 'abc_DEF-123',
    });
    expect(email?.text.replaceAll('\r\n', '\n')).toBe(message.text);
  });

  it('cannot be given extra headers through a field', async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.send({ ...message, subject: 'Hej\r\nBcc: evil@example.com' });
    const [email] = await readOutbox(dataDir);
    expect(email?.raw).not.toMatch(/^Bcc:/im);
  });
});

describe('defaultSender', () => {
  it('is no-reply at the host of SITE_URL', () => {
    expect(defaultSender('https://www.klinik.example/app')).toBe('Certifierad Klinik <no-reply@www.klinik.example>');
  });
});
