import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { OUTBOX_FOLDER } from '../lib/mailer.ts';

export interface OutboxEmail {
  /** `<ISO time>-<uuid>.eml` in DATA_DIR/outbox. */
  file: string;
  /** The file as written: the message as SMTP would carry it (encoded headers, quoted-printable body). */
  raw: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  /** The body decoded. */
  text: string;
  /** The first link alone on a line of the body (a reset, confirmation or conversation link), if any. */
  link: string | undefined;
  /** Its token_hash parameter. */
  token: string | undefined;
}

/**
 * The emails an app without SMTP_URL wrote to `dataDir`/outbox (server/lib/mailer.ts), oldest first,
 * decoded by a MIME parser (postal-mime) as a mail client would read them. Used by the integration
 * tests and by the end-to-end fixtures.
 */
export async function readOutbox(dataDir: string): Promise<OutboxEmail[]> {
  const folder = path.join(dataDir, OUTBOX_FOLDER);
  // The names begin with the ISO time, so they sort oldest first.
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(folder, file), 'utf8');
      const email = await PostalMime.parse(raw);
      const text = email.text ?? '';
      const link = /^https?:\/\/\S+$/m.exec(text)?.[0];
      const token = link ? (new URL(link).searchParams.get('token_hash') ?? undefined) : undefined;
      return {
        file,
        raw,
        to: email.to?.[0]?.address ?? '',
        replyTo: email.replyTo?.[0]?.address,
        subject: email.subject ?? '',
        text,
        link,
        token,
      };
    }),
  );
}
