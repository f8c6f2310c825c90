import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { clinicProfile, completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicApplication } from './clinic-application.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

/** The server's side of the page: the profile as it stands, changed by the application's routes. */
function serveProfile(
  initial: ClinicOwnProfile,
  answers: { patch?: (body: unknown) => Response; submit?: () => Response } = {},
) {
  let profile = initial;
  const fetchSpy = mockApi({
    'GET /api/clinic/profile': () => json(profile),
    'GET /api/clinic/documents': () => json({ items: [] }),
    'GET /api/clinic/facts': () => json({ items: [], needed: ['org_number'], missing: ['org_number'] }),
    'PATCH /api/clinic/application': ({ body }) => {
      const refused = answers.patch?.(body);
      if (refused) return refused;
      profile = {
        ...profile,
        ...(body as Partial<ClinicOwnProfile>),
        criteria: { ...profile.criteria, ...(body as ClinicOwnProfile).criteria },
      };
      return json(profile);
    },
    'POST /api/clinic/application/submit': () => {
      const refused = answers.submit?.();
      if (refused) return refused;
      profile = { ...profile, phase: 'sent_in', submittedAt: '2026-11-24T10:00:00Z' };
      return json(profile);
    },
  });
  return {
    fetchSpy,
    requests: (key: string) =>
      fetchSpy.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key),
  };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const openDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Ändra information' }));
  return screen.findByRole('dialog', { name: 'Redigera Ansökningsinformation' });
};
const submitButton = () => screen.queryByRole('button', { name: 'Skicka in ansökan' }) as HTMLButtonElement | null;

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.restoreAllMocks();
});

