import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../../contracts/customer-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { clinicCard, renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { ReportForm } from './report-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

function report(overrides: Partial<Report> = {}): Report {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    clinicName: 'Söders Estetik',
    clinicId: '33333333-3333-4333-8333-333333333333',
    content: 'Behandlaren bytte inte handskar.',
    status: 'Ny',
    adminResponse: null,
    createdAt: '2026-11-23T09:00:00Z',
    updatedAt: '2026-11-23T09:00:00Z',
    ...overrides,
  };
}

const clinicName = () => screen.getByLabelText<HTMLInputElement>('Klinikens namn');
const description = () => screen.getByLabelText<HTMLTextAreaElement>('Beskrivning');
const send = () => userEvent.click(screen.getByRole('button', { name: 'Skicka rapport' }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportForm', () => {
  it('requires the clinic name and the description, and sends nothing without them (SPEC section 5)', async () => {
    const api = mockApi({});
    renderAsCustomer(<ReportForm />);

    await send();
    expect(await screen.findByText('Ange klinikens namn.')).toBeTruthy();
    expect(screen.getByText('Beskriv problemet.')).toBeTruthy();
    expect(clinicName().getAttribute('aria-invalid')).toBe('true');
    expect(description().getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(clinicName(), '   ');
    await userEvent.type(description(), '  ');
    await send();
    expect(screen.getByText('Ange klinikens namn.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it("sends the report, says 'Rapport skickad!' and empties the form", async () => {
    const api = mockApi({
      'GET /api/clinics': () => json({ items: [], nextCursor: null }),
      'POST /api/me/reports': ({ body }) => json(report(body as Partial<Report>), 201),
    });
    renderAsCustomer(<ReportForm />);
    await userEvent.type(clinicName(), ' Söders Estetik ');
    await userEvent.type(description(), 'Behandlaren bytte inte handskar.');
    await send();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Rapport skickad!',
        description: 'Tack! Vi granskar rapporten och svarar här.',
        variant: 'success',
      }),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      clinicName: 'Söders Estetik',
      content: 'Behandlaren bytte inte handskar.',
    });
    expect(clinicName().value).toBe('');
    expect(description().value).toBe('');
  });

  it("says 'Kunde inte skicka rapport' with the server's message when sending fails", async () => {
    mockApi({
      'GET /api/clinics': () => json({ items: [], nextCursor: null }),
      'POST /api/me/reports': () =>
        json({ error: { code: 'internal', message: 'Något gick fel hos oss. Försök igen om en stund.' } }, 500),
    });
    renderAsCustomer(<ReportForm />);
    await userEvent.type(clinicName(), 'Salong Glans');
    await userEvent.type(description(), 'Påstår att den är certifierad.');
    await send();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka rapport',
        description: 'Något gick fel hos oss. Försök igen om en stund.',
        variant: 'destructive',
      }),
    );
    expect(clinicName().value).toBe('Salong Glans');
  });

  it('suggests names from the register once typing pauses, five at most', async () => {
    const api = mockApi({
      'GET /api/clinics': () =>
        json({ items: [clinicCard('Söders Estetik', '33333333-3333-4333-8333-333333333333')], nextCursor: null }),
    });
    renderAsCustomer(<ReportForm />);
    await userEvent.type(clinicName(), 'Söd');

    const suggestions = document.getElementById(clinicName().getAttribute('list') ?? '');
    if (!suggestions) throw new Error('no datalist');
    await waitFor(() =>
      expect(
        within(suggestions)
          .queryAllByRole('option', { hidden: true })
          .map((option) => option.getAttribute('value')),
      ).toEqual(['Söders Estetik']),
    );
    expect(api).toHaveBeenCalledOnce();
    const url = new URL(String(api.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Söd', limit: '5' });
  });
});
