import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoCredentials as DemoCredentialsData } from '../../../../contracts/site.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DemoCredentials } from './demo-credentials.tsx';

const ACCOUNTS: DemoCredentialsData['accounts'] = [
  { role: 'customer', email: 'kund@demo.example', password: 'kund-lösenord' },
  { role: 'clinic', email: 'klinik@demo.example', password: 'klinik-lösenord' },
];

function renderCredentials(adminSetup: DemoCredentialsData['adminSetup']) {
  mockApi({
    'GET /api/site/demo-credentials': () => json({ adminEmail: 'chef@demo.example', adminSetup, accounts: ACCOUNTS }),
  });
  renderWithProviders(<DemoCredentials />);
}

const adminSteps = async () =>
  within(
    (await screen.findByRole('heading', { level: 2, name: 'Skapa ett administratörskonto' })).closest(
      'section',
    ) as HTMLElement,
  );

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['credentials']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DemoCredentials', () => {
  it('tells a demo installation outside production to register the admin address', async () => {
    renderCredentials('sign-up');
    const steps = await adminSteps();
    expect(
      steps.getByRole('heading', { level: 3, name: /^Steg 1:\s?Registrera dig med administratörsadressen$/ }),
    ).toBeTruthy();
    expect(steps.getByText('chef@demo.example')).toBeTruthy();
    expect(steps.getByRole('link', { name: 'Gå till registrering' })).toBeTruthy();
    expect(steps.queryByText(/npm run admin:create/)).toBeNull();
  });

  // Issue 27: in production registering the address makes no admin, so the page must not say it does.
  it('tells a production demo to create the admin with npm run admin:create on the server, not by registering', async () => {
    renderCredentials('admin-create');
    const steps = await adminSteps();
    expect(steps.getByRole('heading', { level: 3, name: /^Steg 1:\s?Skapa administratören på servern$/ })).toBeTruthy();
    expect(steps.getByText('npm run admin:create -- --email chef@demo.example')).toBeTruthy();
    expect(steps.getByRole('button', { name: 'Kopiera kommandot' })).toBeTruthy();
    expect(steps.queryByRole('link', { name: 'Gå till registrering' })).toBeNull();
    expect(steps.getByText(/lösenordet som kommandot skrev ut/)).toBeTruthy();
  });

  it('gives the steps in English', async () => {
    await i18n.changeLanguage('en');
    try {
      renderCredentials('admin-create');
      expect(
        await screen.findByRole('heading', { level: 3, name: /^Step 1:\s?Create the administrator on the server$/ }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Copy the command' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('sv');
    }
  });
});
