import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/constants.ts';
import en from '../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../contracts/locales/sv/validation.json' with { type: 'json' };

export type MessageKey = keyof typeof sv;
const catalogues: Record<Language, Record<MessageKey, string>> = { sv, en };

/** The cookie the web app keeps its language in (web/lib/i18n.ts, i18next-browser-languagedetector). */
const LANGUAGE_COOKIE = 'i18next';

/** `sv` or `en` for a language tag that names one (`en-GB` is English); undefined for any other. */
function knownLanguage(tag: unknown): Language | undefined {
  const primary = typeof tag === 'string' ? tag.trim().toLowerCase().split('-')[0] : undefined;
  return LANGUAGES.find((language) => language === primary);
}

/**
 * The language of every answer, an API error and a page painted on the server alike, picked in the
 * web app's order (web/lib/i18n.ts, SPEC "Language detection order"): `?lng=`, then the `i18next`
 * cookie, then the browser's Accept-Language by its q-values (negotiator); Swedish when none of them
 * names Swedish or English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  // Cookies are parsed in an onRequest hook (@fastify/cookie): an error Fastify meets before routing has none.
  const cookies = request.cookies as FastifyRequest['cookies'] | null;
  return (
    knownLanguage(query?.lng) ??
    knownLanguage(cookies?.[LANGUAGE_COOKIE]) ??
    new Negotiator(request).languages().map(knownLanguage).find(Boolean) ??
    DEFAULT_LANGUAGE
  );
}

/** Turns `validation:key` (as written in the zod schemas of contracts/) into text; other text passes through. */
export function translateMessage(message: string, language: Language): string {
  const key = message.startsWith('validation:') ? message.slice('validation:'.length) : message;
  return catalogues[language][key as MessageKey] ?? message;
}
