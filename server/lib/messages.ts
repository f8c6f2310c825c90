import type { FastifyRequest } from 'fastify';
import type { Language } from '../../contracts/constants.ts';
import en from '../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../contracts/locales/sv/validation.json' with { type: 'json' };

export type MessageKey = keyof typeof sv;
const catalogues: Record<Language, Record<MessageKey, string>> = { sv, en };

/** The language of an API answer: `?lng=`, then Accept-Language; Swedish otherwise (ARCHITECTURE "i18n"). */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.lng === 'string' ? query.lng : request.headers['accept-language'];
  return asked?.trim().toLowerCase().startsWith('en') ? 'en' : 'sv';
}

/** Turns `validation:key` (as written in the zod schemas of contracts/) into text; other text passes through. */
export function translateMessage(message: string, language: Language): string {
  const key = message.startsWith('validation:') ? message.slice('validation:'.length) : message;
  return catalogues[language][key as MessageKey] ?? message;
}
