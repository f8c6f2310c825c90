import { describe, expect, it } from 'vitest';
import { areaRoleOf, pathAfterSignIn, requestedEmail, requestedPath } from './redirect.ts';

describe('areaRoleOf', () => {
  it.each([
    ['/dashboard', 'customer'],
    ['/dashboard/followed', 'customer'],
    ['/clinic-dashboard/payments', 'clinic'],
    ['/admin', 'admin'],
    ['/admin/cms', 'admin'],
    ['/admin/login', null],
    ['/dashboards', null],
    ['/kliniker', null],
  ] as const)('%s belongs to %s', (path, role) => {
    expect(areaRoleOf(path)).toBe(role);
  });
});

describe('requestedEmail', () => {
  it("takes the address to fill in (a review invitation's) from the location state", () => {
    expect(requestedEmail({ from: '/omdome/abc', email: 'anna@example.se' })).toBe('anna@example.se');
  });

  it.each([null, undefined, 'x', {}, { email: 42 }])('fills in nothing for %j', (state) => {
    expect(requestedEmail(state)).toBe('');
  });
});

describe('requestedPath', () => {
  it('takes a path of this site from the location state', () => {
    expect(requestedPath({ from: '/dashboard/reports?x=1' })).toBe('/dashboard/reports?x=1');
  });

  it.each([null, undefined, 'x', {}, { from: 42 }, { from: 'https://evil.example/' }, { from: '//evil.example/' }])(
    'ignores %j',
    (state) => {
      expect(requestedPath(state)).toBeNull();
    },
  );
});

describe('pathAfterSignIn', () => {
  it('leads each role to its own area without an asked page (SPEC section 2 "/login")', () => {
    expect(pathAfterSignIn('admin', null)).toBe('/admin');
    expect(pathAfterSignIn('clinic', null)).toBe('/clinic-dashboard');
    expect(pathAfterSignIn('customer', null)).toBe('/dashboard');
    expect(pathAfterSignIn(null, null)).toBe('/dashboard');
  });

  it('goes back to the asked page when the role may see it', () => {
    expect(pathAfterSignIn('customer', '/dashboard/followed')).toBe('/dashboard/followed');
    expect(pathAfterSignIn('admin', '/admin/users?search=anna')).toBe('/admin/users?search=anna');
    expect(pathAfterSignIn('clinic', '/kliniker?search=lund')).toBe('/kliniker?search=lund');
  });

  it("ignores another role's area and the sign-in pages themselves", () => {
    expect(pathAfterSignIn('clinic', '/dashboard/followed')).toBe('/clinic-dashboard');
    expect(pathAfterSignIn('customer', '/admin')).toBe('/dashboard');
    expect(pathAfterSignIn('admin', '/admin/login')).toBe('/admin');
    expect(pathAfterSignIn('customer', '/login')).toBe('/dashboard');
  });
});
