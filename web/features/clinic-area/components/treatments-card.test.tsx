import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { TREATMENT_IDS } from '../../../../contracts/treatments.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { clinicProfile, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { TreatmentsCard } from './treatments-card.tsx';
import { WithClinicProfile } from './with-clinic-profile.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

/** The server's side: the profile, whose treatments PATCH /api/clinic/application saves (or refuses). */
function serve(initial: ClinicOwnProfile, refuse?: () => Response) {
  let profile = initial;
  const saved: unknown[] = [];
  mockApi({
    'GET /api/clinic/profile': () => json(profile),
    'GET /api/clinic/facts': () => json({ items: [], needed: ['org_number'], missing: ['org_number'] }),
    'PATCH /api/clinic/application': ({ body }) => {
      saved.push(body);
      const refused = refuse?.();
      if (refused) return refused;
      profile = { ...profile, ...(body as Partial<ClinicOwnProfile>) };
      return json(profile);
    },
  });
  return { saved };
}

const renderCard = () =>
  renderInClinicArea(
    <WithClinicProfile skeleton={null}>{(profile) => <TreatmentsCard profile={profile} />}</WithClinicProfile>,
  );
const box = (name: string) => screen.getByRole('checkbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Spara behandlingar' }) as HTMLButtonElement;

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('sv');
});

describe('the treatment picker', () => {
  it('offers every treatment of the catalogue, each described in plain words with the requirements it triggers', async () => {
    serve(clinicProfile());
    renderCard();
    const group = await screen.findByRole('group', { name: 'Behandlingar som kliniken erbjuder' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(TREATMENT_IDS.length);
    expect(
      screen.getByRole('checkbox', {
        name: 'Injektioner med botulinumtoxin',
        description:
          'Injektioner som slappnar av musklerna och jämnar ut rynkor. Kliniken ska vara registrerad hos IVO, bara legitimerad läkare, tandläkare eller sjuksköterska får injicera och kunden ska vara minst 18 år. Kräver ansvarsförsäkring, registrering hos IVO och legitimerad läkare, tandläkare eller sjuksköterska.',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', {
        name: 'Piercing',
        description: /Kräver ansvarsförsäkring och anmälan till kommunen\.$/,
      }),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("is used by keyboard: Tab reaches each box, Space ticks it, and the choice is saved in the catalogue's order", async () => {
    const { saved } = serve(clinicProfile());
    renderCard();
    await screen.findByRole('group', { name: 'Behandlingar som kliniken erbjuder' });
    box('Piercing').focus();
    await userEvent.keyboard(' ');
    expect(box('Piercing').getAttribute('aria-checked')).toBe('true');
    box('Ansiktsbehandling').focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(box('Kemisk peeling'));
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    expect(saveButton().disabled).toBe(false);
    await userEvent.click(saveButton());

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Behandlingarna är sparade.', variant: 'success' }),
    );
    expect(saved).toEqual([{ treatments: ['facial', 'piercing'] }]);
    expect(saveButton().disabled).toBe(true);
  });

  it('shows the chosen treatments of a sent-in clinic and says a change applies at once', async () => {
    serve(clinicProfile({ treatments: ['fillers'], phase: 'sent_in', submittedAt: '2026-11-20T09:00:00Z' }));
    renderCard();
    expect(
      (await screen.findByRole('checkbox', { name: 'Injektioner med fillers' })).getAttribute('aria-checked'),
    ).toBe('true');
    expect(box('Vaxning').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Ändringen sparas direkt\./)).toBeTruthy();
  });

  it("shows the server's refusal under the picker", async () => {
    serve(clinicProfile(), () =>
      json(
        {
          error: {
            code: 'invalid_request',
            message: 'treatments: Välj behandlingar ur listan: en av dem är okänd.',
            issues: [{ path: ['treatments'], message: 'Välj behandlingar ur listan: en av dem är okänd.' }],
          },
        },
        400,
      ),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Vaxning' }));
    await userEvent.click(saveButton());
    const error = await screen.findByText('Välj behandlingar ur listan: en av dem är okänd.');
    expect(
      screen.getByRole('group', { name: 'Behandlingar som kliniken erbjuder' }).getAttribute('aria-describedby'),
    ).toBe(error.id);
  });

  it('names the treatments and their requirements in English too', async () => {
    await i18n.changeLanguage('en');
    serve(clinicProfile());
    renderCard();
    expect(
      await screen.findByRole('checkbox', {
        name: 'Microneedling',
        description: /Requires liability insurance and notification to the municipality\.$/,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save treatments' })).toBeTruthy();
  });
});
