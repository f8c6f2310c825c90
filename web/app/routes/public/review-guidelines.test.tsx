import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { Component as ReviewGuidelines } from './review-guidelines.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['reviews']);
});

describe('Så granskar vi omdömen', () => {
  it('has one h1 and a heading for each part: collection, what we do not do, rating, moderation, accounts and ranking', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<ReviewGuidelines />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Så granskar vi omdömen');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Varje omdöme kommer från ett besök som kliniken har bekräftat',
      'Det här gör vi inte',
      'Så räknas betyget',
      'Anmälan och granskning',
      'Namn och borttagna konton',
      'Så ordnas klinikerna i registret',
    ]);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Skäl till att vi döljer ett omdöme');
  });

  it('says honestly that the clinic chooses whom to invite, and that the rating does not order the register', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<ReviewGuidelines />);
    expect(screen.getByText(/Men kliniken väljer själv vilka kunder den bjuder in/)).toBeTruthy();
    expect(screen.getByText('Betyget och antalet omdömen påverkar inte ordningen.')).toBeTruthy();
    expect(screen.getByText(/de tre första klinikerna i registrets bokstavsordning/)).toBeTruthy();
    expect(screen.getByText(/”Omdömet har dolts av Certifierad Klinik” och skälet/)).toBeTruthy();
    // Every public reason an admin can give, in the words the clinic's page shows.
    for (const reason of [
      'Bryter mot riktlinjerna',
      'Innehåller personuppgifter',
      'Kränkande innehåll',
      'Gäller inte ett besök',
    ]) {
      expect(screen.getByText(reason, { selector: 'dt' })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Kontakta oss' }).getAttribute('href')).toBe('/kontakta-oss');
  });

  it('is written in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      renderWithProviders(<ReviewGuidelines />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('How we check reviews');
      expect(screen.getByRole('heading', { level: 2, name: 'How clinics are ordered in the register' })).toBeTruthy();
      expect(screen.getByText('Not about a visit', { selector: 'dt' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('sv');
    }
  });
});
