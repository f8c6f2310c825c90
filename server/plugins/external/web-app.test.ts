import { describe, expect, it } from 'vitest';
import { pageLanguage } from './web-app.ts';

describe('pageLanguage: the language the landing page is painted in before the app runs', () => {
  it('follows ?lng=, then the i18next cookie, then the browser, as the web app does', () => {
    expect(pageLanguage({ lng: 'en' }, 'i18next=sv', 'sv-SE')).toBe('en');
    expect(pageLanguage({}, 'other=1; i18next=en', 'sv-SE,sv;q=0.9')).toBe('en');
    expect(pageLanguage({}, undefined, 'de-DE,de;q=0.9,en-US;q=0.8,sv;q=0.5')).toBe('en');
    expect(pageLanguage({}, undefined, 'en;q=0.4,sv;q=0.6')).toBe('sv');
  });

  it('is Swedish when nothing names Swedish or English', () => {
    expect(pageLanguage({ lng: 'fr' }, 'i18next=de', 'fr-FR,fr;q=0.9')).toBe('sv');
    expect(pageLanguage(undefined, undefined, undefined)).toBe('sv');
    expect(pageLanguage({}, undefined, 'en;q=0')).toBe('sv');
  });
});
