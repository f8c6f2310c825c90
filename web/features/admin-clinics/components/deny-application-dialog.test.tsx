import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { CLINIC_ID, clinicReview } from '../testing/clinic-review.ts';
import { DenyApplicationDialog } from './deny-application-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const CLINIC = { id: CLINIC_ID, fullName: 'Granskas Hudvård' };
const DENY = `POST /api/admin/clinics/${CLINIC.id}/deny`;

const onDenied = vi.fn();

function renderDialog() {
  renderWithProviders(<DenyApplicationDialog clinic={CLINIC} open onOpenChange={() => {}} onDenied={onDenied} />);
  const dialog = screen.getByRole('dialog', { name: 'Neka ansökan från Granskas Hudvård' });
  return {
    reason: within(dialog).getByLabelText('Motivering'),
    submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Neka ansökan' })),
  };
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  onDenied.mockReset();
});

describe('DenyApplicationDialog', () => {
  it('requires a reason: empty or only spaces sends nothing', async () => {
    const api = mockApi({});
    const { reason, submit } = renderDialog();

    await submit();
    expect(await screen.findByText('Ange en motivering som kliniken kan se.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(reason, '   ');
    await submit();
    expect(screen.getByText('Ange en motivering som kliniken kan se.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    expect(onDenied).not.toHaveBeenCalled();
  });

  it('denies with the trimmed reason and the admin token, then says so', async () => {
    const api = mockApi({
      [DENY]: ({ body, headers }) => {
        expect(headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
        return json(
          clinicReview({
            applicationStatus: 'Nekad',
            phase: 'denied',
            denialReason: (body as { reason: string }).reason,
          }),
        );
      },
    });
    const { reason, submit } = renderDialog();
    await userEvent.type(reason, '  Försäkringsbrevet saknas.  ');
    await submit();

    await waitFor(() => expect(onDenied).toHaveBeenCalledOnce());
    expect(api).toHaveBeenCalledOnce();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({ reason: 'Försäkringsbrevet saknas.' });
    expect(toast).toHaveBeenCalledWith({ title: 'Ansökan nekad', variant: 'success' });
  });

  it("stays open with the server's message when another admin decided first (409)", async () => {
    const conflict = 'Ansökans status har redan ändrats, kanske av en annan administratör. Ladda om och försök igen.';
    mockApi({ [DENY]: () => json({ error: { code: 'status_conflict', message: conflict } }, 409) });
    const { reason, submit } = renderDialog();
    await userEvent.type(reason, 'Intyg saknas.');
    await submit();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte neka ansökan',
        description: conflict,
        variant: 'destructive',
      }),
    );
    expect(onDenied).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
