import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import type { CertificateVerification, PublicCertificateSearchResult } from '../contracts/certificates.ts';
import { expect, test } from './fixtures.ts';

// Issue 22 points 3, 4, 5 and 7, as anyone sees them: a certificate's scope, its checked facts and its
// history on /verifiera, a suspension there and on the badge, the scope on a clinic's page, and the open
// API called from another site. The demo data (server/services/demo/scope.ts) has one clinic whose scope
// changed in the spring and one whose certificate was suspended when its insurance lapsed.

const SCOPE_CHANGED = 'Öresunds Estetiska Klinik';
const SUSPENDED = 'Gävle Hud & Hälsa';

/** The clinic's certificate of this year, found through the open API as another site would. */
async function currentCertificate(request: APIRequestContext, name: string): Promise<CertificateVerification> {
  const search = await request.get(`/api/public/certificates?name=${encodeURIComponent(name)}`);
  expect(search.ok()).toBe(true);
  const { items } = (await search.json()) as PublicCertificateSearchResult;
  const year = String(new Date().getFullYear());
  const current = items.find((item) => item.clinic.name === name && item.validTo.startsWith(year));
  if (!current) throw new Error(`${name} has no certificate of ${year} in the demo data`);
  return (await (await request.get(`/api/certificates/${current.number}`)).json()) as CertificateVerification;
}

test('a certificate shows what it covers, each fact checked and when, and its history', async ({
  page,
  request,
  axe,
}) => {
  const certificate = await currentCertificate(request, SCOPE_CHANGED);
  await page.goto(`/verifiera/${certificate.number}`);

  await expect(page.locator('[data-status="active"]')).toContainText('Giltigt');
  const scope = page.getByRole('region', { name: 'Certifieringen omfattar' });
  await expect(scope.getByText('Injektioner med fillers')).toBeVisible();
  await expect(scope.getByText(/registrerad hos IVO/).first()).toBeVisible();

  const facts = page.getByRole('region', { name: 'Kontrollerade uppgifter' });
  await expect(facts.getByText('Organisationsnummer')).toBeVisible();
  await expect(facts.getByText('Registrering hos IVO')).toBeVisible();
  await expect(facts.getByText(/\. Gäller till \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(facts.getByText(/^Kontrollerad \d{4}-\d{2}-\d{2}$/).first()).toBeVisible();
  // A practitioner by name and profession; the licence number stays with the body.
  await expect(facts.getByText(/, legitimerad (läkare|sjuksköterska|tandläkare)$/).first()).toBeVisible();
  await expect(page.getByText(/EXEMPEL-LEG|EXEMPEL-ANSV/)).toHaveCount(0);

  const history = page.getByRole('region', { name: 'Historik' });
  await expect(history.getByText('Omfattningen ändrades')).toBeVisible();
  await expect(history.getByText(/^Omfattar: .*Injektioner med fillers/)).toBeVisible();
  await expect(history.getByText('Utfärdades').or(history.getByText('Förnyades')).first()).toBeVisible();
  await axe();

  await page.goto(`/verifiera/${certificate.number}?lng=en`);
  await expect(
    page.getByRole('region', { name: 'The certification covers' }).getByText('Filler injections'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Checked facts' })
      .getByText(/^Checked \d{4}-\d{2}-\d{2}$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText('Scope changed')).toBeVisible();
});

test('a suspended certificate says so with its day and reason on /verifiera and on the badge', async ({
  page,
  request,
}) => {
  const certificate = await currentCertificate(request, SUSPENDED);
  expect(certificate.status).toBe('suspended');

  await page.goto(`/verifiera/${certificate.number}`);
  const notice = page.locator('[data-status="suspended"]');
  await expect(notice).toContainText('Tillfälligt indraget');
  await expect(notice).toContainText(/Tillfälligt indraget sedan \d{4}-\d{2}-\d{2}\./);
  await expect(notice).toContainText('Skäl: Ansvarsförsäkringen har löpt ut och ingen ny har verifierats.');
  await expect(page.locator('[data-status="active"]')).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Historik' });
  await expect(history.getByText('Drogs in tillfälligt')).toBeVisible();

  await page.goto(`/badge?id=${certificate.clinic.id}`);
  const badge = page.getByRole('link', { name: /är tillfälligt indraget sedan/ });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('Tillfälligt indraget');
  await expect(badge).toContainText(/Certifikatet är tillfälligt indraget sedan \d{4}-\d{2}-\d{2}/);
  await expect(badge).not.toContainText('Certifierad behandling');
  await expect(badge).toHaveAttribute('href', `/verifiera/${certificate.number}`);
});

test("a clinic's page lists the treatments its certificate covers, in its first screen and its structured data", async ({
  page,
  request,
}) => {
  const register = await request.get(`/api/clinics?search=${encodeURIComponent(SCOPE_CHANGED)}`);
  const { items } = (await register.json()) as { items: { fullName: string; slug: string }[] };
  const slug = items.find((item) => item.fullName === SCOPE_CHANGED)?.slug;
  if (!slug) throw new Error(`${SCOPE_CHANGED} is not in the register`);

  // As the server sends it, before any script runs.
  const html = await (await request.get(`/kliniker/${slug}`)).text();
  expect(html).toContain('Certifierade behandlingar');
  expect(html).toContain('Injektioner med fillers');
  expect(html).toMatch(/"about":\[\{"@type":"DefinedTerm","termCode":"[a-z_]+"/);

  await page.goto(`/kliniker/${slug}`);
  const scope = page.getByRole('region', { name: 'Certifierade behandlingar' });
  await expect(scope.getByText('Injektioner med fillers')).toBeVisible();
});

test('another site reads a certificate through the open API, and nothing else of /api', async ({
  page,
  request,
  baseURL,
}) => {
  const certificate = await currentCertificate(request, SCOPE_CHANGED);
  // A page of another origin that asks the open API and the site's own verification route.
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Annan sajt</title><output id="open"></output><output id="closed"></output>
<script>
  const show = (id, text) => { document.getElementById(id).textContent = text; };
  fetch('${baseURL}/api/public/certificates/${certificate.number}', { headers: { 'accept-language': 'en-GB,en;q=0.9' } })
    .then((answer) => answer.json()).then((body) => show('open', body.status + ' ' + body.treatments.map((t) => t.name.en).join(', ')))
    .catch(() => show('open', 'refused'));
  fetch('${baseURL}/api/certificates/${certificate.number}').then(() => show('closed', 'read')).catch(() => show('closed', 'refused'));
</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect(page.locator('#open')).toContainText(/^active .*Filler injections/);
    await expect(page.locator('#closed')).toHaveText('refused');
  } finally {
    server.close();
  }
});

test('anyone finds the verification from the footer, and a number typed without dashes in lower case finds its certificate', async ({
  page,
  request,
}) => {
  const certificate = await currentCertificate(request, SCOPE_CHANGED);
  const typed = certificate.number.replaceAll('-', '').toLowerCase();

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verifiera certifikat' }).click();
  await expect(page).toHaveURL(/\/verifiera$/);
  await page.getByLabel('Certifikatnummer eller klinikens namn').fill(typed);
  await expect(page.getByRole('list', { name: 'Hittade certifikat' }).getByText(certificate.number)).toBeVisible();

  await page.goto(`/verifiera/${typed}`);
  await expect(page.getByRole('heading', { name: `Certifikat ${certificate.number}` })).toBeVisible();
  await expect(page.locator('[data-status="active"]')).toContainText('Giltigt');
});
