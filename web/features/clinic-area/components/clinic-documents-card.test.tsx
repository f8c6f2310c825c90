import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi } from '../../../testing/test-utils.tsx';
import { clinicAreaKeys } from '../api/get-clinic-profile.ts';
import { CLINIC_ID, clinicProfile, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicDocumentsCard } from './clinic-documents-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const MB = 1024 * 1024;

const insurance: ClinicDocument = {
  id: '11111111-1111-4111-8111-111111111111',
  fileName: 'Försäkringsbrev 2026.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1.5 * MB,
  createdAt: '2026-11-20T09:30:00Z',
  state: 'reviewed',
};

/** An XMLHttpRequest the test drives: how far the upload has come, and what the server answers. */
class FakeUpload {
  static last: FakeUpload | null = null;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  private readonly target = new EventTarget();
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';

  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  addEventListener(type: string, listener: EventListener) {
    this.target.addEventListener(type, listener);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.target.dispatchEvent(new Event('load'));
  }
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const chooseButton = () => screen.getByRole('button', { name: 'Välj fil' });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  FakeUpload.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ClinicDocumentsCard', () => {
  it('lists the documents with size and date in Swedish, or says there are none', async () => {
    mockApi({ 'GET /api/clinic/documents': () => json({ items: [insurance] }) });
    renderInClinicArea(<ClinicDocumentsCard />);
    const row = await screen.findByRole('listitem');
    expect(row.textContent).toContain('Försäkringsbrev 2026.pdf');
    expect(row.textContent).toContain('1,5 MB · 2026-11-20');
    expect(within(row).getByRole('button', { name: 'Ladda ner Försäkringsbrev 2026.pdf' })).toBeTruthy();
    expect(fileInput().accept).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });

