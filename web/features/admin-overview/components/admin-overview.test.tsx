import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminStats } from '../../../../contracts/admin.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { AdminOverview } from './admin-overview.tsx';

function renderOverview(stats: AdminStats) {
  mockApi({
    'GET /api/admin/stats': () => json(stats),
    'GET /api/admin/messages/latest': () => json({ items: [] }),
  });
  renderWithProviders(<AdminOverview />);
}

const STATS = { clinics: 12, listedClinics: 9, customers: 34, pendingApplications: 2, unreadMessages: 5 };

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'dashboard', 'common']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminOverview', () => {
  // Issue 27: the admin of a demo installation (SEED_DEMO=1, maybe in production) must see that it is one.
  it('says that a demo installation is a demo, above the numbers', async () => {
    renderOverview({ ...STATS, demo: true });
    const notice = await screen.findByRole('note');
    expect(notice.textContent).toContain('Det här är en demoinstallation');
    expect(notice.textContent).toContain('Testinloggningar');
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('link', { name: /I registret\s*9/ }).getAttribute('href')).toBe('/kliniker');
  });

  it('shows no such notice on a real installation', async () => {
    renderOverview({ ...STATS, demo: false });
    expect(await screen.findByText('34')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText('Det här är en demoinstallation')).toBeNull();
  });
});
