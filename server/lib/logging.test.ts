import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token_hash=abc123&type=recovery', '/reset-password?token_hash=%5Bredacted%5D&type=recovery'],
    [
      '/x?access_token=a&refresh_token=b&code=c&TOKEN=d',
      '/x?access_token=%5Bredacted%5D&refresh_token=%5Bredacted%5D&code=%5Bredacted%5D&TOKEN=%5Bredacted%5D',
    ],
    ['/auth/v1/token?grant_type=password', '/auth/v1/token?grant_type=password'],
    ['/api/data-export?ticket=eyJ.x.y&lng=en', '/api/data-export?ticket=%5Bredacted%5D&lng=en'],
    ['/api/clinics?search=g%C3%B6teborg', '/api/clinics?search=g%C3%B6teborg'],
    ['/kliniker', '/kliniker'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeRequest', () => {
  it('logs no headers, so no Authorization or cookie', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/api/me/profile',
      host: 'klinik.example',
      ip: '10.0.0.1',
      socket: { remotePort: 4711 },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/api/me/profile',
      host: 'klinik.example',
      remoteAddress: '10.0.0.1',
      remotePort: 4711,
    });
  });
});
