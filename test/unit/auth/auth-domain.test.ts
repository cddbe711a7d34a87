import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hostCookie, parseCookies } from '../../../shared/auth/cookies.js';
import { isSameOrigin, safeReturnTo } from '../../../shared/auth/return-to.js';
import { newSessionId, openForSession, sameToken, sealForSession, sessionHash } from '../../../shared/auth/session-secret.js';
import { escapeHtml, safeHref } from '../../../shared/render/html.js';

describe('returnTo', () => {
  test.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard#account', '/dashboard#account'],
    ['/dashboard?x=1', '/dashboard?x=1'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/account/me', '/dashboard'],
    ['/dashboard/../auth/x', '/dashboard'],
    ['', '/dashboard'],
    [undefined, '/dashboard'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  test('never yields anything but a same-origin dashboard path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (candidate) => {
        const result = safeReturnTo(candidate);
        const url = new URL(result, 'https://plaincve.example');
        expect(url.origin).toBe('https://plaincve.example');
        expect(url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/')).toBe(true);
      }),
    );
  });

  test('Origin must be exactly the public origin', () => {
    expect(isSameOrigin('https://plaincve.example', 'https://plaincve.example')).toBe(true);
    expect(isSameOrigin('https://plaincve.example', 'https://plaincve.example/')).toBe(true);
    expect(isSameOrigin('https://evil.example', 'https://plaincve.example')).toBe(false);
    expect(isSameOrigin('null', 'https://plaincve.example')).toBe(false);
    expect(isSameOrigin(undefined, 'https://plaincve.example')).toBe(false);
    expect(isSameOrigin('https://plaincve.example.evil.example', 'https://plaincve.example')).toBe(false);
  });
});

describe('session secrets', () => {
  test('the sealed key opens only with the same session id and context', () => {
    const id = newSessionId();
    const sealed = sealForSession(id, 'pcve_secret', 'acc:key');
    expect(openForSession(id, sealed, 'acc:key')).toBe('pcve_secret');
    expect(openForSession(newSessionId(), sealed, 'acc:key')).toBeUndefined();
    expect(openForSession(id, sealed, 'acc:other')).toBeUndefined();
    expect(JSON.stringify(sealed)).not.toContain('pcve_secret');
  });

  test('session ids are 256-bit, unique, and hashed one way', () => {
    const a = newSessionId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionId()).not.toBe(a);
    expect(sessionHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(sameToken(a, a)).toBe(true);
    expect(sameToken(a, `${a}x`)).toBe(false);
    expect(sameToken(undefined, a)).toBe(false);
  });
});

describe('cookies', () => {
  test('host cookies carry every flag; parsing keeps the first value', () => {
    expect(hostCookie('__Host-x', 'v', { maxAge: 60 })).toBe('__Host-x=v; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax');
    expect(() => hostCookie('x', 'v', { maxAge: 1 })).toThrow();
    expect(parseCookies('a=1; b=2; a=3').get('a')).toBe('1');
    expect(parseCookies(undefined).size).toBe(0);
  });
});

describe('HTML escaping', () => {
  test('escaped text never contains markup characters', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(escapeHtml(text)).not.toMatch(/[<>"']/);
      }),
    );
  });

  test('only http(s) links become hrefs', () => {
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref('not a url')).toBeUndefined();
  });
});
