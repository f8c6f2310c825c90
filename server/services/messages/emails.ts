import type { MailMessage } from '../../lib/mailer.ts';

// The emails of messaging, in Swedish and English as the other emails of the service: the person's
// language is not known outside the browser.

const SIGNATURE = 'Certifierad Klinik';

/** The team's answer to someone who wrote through the contact form without an account. */
export function guestReplyEmail({ to, guestName, content }: { to: string; guestName: string; content: string }): MailMessage {
  return {
    to,
    subject: 'Svar från Certifierad Klinik / Reply from Certifierad Klinik',
    text: [`Hej ${guestName},`, '', content, '', '—', 'Svara på det här mejlet om du vill skriva igen. / Reply to this email to write again.', SIGNATURE].join('\n'),
  };
}

/** The team's copy of a contact form message; answering it by email reaches the sender. */
export function contactCopyEmail({ to, name, email, subject, message }: { to: string; name: string; email: string; subject: string; message: string }): MailMessage {
  return {
    to,
    replyTo: email,
    subject: `Kontaktformulär / Contact form: ${subject}`,
    text: [`${name} <${email}>`, '', subject, '', message, '', '—', 'Finns också i Meddelanden i administrationen. / Also in Messages in the admin area.', SIGNATURE].join('\n'),
  };
}

/** Messages waiting unread for 15 minutes (at most one such email per conversation and day). */
export function unreadNoticeEmail({ to, fullName, from, inboxUrl }: { to: string; fullName: string; from: string; inboxUrl: string }): MailMessage {
  return {
    to,
    subject: `Nytt meddelande från ${from} / New message from ${from}`,
    text: [
      `Hej ${fullName},`,
      '',
      `Du har ett oläst meddelande från ${from}. Läs och svara: ${inboxUrl}`,
      '',
      `You have an unread message from ${from}. Read and reply: ${inboxUrl}`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
