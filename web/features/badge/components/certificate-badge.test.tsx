import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { CertificateBadge } from './certificate-badge.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['badge']);
});

describe('CertificateBadge', () => {
  it('names the year, the clinic and the scope by the treatments’ names, as the /badge page does', () => {
    render(<CertificateBadge fullName="Klara Hudmottagning" year={2026} treatments={['facial', 'fillers']} />);
    expect(screen.getByText('2026')).toBeTruthy();
    expect(screen.getByText('Klara Hudmottagning')).toBeTruthy();
    expect(screen.getByText('Omfattar: Ansiktsbehandling, Injektioner med fillers')).toBeTruthy();
  });

  it('leaves the scope out when it has none', () => {
    render(<CertificateBadge fullName="Äldre Kliniken" year={2025} />);
    expect(screen.queryByText(/^Omfattar/)).toBeNull();
  });
});
