import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { MembershipPlans } from './membership-plans.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe('MembershipPlans', () => {
  it('starts on the company plan and shows the yearly prices in Swedish kronor (SPEC section 9)', () => {
    render(<MembershipPlans />);
    expect(radio('Företag').checked).toBe(true);
    expect(radio('Individuell').checked).toBe(false);
    // Intl writes no-break spaces ("1\u00a0990\u00a0kr"); Testing Library compares them as spaces.
    expect(screen.getByText('990 kr')).toBeTruthy();
    expect(screen.getByText('1 990 kr')).toBeTruthy();
    expect(screen.getAllByText('per år exkl. moms')).toHaveLength(2);
    expect(screen.getByText('Nya kunder provar gratis i 14 dagar.')).toBeTruthy();
  });

  it('selects another plan, and paying only says what card payment still needs', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<MembershipPlans />);
    await userEvent.click(radio('Individuell'));
    expect(radio('Individuell').checked).toBe(true);
    expect(radio('Företag').checked).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Betala för Individuell' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Kortbetalning är inte aktiverad än',
      description:
        'Kortbetalningen behöver en publicerbar nyckel och ett pris-ID från betalleverantören innan den kan tas i bruk.',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
