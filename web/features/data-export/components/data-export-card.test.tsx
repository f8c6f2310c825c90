import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DataExportCard } from './data-export-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['dataExport']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('DataExportCard', () => {
  it('asks for a link with the access token and lets the browser download it, never fetching the zip itself', async () => {
    const asked: Headers[] = [];
    mockApi({
      'POST /api/me/data-export': ({ headers }) => {
        asked.push(headers);
        return json({ url: '/api/data-export?ticket=abc' });
      },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderWithProviders(<DataExportCard />);
    expect(screen.getByRole('heading', { name: 'Dina uppgifter' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ladda ner mina uppgifter' }));

    await vi.waitFor(() => expect(clicked).toEqual(['/api/data-export?ticket=abc']));
    expect(asked[0]?.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows the server's reason when an export is already running", async () => {
    mockApi({
      'POST /api/me/data-export': () =>
        json(
          {
            error: {
              code: 'data_export_running',
              message: 'En nedladdning av dina uppgifter pågår redan. Försök igen om en stund.',
            },
          },
          409,
        ),
    });
    renderWithProviders(<DataExportCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Ladda ner mina uppgifter' }));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Nedladdningen kunde inte starta',
        description: 'En nedladdning av dina uppgifter pågår redan. Försök igen om en stund.',
        variant: 'destructive',
      }),
    );
  });
});
