import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicSettings } from './clinic-settings.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const certified = completeApplication({
  applicationStatus: 'Godkänd',
  phase: 'certified',
  isCertified: true,
  isPublic: true,
  city: 'Stockholm',
  submittedAt: '2026-10-01T08:00:00Z',
});

/** The server as issue 27 has it: a certified clinic's name goes into its change request, the city is saved at once. */
function serveSettings(initial: ClinicOwnProfile, refuse?: () => Response) {
  let profile = initial;
  return mockApi({
    'GET /api/clinic/profile': () => json(profile),
    'PATCH /api/clinic/settings': ({ body }) => {
      const refused = refuse?.();
      if (refused) return refused;
      const { fullName, companyName, ...free } = body as Partial<ClinicOwnProfile>;
      const changes = {
        ...(fullName !== profile.fullName ? { fullName } : {}),
        ...(companyName !== profile.companyName ? { companyName } : {}),
      };
      profile = {
        ...profile,
        ...free,
        changeRequest: {
          id: '33333333-3333-4333-8333-333333333333',
          changes,
          addedDocumentIds: [],
          removedDocumentIds: [],
          createdAt: '2026-11-24T10:00:00Z',
          updatedAt: '2026-11-24T10:00:00Z',
        },
      };
      return json(profile);
    },
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ClinicSettings of a certified clinic', () => {
  it('says a new name waits for review, keeps the requested name in the field and names the one shown meanwhile', async () => {
    serveSettings(certified);
    renderInClinicArea(<ClinicSettings />);
    expect(await screen.findByText(/granskas innan de gäller/)).toBeTruthy();
    await userEvent.clear(field('Klinikens namn'));
    await userEvent.type(field('Klinikens namn'), 'Ljusglimt Hud & Spa');
    await userEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ändringen väntar på granskning',
        description:
          'Övriga ändringar är sparade. Namn, företagsnamn, organisationsnummer och kriterier ändras när vi har godkänt ändringen; till dess visas de granskade uppgifterna.',
        variant: 'success',
      }),
    );
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Inställningar sparade!' }));
    expect(field('Klinikens namn').value).toBe('Ljusglimt Hud & Spa');
    const hint = await screen.findByText('Väntar på granskning. Till dess visas: Hudkliniken Ljusglimt');
    expect(field('Klinikens namn').getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('says plainly "saved" when only fields outside the review changed', async () => {
    serveSettings(certified);
    renderInClinicArea(<ClinicSettings />);
    await userEvent.clear(await screen.findByLabelText('Stad'));
    await userEvent.type(field('Stad'), 'Uppsala');
    await userEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Inställningar sparade!', variant: 'success' }),
      ),
    );
    expect(screen.queryByText(/Väntar på granskning/)).toBeNull();
  });

  it('shows a name taken in the register (409 name_taken) on the name field and in the toast', async () => {
    const message =
      'En annan certifierad klinik i registret har redan det namnet i samma stad. Välj ett namn som skiljer kliniken från den.';
    serveSettings(certified, () => json({ error: { code: 'name_taken', message } }, 409));
    renderInClinicArea(<ClinicSettings />);
    await userEvent.clear(await screen.findByLabelText('Stad'));
    await userEvent.type(field('Stad'), 'Uppsala');
    await userEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ett fel uppstod vid sparande.',
        description: message,
        variant: 'destructive',
      }),
    );
    expect(field('Klinikens namn').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message)).toBeTruthy();
  });
});
