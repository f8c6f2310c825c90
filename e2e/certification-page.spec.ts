import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { approvedClinic, expect, test } from './fixtures.ts';

// The certification page (issue #9) of a clinic approved a moment ago: its certificate, the certificate
// and the badge saved as PNG images of the sizes SPEC section 9 sets, and the code that embeds the badge.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The saved PNG and its size from the IHDR chunk right after the signature. */
async function readPng(download: Download) {
  const png = await readFile(await download.path());
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'a PNG signature').toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The opacity (0–255) of the image's top left pixel, decoded by the browser. */
const cornerAlpha = (page: Page, png: Buffer) =>
  page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, 1, 1).data[3];
  }, png.toString('base64'));

test('a newly certified clinic prints, saves and embeds its certificate and badge', async ({
  page,
  request,
  browser,
  baseURL,
  axe,
}) => {
  test.setTimeout(120_000);
  const name = `Glimmande Hud ${Date.now()}`;
  const { account, clinicId, certificate } = await approvedClinic(request, browser, name);
  expect(certificate.number).toMatch(/^CK-\d{4}-\d{6}$/);

  await page.goto('/login');
  await page.getByLabel('E-post').fill(account.email);
  await page.getByLabel('Lösenord').fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/clinic-dashboard$/);
  await page.goto('/clinic-dashboard/certification');

  const document = page.getByRole('article', { name: 'Officiellt certifikat' });
  await test.step('the certificate shows the clinic, its number and issue date', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Certifiering' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Certifikat' })).toHaveAttribute('aria-selected', 'true');
    await expect(document).toContainText(name);
    await expect(document).toContainText(certificate.number);
    await expect(document).toContainText(certificate.validFrom);
    await expect(document).toContainText(`Giltigt till och med 31 december ${certificate.validTo.slice(0, 4)}`);
    await expect(
      document.getByRole('img', {
        name: `QR-kod till certifikatets verifiering: ${baseURL}/verifiera/${certificate.number}`,
      }),
    ).toBeVisible();
    await axe({ include: 'main' });
  });

  await test.step('the certificate saves as a PNG at three times its size', async () => {
    const box = await document.boundingBox();
    if (!box) throw new Error('The certificate is not shown');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ladda ner som bild' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Certifikat - ${name}.png`);
    const { width, height } = await readPng(download);
    expect(Math.abs(width - 3 * box.width)).toBeLessThanOrEqual(3);
    expect(Math.abs(height - 3 * box.height)).toBeLessThanOrEqual(3);
    await expect(toast(page, 'Certifikat nedladdat!')).toBeVisible();
  });

  await test.step('the badge saves as a PNG at four times its size, about 1200 pixels', async () => {
    await page.getByRole('tab', { name: 'Digital badge' }).click();
    const badge = page.locator('[data-slot="certificate-badge"]');
    await expect(badge).toContainText(name);
    // What is saved is the badge with its outer ring: the element around it.
    const box = await badge.locator('..').boundingBox();
    if (!box) throw new Error('The badge is not shown');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ladda ner badge (PNG)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Badge - ${name}.png`);
    const { png, width, height } = await readPng(download);
    expect(Math.abs(width - 4 * box.width)).toBeLessThanOrEqual(4);
    expect(height).toBe(width);
    expect(width).toBeGreaterThanOrEqual(1200);
    expect(width).toBeLessThanOrEqual(1300);
    // Outside the round badge the image is transparent.
    expect(await cornerAlpha(page, png)).toBe(0);
    await expect(toast(page, 'Badge nedladdad!')).toBeVisible();
  });

  await test.step('the embed code frames the clinic’s badge and copies to the clipboard', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByRole('tab', { name: 'Bädda in' }).click();
    await expect(page.getByTitle('Certifierad Klinik')).toHaveAttribute('src', `/badge?id=${clinicId}`);
    await axe({ include: 'main' });
    await page.getByRole('button', { name: 'Kopiera kod' }).click();
    await expect(toast(page, 'Kod Kopierad!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`/badge?id=${clinicId}`);
    expect(copied).toBe(
      `<iframe src="${baseURL}/badge?id=${clinicId}" width="320" height="320" style="border:none;background:transparent" title="Certifierad Klinik"></iframe>`,
    );
  });
});
