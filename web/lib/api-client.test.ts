import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiErrorMessage } from './api-client.ts';
import { apiSend } from './api-send.ts';
import { i18n } from './i18n.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['common']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apiSend', () => {
  it('sends JSON with the token and the language, and gives back the answer', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ ok: true }));
    expect(await apiSend('PATCH', '/clinic/settings', { city: 'Lund' }, { accessToken: 'token' })).toEqual({
      ok: true,
    });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/clinic/settings');
    expect(init).toMatchObject({ method: 'PATCH', body: '{"city":"Lund"}' });
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer token',
      'accept-language': 'sv',
      'content-type': 'application/json',
    });
  });

  it('sends no content type without a body, and gives undefined for 204', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    expect(await apiSend('DELETE', '/clinic/documents/1', undefined, { accessToken: 'token' })).toBeUndefined();
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).not.toHaveProperty('content-type');
    expect(fetchSpy.mock.calls[0]?.[1]).not.toHaveProperty('body');
  });

  it("rejects with the server's code, translated message and issues", async () => {
    const issues = [{ path: ['orgNumber'], message: 'Ange ett giltigt organisationsnummer.' }];
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: { code: 'invalid_request', message: 'Ogiltig begäran.', issues } }, 400),
    );
    const error = await apiSend('PATCH', '/clinic/application', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', message: 'Ogiltig begäran.', issues });
  });

  it('turns an unreachable server and an answer without the error shape into messages a person can read', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await apiSend('POST', '/clinic/application/submit', undefined).catch((caught: unknown) => caught);
    expect(offline).toMatchObject({ status: 0, code: 'network_error' });
    expect(apiErrorMessage(offline)).toBe('Kunde inte nå servern. Kontrollera din anslutning och försök igen.');

    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const gateway = await apiSend('POST', '/clinic/application/submit', undefined).catch((caught: unknown) => caught);
    expect(gateway).toMatchObject({
      status: 502,
      code: 'unknown',
      message: 'Något gick fel. Försök igen om en stund.',
    });
    expect(apiErrorMessage(new Error('boom'))).toBe('Något gick fel. Försök igen om en stund.');
  });

  it('keeps an abort an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(
      apiSend('PUT', '/clinic/visibility', { isPublic: true }, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
