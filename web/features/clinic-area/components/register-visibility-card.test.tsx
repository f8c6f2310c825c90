import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { clinicProfile, completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { RegisterVisibilityCard } from './register-visibility-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

/** A certified clinic, its certificate in force. */
const certified = (overrides: Partial<ClinicOwnProfile> = {}) =>
  completeApplication({
    applicationStatus: 'Godkänd',
    isCertified: true,
    phase: 'certified',
    certificate: {
      number: 'CK-2026-000001',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      issuedAt: '2026-01-01T09:00:00.000Z',
      treatments: ['facial'],
    },
    ...overrides,
  });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('RegisterVisibilityCard', () => {
  it.each([
    [
      'a new clinic: shown once certified',
      clinicProfile(),
      'Kliniken visas i registret när den är certifierad',
      'Visa inte kliniken i registret',
    ],
    [
      'a new clinic that chose not to be shown',
      clinicProfile({ isPublic: false }),
      'Kliniken visas inte i registret, som du har valt',
      'Visa kliniken i registret när den är certifierad',
    ],
    [
      'a certified clinic in the register',
      certified({ listed: true }),
      'Kliniken visas i klinikregistret',
      'Dölj kliniken i registret',
    ],
    [
      'a certified clinic hidden by its choice',
      certified({ isPublic: false }),
      'Kliniken är dold i registret, som du har valt',
      'Visa kliniken i registret',
    ],
  ])('says in words where %s stands, with the one-click change', (_case, profile, title, action) => {
    renderInClinicArea(<RegisterVisibilityCard profile={profile} />);
    expect(screen.getByRole('heading', { name: 'Klinikregistret' })).toBeTruthy();
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByRole('button', { name: action })).toBeTruthy();
  });

  it('hides a listed clinic in one click, without a confirmation, and says so', async () => {
    const api = mockApi({
      'PUT /api/clinic/visibility': () => json(certified({ isPublic: false, listed: false })),
    });
    renderInClinicArea(<RegisterVisibilityCard profile={certified({ listed: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dölj kliniken i registret' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Din sida är nu dold.', variant: 'success' }));
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/api/clinic/visibility')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ isPublic: false });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
