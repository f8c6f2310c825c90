import { CERTIFICATION_BODY } from '../../../contracts/constants.ts';
import type { MailMessage } from '../../lib/mailer.ts';

// The emails of messaging, in Swedish and English as the other emails of the service: the person's
// language is not known outside the browser.

/**
 * The team's answer to someone who wrote through the contact form without an account. `link` opens
 * the contact form so that the answer lands in the same conversation; it is the guest's alone.
 */
export function guestReplyEmail({
  to,
  guestName,
  content,
  link,
}: {
  to: string;
  guestName: string;
  content: string;
  link: string;
}): MailMessage {
  return {
    to,
    subject: 'Svar från Certifierad Klinik / Reply from Certifierad Klinik',
    text: [
      `Hej ${guestName},`,
      '',
      content,
      '',
      '—',
      'Vill du svara? Skriv till oss via länken nedan, så hamnar ditt svar i samma konversation. Länken är din, dela den inte.',
      'Want to reply? Write to us through the link below and your answer joins this conversation. The link is yours; do not share it.',
      '',
      link,
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

/**
 * The team's copy of a contact form message; answering it by email reaches the sender. `unconfirmed`:
 * the address already had a conversation and the sender wrote without its link (issue 27).
 */
export function contactCopyEmail({
  to,
  name,
  email,
  subject,
  message,
  unconfirmed,
}: {
  to: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  unconfirmed: boolean;
}): MailMessage {
  const warning = unconfirmed
    ? [
        'OBS, obekräftad avsändare: adressen har redan en konversation och det här skrevs utan länken från våra mejl. Det är inte visat att avsändaren äger adressen.',
        'Note, unconfirmed sender: the address already has a conversation and this was written without the link from our emails. Nothing shows that the sender holds the address.',
        '',
      ]
    : [];
  return {
    to,
    replyTo: email,
    subject: `Kontaktformulär / Contact form: ${subject}`,
    text: [
      ...warning,
      `${name} <${email}>`,
      '',
      subject,
      '',
      message,
      '',
      '—',
      'Finns också i Meddelanden i administrationen. / Also in Messages in the admin area.',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

/** Messages waiting unread for 15 minutes (at most one such email per conversation and day). */
export function unreadNoticeEmail({
  to,
  fullName,
  from,
  inboxUrl,
}: {
  to: string;
  fullName: string;
  from: string;
  inboxUrl: string;
}): MailMessage {
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
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}
