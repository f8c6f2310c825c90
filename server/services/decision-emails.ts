import { CERTIFICATION_BODY } from '../../contracts/constants.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { sendOrRefuse } from './messages/commands.ts';

// Issue 28 point 2: every decision reaches the person it concerns by email, sent in the transaction that
// makes the decision (a failed send undoes it, as the reminders' sends do), and the same decision shows
// on that person's overview. The accounts keep no language, so each email says it in Swedish, then in
// English, as the other emails do.

/** How a decision's email goes out: the mailer, and SITE_URL for the link to the person's overview. */
export interface DecisionMail {
  mailer: Mailer;
  siteUrl: string;
}

/** A decision on a clinic's certification, with what its email says; days are Swedish dates (`2026-12-31`). */
export type ClinicDecision =
  | { kind: 'approved'; number: string; validTo: string }
  | { kind: 'denied'; reason: string }
  | { kind: 'withdrawn'; reason: string; day: string }
  | { kind: 'renewal_approved'; number: string; validFrom: string; validTo: string }
  | { kind: 'renewal_denied'; reason: string };

/** Where the clinic reads the decision: its overview (web/config/paths.ts clinicDashboard). */
const CLINIC_OVERVIEW_PATH = '/clinic-dashboard';
/** Where the customer reads the answer: its reports (web/config/paths.ts customerReports). */
const CUSTOMER_REPORTS_PATH = '/dashboard/reports';

export interface Words {
  subject: [sv: string, en: string];
  /** What was decided, in Swedish. */
  sv: string;
  /** The admin's own words (a reason, an answer), quoted once for both languages: written in whichever the admin chose. */
  quoted?: { label: string; text: string };
  /** What to do next, in Swedish; it leads to the link on the next line. */
  svNext: string;
  /** The same in English, referring to the link above. */
  en: string[];
}

function clinicDecisionWords(clinicName: string, decision: ClinicDecision): Words {
  switch (decision.kind) {
    case 'approved':
      return {
        subject: ['Kliniken är certifierad', 'Your clinic is certified'],
        sv: `Er ansökan är godkänd: ${clinicName} är certifierad med certifikat ${decision.number}, som gäller till och med ${decision.validTo}.`,
        svNext: 'Certifikatet, märket och klinikens sida i registret når ni från Översikt:',
        en: [
          `Your application has been approved: ${clinicName} is certified with certificate ${decision.number}, valid until ${decision.validTo}.`,
          'The certificate, the badge and the clinic’s page in the register are on your overview (the link above).',
        ],
      };
    case 'denied':
      return {
        subject: ['Ansökan nekad', 'Application denied'],
        sv: `Vi kunde tyvärr inte godkänna ansökan för ${clinicName} som den var.`,
        svNext:
          'Rätta till det som anges, uppdatera ansökningsinformationen eller dokumenten och skicka sedan in ansökan igen under Översikt:',
        en: [
          `Unfortunately we could not approve the application for ${clinicName} as it was. The reason is given above.`,
          'Correct what is described, update the application details or the documents, then send the application in again from your overview (the link above).',
        ],
        quoted: { label: 'Skäl / Reason', text: decision.reason },
      };
    case 'withdrawn':
      return {
        subject: ['Certifieringen är återkallad', 'Certification withdrawn'],
        sv: `Certifieringen av ${clinicName} återkallades ${decision.day}. Kliniken visas inte längre i registret.`,
        svNext: 'Ni kan rätta till det som anges och ansöka igen under Översikt:',
        en: [
          `The certification of ${clinicName} was withdrawn on ${decision.day}. The clinic is no longer shown in the register. The reason is given above.`,
          'You may correct what is described and apply again from your overview (the link above).',
        ],
        quoted: { label: 'Skäl / Reason', text: decision.reason },
      };
    case 'renewal_approved':
      return {
        subject: ['Förnyelsen är godkänd', 'Renewal approved'],
        sv: `Förnyelsen för ${clinicName} är godkänd: certifikat ${decision.number} gäller från ${decision.validFrom} till och med ${decision.validTo}.`,
        svNext: 'Certifikatet når ni från Översikt:',
        en: [
          `The renewal for ${clinicName} has been approved: certificate ${decision.number} is valid from ${decision.validFrom} until ${decision.validTo}.`,
          'The certificate is on your overview (the link above).',
        ],
      };
    case 'renewal_denied':
      return {
        subject: ['Förnyelsen nekades', 'Renewal denied'],
        sv: `Vi kunde tyvärr inte godkänna förnyelsen för ${clinicName} som den var. Kliniken är certifierad tills det nuvarande certifikatet går ut.`,
        svNext: 'Rätta till det som anges och skicka in förnyelsen igen under Översikt:',
        en: [
          `Unfortunately we could not approve the renewal for ${clinicName} as it was. The reason is given above. The clinic stays certified until its current certificate runs out.`,
          'Correct what is described and send the renewal in again from your overview (the link above).',
        ],
        quoted: { label: 'Skäl / Reason', text: decision.reason },
      };
  }
}

/** Swedish, the admin's words, what to do next and the link alone on its line; then English. */
export function compose(to: string, name: string, words: Words, link: string): MailMessage {
  return {
    to,
    subject: `${words.subject[0]} / ${words.subject[1]} – ${CERTIFICATION_BODY}`,
    text: [
      `Hej ${name},`,
      '',
      words.sv,
      '',
      ...(words.quoted ? [`${words.quoted.label}:`, words.quoted.text, ''] : []),
      words.svNext,
      link,
      '',
      ...words.en,
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

/** The email of a decision on a clinic's certification, to its account's address. */
export function clinicDecisionEmail({
  to,
  clinicName,
  decision,
  siteUrl,
}: {
  to: string;
  clinicName: string;
  decision: ClinicDecision;
  siteUrl: string;
}): MailMessage {
  return compose(
    to,
    clinicName,
    clinicDecisionWords(clinicName, decision),
    new URL(CLINIC_OVERVIEW_PATH, siteUrl).href,
  );
}

/** The email of the admin's answer to a customer's report, to the customer who wrote it. */
export function reportAnswerEmail({
  to,
  fullName,
  clinicName,
  answer,
  siteUrl,
}: {
  to: string;
  fullName: string;
  clinicName: string;
  answer: string;
  siteUrl: string;
}): MailMessage {
  return compose(
    to,
    fullName,
    {
      subject: [`Svar på din rapport om ${clinicName}`, 'Your report has been answered'],
      sv: `Vi har svarat på din rapport om ${clinicName}.`,
      quoted: { label: 'Svar från oss / Our answer', text: answer },
      svNext: 'Svaret och dina andra rapporter finns under Mina rapporter:',
      en: [
        `We have answered your report about ${clinicName}: the answer is above, and under My reports (the link above).`,
      ],
    },
    new URL(CUSTOMER_REPORTS_PATH, siteUrl).href,
  );
}

/**
 * Sends a decision's email as the last step of the decision's transaction: a failure (503 mail_failed)
 * rolls the decision back and tells the admin that nothing was saved.
 */
export const sendDecisionEmail = (mail: DecisionMail, message: MailMessage): Promise<void> =>
  sendOrRefuse(mail.mailer, message, 'decisionMailFailed');
