import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/test-app.ts';

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Certifierad Klinik</title>');
writeFileSync(path.join(webRoot, 'assets', 'app.js'), script);
writeFileSync(path.join(webRoot, 'assets', 'app.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webRoot, 'assets', 'app.js.gz'), gzipSync(script));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describeEachEngine('compressed delivery', { demo: true, webRoot }, (t) => {
  it('compresses JSON answers over 1 KB as the browser accepts, and leaves them plain otherwise', async () => {
    const plain = await t.app.inject({ url: '/api/clinics' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: '/api/clinics', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await t.app.inject({ url: '/api/clinics', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // A small answer is not worth it.
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the web app's precompressed files as they are, with Vary", async () => {
    const br = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });
});
