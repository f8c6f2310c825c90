import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../../contracts/customer-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { AnsweredReportsCard } from './answered-reports-card.tsx';

const report = (id: number, overrides: Partial<Report>): Report => ({
  id: `44444444-4444-4444-8444-44444444444${id}`,
  clinicName: `Klinik ${id}`,
  clinicId: null,
  content: 'Behandlaren bytte inte handskar.',
  status: 'Ny',
  adminResponse: null,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
  ...overrides,
});
const answered = (id: number, updatedAt: string) =>
  report(id, { status: 'Hanterad', adminResponse: 'Tack, vi har kontaktat kliniken.', updatedAt });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerArea']);
});

describe("The customer's overview names the answered reports (issue 28 point 2)", () => {
  it('lists the three most recently answered, with the way to read them', async () => {
    mockApi({
      'GET /api/me/reports': () =>
        json({
          items: [
            report(1, {}),
            answered(2, '2026-11-21T09:00:00Z'),
            answered(3, '2026-11-25T09:00:00Z'),
            answered(4, '2026-11-22T09:00:00Z'),
            answered(5, '2026-11-24T09:00:00Z'),
          ],
          nextCursor: null,
        }),
    });
    renderAsCustomer(<AnsweredReportsCard />);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Din rapport om Klinik 3 besvarades 2026-11-25.',
      'Din rapport om Klinik 5 besvarades 2026-11-24.',
      'Din rapport om Klinik 4 besvarades 2026-11-22.',
    ]);
    expect(screen.getByRole('link', { name: 'Läs svaren' }).getAttribute('href')).toBe('/dashboard/reports');
  });

  it('shows nothing while no report is answered', async () => {
    let asked = false;
    mockApi({
      'GET /api/me/reports': () => {
        asked = true;
        return json({ items: [report(1, {})], nextCursor: null });
      },
    });
    const { container } = renderAsCustomer(<AnsweredReportsCard />);
    await vi.waitFor(() => expect(asked).toBe(true));
    expect(container.textContent).toBe('');
  });
});
