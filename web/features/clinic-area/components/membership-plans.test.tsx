import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { MembershipPlans } from './membership-plans.tsx';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea']);
});

describe('MembershipPlans', () => {
  it('starts on the company plan and shows the yearly prices in Swedish kronor (SPEC section 9)', () => {
    renderWithProviders(<MembershipPlans />);
    expect(radio('Företag').checked).toBe(true);
    expect(radio('Individuell').checked).toBe(false);
    // Intl writes no-break spaces ("1\u00a0990\u00a0kr"); Testing Library compares them as spaces.
    expect(screen.getByText('990 kr')).toBeTruthy();
    expect(screen.getByText('1 990 kr')).toBeTruthy();
    expect(screen.getAllByText('per år exkl. moms')).toHaveLength(2);
    expect(screen.getByText('Nya kunder provar gratis i 14 dagar.')).toBeTruthy();
  });

  it('selects another plan, and orders its invoice in the support conversation, in words a clinic understands (issue 28)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { container } = renderWithProviders(<MembershipPlans />);
    await userEvent.click(radio('Individuell'));
    expect(radio('Individuell').checked).toBe(true);
    expect(radio('Företag').checked).toBe(false);

    expect(screen.getByRole('link', { name: 'Beställ faktura för Individuell' }).getAttribute('href')).toBe(
      '/clinic-dashboard/messages?support',
    );
    expect(screen.getByText(/betalas mot faktura/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/nyckel|pris-ID/i);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
