import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { domToBlob } from 'modern-screenshot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { certificate, certifiedProfile, CLINIC_ID, uncertifiedProfile } from '../testing/certification-test-utils.ts';
import { ClinicCertification } from './clinic-certification.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
// jsdom cannot paint: the page's part is choosing the node, the scale and the name.
vi.mock('modern-screenshot', () => ({ domToBlob: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['certification']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
  vi.mocked(saveFile).mockClear();
  vi.mocked(domToBlob).mockReset();
});

const renderPage = (profile = certifiedProfile()) =>
  renderWithProviders(
    <ClinicCertification
      profile={profile}
      renderBadge={({ fullName, year }) => <p>{`Badge: ${fullName} ${year}`}</p>}
    />,
  );

const SNIPPET = `<iframe src="${window.location.origin}/badge?id=${CLINIC_ID}" width="320" height="320" style="border:none;background:transparent" title="Certifierad Klinik"></iframe>`;

describe('ClinicCertification', () => {
  it('starts on the certificate: the clinic, its number, issue date, year, validity and scope, and a QR code to its verification', async () => {
    renderPage();
    const tabs = within(screen.getByRole('tablist', { name: 'Certifieringens material' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Certifikat', 'Digital badge', 'Bädda in']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Certifikat');

    const document = screen.getByRole('article', { name: 'Officiellt certifikat' });
    expect(within(document).getByText('Hudkliniken Ljusglimt')).toBeTruthy();
    expect(within(document).getByText('CK-2026-000123')).toBeTruthy();
    expect(within(document).getByText('2026-11-23')).toBeTruthy();
    expect(within(document).getByText('2026')).toBeTruthy();
    expect(within(document).getByText('Giltigt till och med 31 december 2026')).toBeTruthy();
    // The scope (issue 22): the treatments the certificate covers, by name.
    expect(document.textContent).toContain('Omfattar: Ansiktsbehandling, Injektioner med botulinumtoxin');
    expect(within(document).getByText('Certifierad behandling')).toBeTruthy();
    expect(within(document).getByText('Kvalitet & säkerhet')).toBeTruthy();
    const url = `${window.location.origin}/verifiera/CK-2026-000123`;
    const qr = await within(document).findByRole('img', { name: `QR-kod till certifikatets verifiering: ${url}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(screen.getByRole('button', { name: 'Skriv ut' })).toBeTruthy();
  });

  it("names a clinic without a name 'Din Klinik'", async () => {
    renderPage(certifiedProfile({ fullName: ' ' }));
    expect(within(screen.getByRole('article')).getByText('Din Klinik')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Digital badge' }));
    expect(screen.getByText('Badge: Din Klinik 2026')).toBeTruthy();
  });

  it('mentions next year’s certificate once a renewal was approved', async () => {
    renderPage(
      certifiedProfile({
        nextCertificate: certificate({ number: 'CK-2027-000456', validFrom: '2027-01-01', validTo: '2027-12-31' }),
      }),
    );
    expect(screen.getByText('Nästa års certifikat CK-2027-000456 gäller från 2027-01-01.')).toBeTruthy();
    // The certificate itself still shows this year's.
    expect(await screen.findByRole('img', { name: /CK-2026-000123$/ })).toBeTruthy();
  });

  it.each([
    ['a fresh clinic', uncertifiedProfile(), 'Kliniken är inte certifierad än'],
    [
      'a clinic whose application waits',
      uncertifiedProfile({ phase: 'sent_in', submittedAt: '2026-11-20T10:00:00.000Z' }),
      'Ansökan granskas',
    ],
    [
      'a clinic whose certificate ran out',
      uncertifiedProfile({ applicationStatus: 'Väntar', phase: 'expired', certifiedAt: '2025-03-01T10:00:00.000Z' }),
      'Certifikatet har gått ut',
    ],
  ])('shows %s why it has no certificate, and the way to its application', (_case, profile, title) => {
    renderPage(profile);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: 'Gå till ansökan' }).getAttribute('href')).toBe(
      '/clinic-dashboard/application',
    );
  });

  it('shows a withdrawn certification with the admin’s reason', () => {
    renderPage(
      uncertifiedProfile({
        applicationStatus: 'Nekad',
        phase: 'withdrawn',
        certifiedAt: '2026-02-01T10:00:00.000Z',
        denialReason: 'Försäkringen har upphört.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Certifieringen har dragits in' })).toBeTruthy();
    expect(screen.getByText('Försäkringen har upphört.')).toBeTruthy();
  });

  it('saves the certificate as a PNG at scale 3 named after the clinic', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    vi.mocked(domToBlob).mockResolvedValue(png);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Ladda ner som bild' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(png, 'Certifikat - Hudkliniken Ljusglimt.png'));
    expect(domToBlob).toHaveBeenCalledExactlyOnceWith(
      screen.getByRole('article'),
      expect.objectContaining({ scale: 3, timeout: 15_000 }),
    );
    expect(vi.mocked(toast).mock.calls.map(([message]) => message)).toEqual([
      { title: 'Genererar certifikat...' },
      { title: 'Certifikat nedladdat!', description: 'Ditt certifikat har sparats som en bild.', variant: 'success' },
    ]);
  });

  it('says so when the certificate cannot be rendered', async () => {
    vi.mocked(domToBlob).mockRejectedValue(new Error('image timeout'));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Ladda ner som bild' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Ett fel uppstod',
        description: 'Kunde inte generera certifikatet. Försök igen.',
        variant: 'destructive',
      }),
    );
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('saves the badge as a transparent PNG at scale 4', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    vi.mocked(domToBlob).mockResolvedValue(png);
    renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Digital badge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ladda ner badge (PNG)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(png, 'Badge - Hudkliniken Ljusglimt.png'));
    expect(domToBlob).toHaveBeenCalledExactlyOnceWith(
      expect.any(HTMLDivElement),
      expect.objectContaining({ scale: 4, backgroundColor: null }),
    );
    expect(toast).toHaveBeenLastCalledWith({ title: 'Badge nedladdad!', variant: 'success' });
  });

  it('gives the code that frames the badge, previews it and copies it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Bädda in' }));
    expect((screen.getByLabelText('Inbäddningskod') as HTMLTextAreaElement).value).toBe(SNIPPET);
    expect(screen.getByTitle('Certifierad Klinik').getAttribute('src')).toBe(`/badge?id=${CLINIC_ID}`);

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Kopiera kod' }));
    expect(writeText).toHaveBeenCalledWith(SNIPPET);
    expect(toast).toHaveBeenCalledWith({
      title: 'Kod Kopierad!',
      description: 'Bädda in koden på din hemsida.',
      variant: 'success',
    });
  });

  it('says so when the code cannot be copied', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Bädda in' }));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Kopiera kod' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Ett fel uppstod',
      description: 'Kunde inte kopiera koden.',
      variant: 'destructive',
    });
  });

  it('says a clinic hidden by its own choice shows no badge on other sites, and where to change that (issue 28)', async () => {
    renderPage(certifiedProfile({ isPublic: false }));
    await userEvent.click(screen.getByRole('tab', { name: 'Bädda in' }));
    expect(
      screen.getByText(
        /Kliniken har valt att inte visas i klinikregistret, så badgen visas inte på andra webbplatser\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ändra valet på översikten' }).getAttribute('href')).toBe(
      '/clinic-dashboard',
    );
  });

  it('gives no code without a clinic id', async () => {
    renderPage(certifiedProfile({ id: '' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Bädda in' }));
    expect(screen.getByText('Kunde inte generera inbäddningskod. Klinik-ID saknas.')).toBeTruthy();
    expect(screen.queryByLabelText('Inbäddningskod')).toBeNull();
  });
});