describe('the application information dialog', () => {
  it('starts the company name from the clinic name; the examples are placeholders, not values', async () => {
    serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    expect(await screen.findByText(/Ingen ansökningsinformation är sparad än/)).toBeTruthy();
    await openDialog();

    expect(field('Företagsnamn').value).toBe('Hudkliniken Ljusglimt');
    // Examples say they are examples (issue 28), and no field starts filled with one.
    expect(field('Organisationsnummer').value).toBe('');
    expect(field('Organisationsnummer').placeholder).toBe('t.ex. 556677-8899');
    expect(field('Webbplats').placeholder).toBe('t.ex. https://www.dinklinik.se');
    expect(field('Adress').value).toBe('');
    expect(field('Adress').placeholder).toBe('t.ex. Storgatan 1, 111 22 Stockholm');
    expect(field('Stad').value).toBe('');
    expect(field('Stad').placeholder).toBe('t.ex. Stockholm');
    expect(field('Stad').getAttribute('aria-describedby')).toBeTruthy();
    for (const input of screen.getAllByRole('textbox') as HTMLInputElement[])
      if (input.placeholder) expect(input.placeholder).toMatch(/^t\.ex\. /);
    expect(field('Kontakt-e-post').type).toBe('email');
    expect(field('Rabattkod (valfritt)').value).toBe('');
    const criteria = within(screen.getByRole('group', { name: 'Certifieringskriterier' })).getAllByRole('checkbox');
    expect(criteria).toHaveLength(6);
    expect(criteria.every((box) => box.getAttribute('aria-checked') === 'false')).toBe(true);
    // Shown in the register once certified: asked, and checked as the clinic's choice stands (issue 28).
    expect(
      screen
        .getByRole('checkbox', { name: 'Visa kliniken i det publika registret när den är certifierad' })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('saves the city and the choice not to be shown in the register with the application (issue 28)', async () => {
    const { requests } = serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    const dialog = await openDialog();
    await userEvent.type(field('Stad'), 'Lund');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Visa kliniken i det publika registret när den är certifierad' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = requests('PATCH /api/clinic/application')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ city: 'Lund', isPublic: false });
    const infoCard = (await screen.findByRole('heading', { name: 'Ansökningsinformation' })).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    expect(within(infoCard).getByText('Lund')).toBeTruthy();
    expect(within(infoCard).getByText('Kliniken visas inte i registret, som du har valt')).toBeTruthy();
  });

  it('saves, closes with the toast, shows the saved values and opens again with them', async () => {
    const { requests } = serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    const dialog = await openDialog();

    await userEvent.clear(field('Företagsnamn'));
    await userEvent.type(field('Företagsnamn'), 'Ljusglimt AB');
    await userEvent.type(field('Organisationsnummer'), '5566778899');
    await userEvent.type(field('Webbplats'), 'ljusglimt.example');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /giltig ansvarsförsäkring/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      title: 'Information uppdaterad!',
      description: 'Dina ändringar i ansökan har sparats.',
      variant: 'success',
    });
    const [, init] = requests('PATCH /api/clinic/application')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      companyName: 'Ljusglimt AB',
      orgNumber: '556677-8899',
      website: 'https://ljusglimt.example',
      address: null,
      criteria: { c1: true, c2: false },
    });
    expect(await screen.findByText('556677-8899')).toBeTruthy();
    expect(screen.getByText('1 av 6 bekräftade')).toBeTruthy();

    await openDialog();
    expect(field('Företagsnamn').value).toBe('Ljusglimt AB');
    expect(field('Organisationsnummer').value).toBe('556677-8899');
    expect(field('Webbplats').value).toBe('https://ljusglimt.example');
    expect(screen.getByRole('checkbox', { name: /giltig ansvarsförsäkring/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('shows a certified clinic the values it asked for, each with the reviewed value shown meanwhile (issue 27)', async () => {
    serveProfile(
      completeApplication({
        applicationStatus: 'Godkänd',
        phase: 'certified',
        isCertified: true,
        submittedAt: '2026-10-01T08:00:00Z',
        changeRequest: {
          id: '33333333-3333-4333-8333-333333333333',
          changes: { orgNumber: '559900-1129', criteria: { c2: false } },
          addedDocumentIds: [],
          removedDocumentIds: [],
          createdAt: '2026-11-24T10:00:00Z',
          updatedAt: '2026-11-24T10:00:00Z',
        },
      }),
    );
    renderInClinicArea(<ClinicApplication />);
    const infoCard = (await screen.findByRole('heading', { name: 'Ansökningsinformation' })).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    expect(within(infoCard).getByText('559900-1129')).toBeTruthy();
    expect(within(infoCard).getByText('Väntar på granskning. Till dess visas: 556677-8899')).toBeTruthy();
    expect(within(infoCard).getByText('5 av 6 bekräftade')).toBeTruthy();

    const dialog = await openDialog();
    expect(within(dialog).getByText(/granskas innan de gäller/)).toBeTruthy();
    expect(field('Organisationsnummer').value).toBe('559900-1129');
    expect(within(dialog).getByText('Väntar på granskning. Till dess visas: 556677-8899')).toBeTruthy();
    expect(field('Företagsnamn').value).toBe('Ljusglimt AB');
    const registered = within(dialog).getByRole('checkbox', { name: /registrerat företag/ });
    expect(registered.getAttribute('aria-checked')).toBe('false');
    expect(registered.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(registered.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Väntar på granskning. Till dess visas: Bekräftat',
    );
  });

  it('says a change of the reviewed values waits for review when it is saved', async () => {
    const certified = completeApplication({
      applicationStatus: 'Godkänd',
      phase: 'certified',
      isCertified: true,
      submittedAt: '2026-10-01T08:00:00Z',
    });
    serveProfile(certified, {
      patch: () =>
        json({
          ...certified,
          changeRequest: {
            id: '33333333-3333-4333-8333-333333333333',
            changes: { orgNumber: '559900-1129' },
            addedDocumentIds: [],
            removedDocumentIds: [],
            createdAt: '2026-11-24T10:00:00Z',
            updatedAt: '2026-11-24T10:00:00Z',
          },
        }),
    });
    renderInClinicArea(<ClinicApplication />);
    const dialog = await openDialog();
    await userEvent.clear(field('Organisationsnummer'));
    await userEvent.type(field('Organisationsnummer'), '559900-1129');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Ändringen väntar på granskning', variant: 'success' }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Ändringar som väntar på granskning' })).toBeTruthy();
  });

  it('checks the fields in the browser first, with translated messages', async () => {
    const { requests } = serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    const dialog = await openDialog();
    await userEvent.type(field('Organisationsnummer'), '556677-8898');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    expect(
      await within(dialog).findByText('Ange ett giltigt organisationsnummer, till exempel 556677-8899.'),
    ).toBeTruthy();
    expect(requests('PATCH /api/clinic/application')).toHaveLength(0);
  });

  it("keeps the dialog open on a refusal and shows the server's message on its field", async () => {
    const message = 'Ange en giltig e-postadress.';
    serveProfile(clinicProfile(), {
      patch: () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: 'Ogiltig begäran.',
              issues: [{ path: ['contactEmail'], message }],
            },
          },
          400,
        ),
    });
    renderInClinicArea(<ClinicApplication />);
    const dialog = await openDialog();
    await userEvent.type(field('Kontakt-e-post'), 'asa@ljusglimt.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte spara',
        description: 'Ogiltig begäran.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(field('Kontakt-e-post').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(message)).toBeTruthy();
  });
});

