import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import type { OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicOverview } from './clinic-overview.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const certificate = {
  number: 'CK-2026-000042',
  validFrom: '2026-03-02',
  validTo: '2026-12-31',
  issuedAt: '2026-03-02T10:00:00Z',
  treatments: ['facial'],
} satisfies OwnCertificate;
const certified = completeApplication({
  isCertified: true,
  applicationStatus: 'Godkänd',
  phase: 'certified',
  certificate,
});

describe('Renewal on the overview', () => {
  it('offers renewal from 1 November, with the six criteria confirmed anew before it is sent', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/clinic/profile': () =>
        json({
          ...certified,
          phase: 'renewal_open',
          renewal: { opensOn: '2026-11-01', isOpen: true, submittedAt: null },
        }),
      'POST /api/clinic/renewal': ({ body }) => {
        sent.push(body);
        return json({
          ...certified,
          phase: 'renewal_sent',
          renewal: { opensOn: '2026-11-01', isOpen: true, submittedAt: '2026-11-23T09:00:00Z' },
        });
      },
    });
    const user = userEvent.setup();
    renderInClinicArea(<ClinicOverview />);
    await user.click(await screen.findByRole('button', { name: 'Förnya för 2027' }));
    const dialog = screen.getByRole('dialog', { name: 'Förnya certifieringen' });
    // Last year's confirmations do not count: every box starts unticked.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((box) => box.getAttribute('aria-checked') === 'false'),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Skicka förnyelsen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Bekräfta alla sex certifieringskriterier.');
    expect(sent).toEqual([]);

    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Skicka förnyelsen' }));
    expect(await screen.findByText(/Förnyelsen skickades in 2026-11-23 och granskas nu/)).toBeTruthy();
    expect(sent).toEqual([{ criteria: Object.fromEntries(CRITERIA_IDS.map((id) => [id, true])) }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Förnyelsen är inskickad!', variant: 'success' });
  });

  it('offers nothing once renewed (the latest decision says so), nor before 1 November', async () => {
    const next = {
      number: 'CK-2027-000099',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      issuedAt: '2026-11-25T10:00:00Z',
    };
    mockApi({
      'GET /api/clinic/profile': () =>
        json({
          ...certified,
          decidedAt: '2026-11-25T10:00:00Z',
          nextCertificate: next,
          renewal: { opensOn: '2026-11-01', isOpen: false, submittedAt: null },
        }),
    });
    const { unmount } = renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Förnyelsen godkänd 2026-11-25')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Förnya för 2027' })).toBeNull();
    unmount();

    vi.restoreAllMocks();
    mockApi({
      'GET /api/clinic/profile': () =>
        json({ ...certified, renewal: { opensOn: '2026-11-01', isOpen: false, submittedAt: null } }),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Kliniken är certifierad')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Förnya/ })).toBeNull();
  });
});
