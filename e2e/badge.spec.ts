import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signUpThroughApi, test } from './fixtures.ts';

// The embeddable badge (SPEC section 2, /badge): shown for an actively certified, public clinic, framed
// by any site; otherwise exactly SPEC's messages.

async function registerClinicId(request: Parameters<typeof signUpThroughApi>[0], name: string): Promise<string> {
  const answer = await request.get(`/api/clinics?search=${encodeURIComponent(name)}`);
  const { items } = (await answer.json()) as { items: { id: string; fullName: string }[] };
  const clinic = items.find((item) => item.fullName === name);
  if (!clinic) throw new Error(`${name} is not in the demo register`);
  return clinic.id;
}

test("the badge shows a certified clinic with its year, and SPEC's messages otherwise", async ({ page, request }) => {
  const id = await registerClinicId(request, 'Klara Hudmottagning');
  await page.goto(`/badge?id=${id}`);
  const badge = page.getByRole('link', { name: /Klara Hudmottagning/ });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('Klara Hudmottagning');
  await expect(badge).toContainText(/20\d\d/);
  await expect(badge).toHaveAttribute('target', '_blank');
  // No site header or footer around an embedded badge.
  await expect(page.getByRole('banner')).toHaveCount(0);

  await page.goto('/badge');
  await expect(page.getByText('Inget klinik-ID angivet.')).toBeVisible();
  await page.goto('/badge?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Kunde inte hitta kliniken.')).toBeVisible();
  await page.goto(`/badge?id=${'x'.repeat(500)}`);
  await expect(page.getByText('Kunde inte hitta kliniken.')).toBeVisible();
  const { session } = await signUpThroughApi(request, 'clinic', 'Nystartade Badgekliniken');
  await page.goto(`/badge?id=${(session.user as unknown as { id: string }).id}`);
  await expect(page.getByText('Denna klinik är inte aktivt certifierad.')).toBeVisible();
});

test('another site can frame the badge', async ({ page, request, baseURL }) => {
  const id = await registerClinicId(request, 'Åkerblads Hudvård');
  // Another origin: a page on a port of its own that embeds the snippet of the certification page.
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Klinikens webbplats</title><iframe src="${baseURL}/badge?id=${id}" width="320" height="320" style="border:none;background:transparent" title="Certifierad Klinik"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect(page.frameLocator('iframe').getByRole('link', { name: /Åkerblads Hudvård/ })).toBeVisible();
  } finally {
    server.close();
  }
});
