import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReport } from '../../../../contracts/customer-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReportDialog } from './report-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const REPORT: AdminReport = {
  id: '44444444-4444-4444-8444-444444444444',
  clinicName: 'Söders Estetik',
  clinicId: '33333333-3333-4333-8333-333333333333',
  content: 'Behandlaren bytte inte handskar mellan två kunder.',
  status: 'Ny',
  adminResponse: null,
  createdAt: '2026-11-23T09:00:00Z',
  updatedAt: '2026-11-23T09:00:00Z',
  reporter: { id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', fullName: 'Kim Kund', email: 'kund@example.se' },
};
const onClose = vi.fn();

function renderDialog(report: AdminReport = REPORT) {
  renderWithProviders(<ReportDialog report={report} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Hantera rapport' }));
  return {
    dialog,
    response: dialog.getByLabelText<HTMLTextAreaElement>('Svar till kunden'),
    save: () => userEvent.click(dialog.getByRole('button', { name: 'Spara svar' })),
  };
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['adminReports', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  onClose.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportDialog', () => {
  it('shows the report, who sent it, and that its name matched a registered clinic', () => {
    mockApi({});
    const { dialog } = renderDialog();

    expect(dialog.getByText(REPORT.content)).toBeTruthy();
    expect(dialog.getByText('Kim Kund')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'kund@example.se' }).getAttribute('href')).toBe('mailto:kund@example.se');
    expect(dialog.getByText('Matchar en registrerad klinik')).toBeTruthy();
    expect(dialog.getByText('Ny')).toBeTruthy();
  });

  it('shows a deleted reporter as the server names it, without an address to write to', () => {
    mockApi({});
    const { dialog } = renderDialog({
      ...REPORT,
      reporter: { ...REPORT.reporter, fullName: 'Borttagen användare', email: null },
    });

    expect(dialog.getByText('Borttagen användare')).toBeTruthy();
    expect(dialog.queryByRole('link')).toBeNull();
    expect(dialog.getByText(REPORT.content)).toBeTruthy();
  });

  it("saves the answer, says 'Rapport uppdaterad!' and closes", async () => {
    const api = mockApi({
      [`PATCH /api/admin/reports/${REPORT.id}`]: ({ body }) =>
        json({ ...REPORT, reporter: undefined, ...(body as object), status: 'Hanterad' }),
    });
    const { response, save } = renderDialog();
    await userEvent.type(response, ' Tack! Vi har kontaktat kliniken. ');
    await save();

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      adminResponse: 'Tack! Vi har kontaktat kliniken.',
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Rapport uppdaterad!', variant: 'success' });
  });

  it('starts from the saved answer of a handled report and refuses an empty one', async () => {
    const api = mockApi({});
    const { dialog, response, save } = renderDialog({
      ...REPORT,
      clinicId: null,
      status: 'Hanterad',
      adminResponse: 'Vi har kontaktat kliniken.',
    });
    expect(response.value).toBe('Vi har kontaktat kliniken.');
    expect(dialog.getByText('Ingen registrerad klinik med det namnet')).toBeTruthy();

    await userEvent.clear(response);
    await save();
    expect(await dialog.findByText('Skriv ett svar.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps the dialog open and says 'Kunde inte uppdatera' with the server's message when saving fails", async () => {
    mockApi({
      [`PATCH /api/admin/reports/${REPORT.id}`]: () =>
        json({ error: { code: 'not_found', message: 'Sidan eller resursen finns inte.' } }, 404),
    });
    const { response, save } = renderDialog();
    await userEvent.type(response, 'Tack!');
    await save();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte uppdatera',
        description: 'Sidan eller resursen finns inte.',
        variant: 'destructive',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