  it('refuses a file over 20 MB in the browser: the exact toast, and no request (SPEC section 5)', async () => {
    const fetchSpy = mockApi({ 'GET /api/clinic/documents': () => json({ items: [] }) });
    renderInClinicArea(<ClinicDocumentsCard />);
    expect(await screen.findByText('Inga filer har laddats upp än.')).toBeTruthy();

    const tooLarge = new File(['%PDF-1.4'], 'stor.pdf', { type: 'application/pdf' });
    Object.defineProperty(tooLarge, 'size', { value: 21 * MB });
    await userEvent.upload(fileInput(), tooLarge);

    expect(toast).toHaveBeenCalledWith({
      title: 'Filen är för stor',
      description: 'Maximal filstorlek är 20 MB. Din fil är 21.00 MB.',
      variant: 'destructive',
    });
    expect(FakeUpload.last).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Laddar upp/)).toBeNull();
    expect(screen.getByText('Inga filer har laddats upp än.')).toBeTruthy();
  });

  it('shows the upload with its progress, the choose button disabled, then the new row and the toast', async () => {
    mockApi({
      'GET /api/clinic/documents': () => json({ items: [] }),
      'GET /api/clinic/profile': () => json(clinicProfile({ documentCount: 1 })),
    });
    renderInClinicArea(<ClinicDocumentsCard />);
    await screen.findByText('Inga filer har laddats upp än.');

    await userEvent.upload(fileInput(), new File(['%PDF-1.4'], 'intyg.pdf', { type: 'application/pdf' }));
    const upload = await waitFor(() => {
      if (!FakeUpload.last?.body) throw new Error('not sent yet');
      return FakeUpload.last;
    });
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/clinic/documents');
    expect(upload.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect((upload.body?.get('file') as File).name).toBe('intyg.pdf');

    expect(await screen.findByText('Laddar upp intyg.pdf...')).toBeTruthy();
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    expect(chooseButton().getAttribute('aria-disabled')).toBe('true');
    act(() => upload.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uppladdning av intyg.pdf' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    const saved = { ...insurance, id: '22222222-2222-4222-8222-222222222222', fileName: 'intyg.pdf', sizeBytes: 2048 };
    act(() => upload.answer(201, saved));
    expect(await screen.findByText('intyg.pdf')).toBeTruthy();
    expect(screen.queryByText('Laddar upp intyg.pdf...')).toBeNull();
    expect(chooseButton().getAttribute('aria-disabled')).toBeNull();
    expect(toast).toHaveBeenCalledWith({ title: 'Fil uppladdad: intyg.pdf', variant: 'success' });
  });

  it('says a document uploaded after sending in waits for review', async () => {
    mockApi({
      'GET /api/clinic/documents': () => json({ items: [] }),
      'GET /api/clinic/profile': () =>
        json(clinicProfile({ applicationStatus: 'Godkänd', phase: 'certified', isCertified: true })),
    });
    renderInClinicArea(<ClinicDocumentsCard />);
    await screen.findByText('Inga filer har laddats upp än.');
    await userEvent.upload(fileInput(), new File(['%PDF-1.4'], 'intyg.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeUpload.last?.body).toBeTruthy());
    act(() => FakeUpload.last?.answer(201, { ...insurance, fileName: 'intyg.pdf', state: 'added' }));
    expect(await screen.findByText('Väntar på granskning')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Fil uppladdad: intyg.pdf',
      description: 'Dokumentet väntar på granskning.',
      variant: 'success',
    });
  });

  it("shows the server's reason when an upload is refused", async () => {
    mockApi({ 'GET /api/clinic/documents': () => json({ items: [] }) });
    renderInClinicArea(<ClinicDocumentsCard />);
    await screen.findByText('Inga filer har laddats upp än.');
    await userEvent.upload(fileInput(), new File(['inte en pdf'], 'falsk.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeUpload.last?.body).toBeTruthy());
    const message = 'Filtypen stöds inte.';
    act(() => FakeUpload.last?.answer(415, { error: { code: 'file_type_not_allowed', message } }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Fel vid uppladdning',
        description: message,
        variant: 'destructive',
      }),
    );
    expect(screen.getByText('Inga filer har laddats upp än.')).toBeTruthy();
  });

  it('removes a row at once, and puts it back with a toast when deleting fails (SPEC section 4)', async () => {
    let failDelete: (response: Response) => void = () => {};
    mockApi({
      'GET /api/clinic/documents': () => json({ items: [insurance] }),
      'GET /api/clinic/profile': () => json(clinicProfile({ documentCount: 1 })),
      [`DELETE /api/clinic/documents/${insurance.id}`]: () =>
        new Promise<Response>((resolve) => {
          failDelete = resolve;
        }),
    });
    renderInClinicArea(<ClinicDocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Försäkringsbrev 2026.pdf' }));

    await waitFor(() => expect(screen.queryByText('Försäkringsbrev 2026.pdf')).toBeNull());
    expect(screen.getByText('Inga filer har laddats upp än.')).toBeTruthy();

    failDelete(json({ error: { code: 'internal', message: 'Något gick fel hos oss.' } }, 500));
    expect(await screen.findByText('Försäkringsbrev 2026.pdf')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Kunde inte ta bort fil',
      description: 'Något gick fel hos oss.',
      variant: 'destructive',
    });
  });

  it('labels the documents of a change request, and does not offer to delete one already asked to be removed (issue 27)', async () => {
    const added = {
      ...insurance,
      id: '33333333-3333-4333-8333-333333333333',
      fileName: 'Försäkringsbrev 2027.pdf',
      state: 'added' as const,
    };
    const leaving = { ...insurance, state: 'removal_requested' as const };
    mockApi({ 'GET /api/clinic/documents': () => json({ items: [leaving, added] }) });
    renderInClinicArea(<ClinicDocumentsCard />);
    const [leavingRow, addedRow] = await screen.findAllByRole('listitem');
    expect(within(addedRow as HTMLElement).getByText('Väntar på granskning')).toBeTruthy();
    expect(
      within(addedRow as HTMLElement).getByRole('button', { name: 'Ta bort Försäkringsbrev 2027.pdf' }),
    ).toBeTruthy();
    expect(within(leavingRow as HTMLElement).getByText('Tas bort när ändringen godkänts')).toBeTruthy();
    expect(within(leavingRow as HTMLElement).queryByRole('button', { name: /Ta bort/ })).toBeNull();
    expect(
      within(leavingRow as HTMLElement).getByRole('button', { name: 'Ladda ner Försäkringsbrev 2026.pdf' }),
    ).toBeTruthy();
  });

  it('keeps a reviewed document of a certified clinic in the list, marked for removal, and says the removal waits for review', async () => {
    let documents = [insurance];
    const certified = clinicProfile({
      applicationStatus: 'Godkänd',
      phase: 'certified',
      isCertified: true,
      documentCount: 1,
    });
    mockApi({
      'GET /api/clinic/documents': () => json({ items: documents }),
      'GET /api/clinic/profile': () => json(certified),
      [`DELETE /api/clinic/documents/${insurance.id}`]: () => {
        documents = [{ ...insurance, state: 'removal_requested' }];
        return new Response(null, { status: 204 });
      },
    });
    const { queryClient } = renderInClinicArea(<ClinicDocumentsCard />);
    queryClient.setQueryData(clinicAreaKeys.profile(CLINIC_ID), certified);
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Försäkringsbrev 2026.pdf' }));

    expect(await screen.findByText('Tas bort när ändringen godkänts')).toBeTruthy();
    expect(screen.getByText('Försäkringsbrev 2026.pdf')).toBeTruthy();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Borttagningen väntar på granskning: Försäkringsbrev 2026.pdf',
        variant: 'success',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Ta bort Försäkringsbrev 2026.pdf' })).toBeNull();
  });

  it('confirms a deletion with the file name', async () => {
    let documents = [insurance];
    mockApi({
      'GET /api/clinic/documents': () => json({ items: documents }),
      'GET /api/clinic/profile': () => json(clinicProfile()),
      [`DELETE /api/clinic/documents/${insurance.id}`]: () => {
        documents = [];
        return new Response(null, { status: 204 });
      },
    });
    renderInClinicArea(<ClinicDocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Försäkringsbrev 2026.pdf' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Fil borttagen: Försäkringsbrev 2026.pdf', variant: 'success' }),
    );
    expect(screen.getByText('Inga filer har laddats upp än.')).toBeTruthy();
  });
});
