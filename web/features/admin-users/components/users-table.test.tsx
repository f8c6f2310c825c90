import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserPage } from '../../../../contracts/admin.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { UsersTable } from './users-table.tsx';

const PAGE: AdminUserPage = {
  items: [
    {
      id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      fullName: 'Nora Ny',
      email: 'nora@example.se',
      lastSignInAt: null,
      createdAt: '2026-11-22T08:00:00Z',
    },
    {
      id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      fullName: 'Åsa Återkommande',
      email: 'asa@example.se',
      lastSignInAt: '2026-11-20T08:05:00Z',
      createdAt: '2026-10-01T08:00:00Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
};

const rowOf = (name: string) => {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin']);
});

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('UsersTable', () => {
  it("shows the last sign-in in the Swedish format, and 'Aldrig' for a customer who never signed in", async () => {
    mockApi({ 'GET /api/admin/users': () => json(PAGE) });
    renderWithProviders(<UsersTable />);

    await screen.findByRole('cell', { name: 'Nora Ny' });
    expect(rowOf('Nora Ny').getByText('Aldrig')).toBeTruthy();
    expect(rowOf('Åsa Återkommande').queryByText('Aldrig')).toBeNull();
    expect(rowOf('Åsa Återkommande').getByText(/^2026-11-20 \d{2}:05$/)).toBeTruthy();
    expect(screen.getByText('Visar 1–2 av 2')).toBeTruthy();
  });
});
