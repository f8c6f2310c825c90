import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; may hold a secret link, so it is never logged. */
  text: string;
  /** Where answers go when not to the sender (the contact form's copy: the person who wrote). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const OUTBOX_FOLDER = 'outbox';

export interface MailerOptions {
  /** SMTP_URL; without it messages go to the outbox folder. */
  smtpUrl?: string | undefined;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** ARCHITECTURE "email": nodemailer over SMTP_URL, otherwise one file per message in DATA_DIR/outbox. */
export function createMailer({ smtpUrl, dataDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        // Neither the recipient nor the body: both may identify a person or carry a token.
        log.info({ messageId: info.messageId }, 'email sent');
      },
    };
  }
  const outbox = path.resolve(dataDir, OUTBOX_FOLDER);
  return {
    async send(message) {
      await mkdir(outbox, { recursive: true });
      const file = `${new Date().toISOString()}-${randomUUID()}.eml`;
      await writeFile(path.join(outbox, file), toRfc822(from, message), { mode: 0o600 });
      log.info({ file }, 'email written to outbox');
    },
  };
}

/**
 * The message as an RFC 5322 file: headers, a blank line and the UTF-8 body in 8bit (RFC 6532), so
 * the link stays on one line, readable and copyable (quoted-printable would break it with `=3D`).
 */
export function toRfc822(from: string, message: MailMessage, date = new Date()): string {
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(message.to)}`,
    `Subject: ${oneLine(message.subject)}`,
    ...(message.replyTo ? [`Reply-To: ${oneLine(message.replyTo)}`] : []),
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@certifieradklinik.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${message.text.replace(/\r?\n/g, '\r\n')}`;
}

/** MAIL_FROM, or no-reply at SITE_URL's host. */
export function defaultSender(siteUrl: string): string {
  return `Certifierad Klinik <no-reply@${new URL(siteUrl).hostname.replace(/^\[|\]$/g, '')}>`;
}
