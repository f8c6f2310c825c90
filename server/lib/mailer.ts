import { randomUUID } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
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

/** DATA_DIR/outbox: one .eml file per message when there is no SMTP_URL. */
const outboxFolder = (dataDir: string) => path.resolve(dataDir, OUTBOX_FOLDER);

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Removes the outbox's messages written before `before` and says how many (issue 26: the outbox is kept
 * for a time, as a mail server's log would be). No outbox, nothing to do. Another process removing the
 * same file at the same moment is no error; only this call's removals are counted.
 */
export async function removeOutboxMessagesBefore(dataDir: string, before: Date): Promise<number> {
  const folder = outboxFolder(dataDir);
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.eml')) continue;
    const file = path.join(folder, entry.name);
    try {
      if ((await stat(file)).mtime >= before) continue;
      await unlink(file);
      removed += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

export interface MailerOptions {
  /** SMTP_URL; without it messages go to the outbox folder. */
  smtpUrl?: string | undefined;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** ARCHITECTURE "email": nodemailer over SMTP_URL, otherwise one .eml file per message in DATA_DIR/outbox. */
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
  const outbox = outboxFolder(dataDir);
  // nodemailer builds the file as SMTP would carry the message (headers encoded, the body
  // quoted-printable), so the outbox shows what a mail server would get; tests read it with a MIME parser.
  const toFile = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const { message: rfc822 } = await toFile.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = `${new Date().toISOString()}-${randomUUID()}.eml`;
      await writeFile(path.join(outbox, file), rfc822, { mode: 0o600 });
      log.info({ file }, 'email written to outbox');
    },
  };
}

/** MAIL_FROM, or no-reply at SITE_URL's host. */
export function defaultSender(siteUrl: string): string {
  return `Certifierad Klinik <no-reply@${new URL(siteUrl).hostname.replace(/^\[|\]$/g, '')}>`;
}
