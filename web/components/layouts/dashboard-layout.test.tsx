import { render, screen } from '@testing-library/react';
import { MessageSquareIcon, SettingsIcon } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { DashboardLayout, type DashboardMenuItem } from './dashboard-layout.tsx';

function renderMenu(menu: DashboardMenuItem[]) {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <DashboardLayout
        siteTitle="Certifierad Klinik"
        areaLabel="Adminpanel"
        menu={menu}
        user={{ name: 'Ida Admin', roleLabel: 'Administratör' }}
        onLogout={() => undefined}
      >
        <p>Innehåll</p>
      </DashboardLayout>
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Adminpanel' });
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['common']);
});

describe('DashboardLayout', () => {
  it('shows a menu entry’s count and reads it out with its label; a count of 0 shows nothing', () => {
    const nav = renderMenu([
      { to: '/admin/messages', label: 'Meddelanden', icon: MessageSquareIcon, badge: { count: 3, label: '3 olästa' } },
      { to: '/admin/cms', label: 'CMS', icon: SettingsIcon, badge: { count: 0, label: '0 olästa' } },
    ]);
    expect(nav.querySelector('a[href="/admin/messages"]')?.textContent).toBe('Meddelanden 33 olästa');
    expect(screen.getAllByRole('link', { name: 'Meddelanden 3 olästa' })).not.toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'CMS' })).not.toHaveLength(0);
  });
});
