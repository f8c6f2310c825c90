import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { CLINIC_ID } from '../testing/clinic-review.ts';
import { MembershipWaiverCard } from './membership-waiver-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('MembershipWaiverCard', () => {
  it('exempts the clinic for the chosen year with a required reason, and says so', async () => {
    const year = new Date().getFullYear();
    mockApi({
      [`POST /api/admin/clinics/${CLINIC_ID}/membership-waiver`]: ({ body }) => {
        expect(body).toEqual({ year: year + 1, reason: 'Ideell förening, överenskommet i telefon.' });
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<MembershipWaiverCard clinic={{ id: CLINIC_ID, fullName: 'Granskas Hudvård' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Undanta från betalning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undanta Granskas Hudvård från betalning' });
    const yearSelect = within(dialog).getByRole('combobox', { name: 'År' }) as HTMLSelectElement;
    expect(yearSelect.value).toBe(String(year));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Undanta' }));
    expect(await within(dialog).findByText('Ange en motivering som kliniken kan se.')).toBeTruthy();

    await userEvent.selectOptions(yearSelect, String(year + 1));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Ideell förening, överenskommet i telefon.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undanta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      title: `Granskas Hudvård är undantagen från betalning för ${year + 1}.`,
      variant: 'success',
    });
  });
});
