import { expect, it } from 'vitest';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { InvitationByTokenSchema } from '../../../../contracts/reviews.ts';
import { insertInvitation } from '../../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

// Issue 23: the page an emailed review link opens asks, before anyone signs in, what the link is for.

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = new Date();

describeEachEngine('GET /api/review-invitations/:token', { now: () => clock }, (t) => {
  it('tells anyone, without signing in, the clinic, the invited address, the visit and that the link is open', async () => {
    clock = new Date();
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Länkkliniken', city: 'Umeå' }]);
    const sent = new Date(clock.getTime() - DAY_MS);
    const { id, token } = await insertInvitation(t.db, {
      clinicId,
      email: 'kund@test.example',
      visitDate: '2026-11-20',
      createdAt: sent,
    });
    const response = await t.app.inject({ url: `/api/review-invitations/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(InvitationByTokenSchema.parse(response.json())).toEqual({
      id,
      clinic: { id: clinicId, name: 'Länkkliniken', slug: expect.stringMatching(/^lankkliniken/) },
      email: 'kund@test.example',
      visitDate: '2026-11-20',
      expiresAt: new Date(sent.getTime() + 30 * DAY_MS).toISOString(),
      status: 'open',
    });
  });

  it('says when the link was used, and when it expired, by the app clock', async () => {
    clock = new Date();
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Tidskliniken' }]);
    const used = await insertInvitation(t.db, { clinicId, email: 'a@test.example', usedAt: clock });
    const open = await insertInvitation(t.db, { clinicId, email: 'b@test.example', createdAt: clock });
    const status = async (token: string) =>
      (await t.app.inject({ url: `/api/review-invitations/${token}` })).json<{ status: string }>().status;
    expect(await status(used.token)).toBe('used');
    expect(await status(open.token)).toBe('open');

    clock = new Date(clock.getTime() + 30 * DAY_MS - 1);
    expect(await status(open.token)).toBe('open');
    clock = new Date(clock.getTime() + 1);
    expect(await status(open.token)).toBe('expired');
    // Used stays used after its time, too.
    expect(await status(used.token)).toBe('used');
  });

  it('answers an unknown link 404 in the asker’s language, and a malformed one 400', async () => {
    const unknown = await t.app.inject({ url: '/api/review-invitations/inte-en-riktig-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'invitation_invalid', message: sv.invitationInvalid } });
    const english = await t.app.inject({
      url: '/api/review-invitations/inte-en-riktig-token',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ error: { code: 'invitation_invalid', message: en.invitationInvalid } });

    const nul = await t.app.inject({ url: '/api/review-invitations/ab%00cd' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.issues).toEqual([{ path: ['token'], message: sv.invitationInvalid }]);
    // Longer than any link's token: refused before it is read (the router's parameter limit, or the schema's).
    expect((await t.app.inject({ url: `/api/review-invitations/${'x'.repeat(201)}` })).statusCode).toBe(400);
  });
});

describeEachEngine(
  'GET /api/review-invitations/:token, rate limited',
  { auth: { rateLimits: { verifyPerIp: { max: 3, timeWindowMs: 60_000 } } } },
  (t) => {
    it('answers 429 with Retry-After past the per-IP limit of link checks, whatever the token, and not to another address', async () => {
      const ask = (remoteAddress: string) =>
        t.app.inject({ url: '/api/review-invitations/gissad-token', remoteAddress });
      for (let index = 0; index < 3; index += 1) expect((await ask('203.0.113.7')).statusCode).toBe(404);
      const refused = await ask('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ error: { code: 'too_many_requests', message: sv.tooManyRequests } });
      expect((await ask('203.0.113.8')).statusCode).toBe(404);
    });
  },
);