describe('sending the application in', () => {
  it('is disabled for a fresh clinic and lists every missing requirement', async () => {
    serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    expect(await screen.findByText('Ansökan påbörjad')).toBeTruthy();
    expect(submitButton()?.disabled).toBe(true);
    const missing = screen.getByText('Innan du kan skicka in ansökan behöver du:').parentElement;
    expect(
      within(missing as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'ange företagsnamn',
      'ange organisationsnummer',
      'ange webbplats',
      'ange adress',
      'ange stad',
      'ange kontaktperson',
      'ange kontakt-e-post',
      'välj minst en behandling',
      'bekräfta alla sex certifieringskriterier',
      'ladda upp minst ett dokument',
    ]);
  });

  it('leads from each missing thing to its field (issue 28)', async () => {
    serveProfile(clinicProfile());
    renderInClinicArea(<ClinicApplication />);
    await screen.findByText('Ansökan påbörjad');

    await userEvent.click(screen.getByRole('button', { name: 'ange stad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera Ansökningsinformation' });
    await waitFor(() => expect(document.activeElement).toBe(field('Stad')));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'bekräfta alla sex certifieringskriterier' }));
    await screen.findByRole('dialog', { name: 'Redigera Ansökningsinformation' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /giltig ansvarsförsäkring/ })),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'välj minst en behandling' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /^Ansiktsbehandling/ }));
    await userEvent.click(screen.getByRole('button', { name: 'ladda upp minst ett dokument' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Välj fil' }));
  });

  it('is disabled while only a document is missing', async () => {
    serveProfile(completeApplication({ documentCount: 0 }));
    renderInClinicArea(<ClinicApplication />);
    await screen.findByText('Ansökan påbörjad');
    expect(submitButton()?.disabled).toBe(true);
    expect(screen.getByText('ladda upp minst ett dokument')).toBeTruthy();
  });

  it('sends a complete application in once confirmed: the toast, and the status turns to received', async () => {
    const { requests } = serveProfile(completeApplication());
    renderInClinicArea(<ClinicApplication />);
    await screen.findByText('Ansökan påbörjad');
    expect(submitButton()?.disabled).toBe(false);
    await userEvent.click(submitButton() as HTMLButtonElement);

    // A last confirmation, with what is sent (issue 28); nothing is sent before it.
    const confirm = await screen.findByRole('alertdialog', { name: 'Skicka in ansökan?' });
    expect(requests('POST /api/clinic/application/submit')).toHaveLength(0);
    const summary = Object.fromEntries(
      within(confirm)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(summary).toEqual({
      'Klinikens namn': 'Hudkliniken Ljusglimt',
      Företagsnamn: 'Ljusglimt AB',
      Organisationsnummer: '556677-8899',
      Stad: 'Stockholm',
      Behandlingar: 'Ansiktsbehandling',
      Dokument: '1 dokument',
      Klinikregistret: 'Kliniken visas i registret när den är certifierad',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Skicka in ansökan' }));

    expect(await screen.findByText('Ansökan mottagen')).toBeTruthy();
    expect(requests('POST /api/clinic/application/submit')).toHaveLength(1);
    expect(screen.getByText(/Vi tog emot din ansökan 2026-11-24/)).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ansökan inskickad!', variant: 'success' }));
    expect(submitButton()).toBeNull();
  });

  it("shows the server's reason when it refuses", async () => {
    const message = 'Ansökan är inte komplett.';
    serveProfile(completeApplication(), {
      submit: () => json({ error: { code: 'application_incomplete', message } }, 409),
    });
    renderInClinicArea(<ClinicApplication />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skicka in ansökan' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Skicka in ansökan?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Skicka in ansökan' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka in ansökan',
        description: message,
        variant: 'destructive',
      }),
    );
    expect(screen.getByText('Ansökan påbörjad')).toBeTruthy();
  });

  it('is not offered while the application waits for review, nor once approved', async () => {
    serveProfile(completeApplication({ phase: 'sent_in', submittedAt: '2026-11-20T08:00:00Z' }));
    const { unmount } = renderInClinicArea(<ClinicApplication />);
    expect(await screen.findByText('Ansökan mottagen')).toBeTruthy();
    expect(submitButton()).toBeNull();
    unmount();

    vi.restoreAllMocks();
    serveProfile(
      completeApplication({
        applicationStatus: 'Godkänd',
        phase: 'certified',
        isCertified: true,
        decidedAt: '2026-11-22T08:00:00Z',
      }),
    );
    renderInClinicArea(<ClinicApplication />);
    expect(await screen.findByText('Ansökan godkänd')).toBeTruthy();
    expect(screen.getByText(/godkändes 2026-11-22/)).toBeTruthy();
    expect(submitButton()).toBeNull();
  });

  it('shows a denial with its reason and lets the clinic send in again', async () => {
    serveProfile(
      completeApplication({
        applicationStatus: 'Nekad',
        phase: 'denied',
        submittedAt: '2026-11-01T08:00:00Z',
        denialReason: 'Försäkringsbrevet saknas.',
      }),
    );
    renderInClinicArea(<ClinicApplication />);
    expect(await screen.findByText('Ansökan nekad')).toBeTruthy();
    expect(screen.getByText('Försäkringsbrevet saknas.')).toBeTruthy();
    expect(submitButton()?.disabled).toBe(false);
  });
});
