import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isBinaryMediaType, proxyEvent, requestContext, requestParts } from '../../shared/local/proxy-event.js';
import type { RouteMatch } from '../../shared/local/route-matcher.js';

function fakeRequest(headers: Record<string, string>): IncomingMessage {
  return {
    rawHeaders: Object.entries(headers).flat(),
    headers: {},
    httpVersion: '1.1',
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
}

const match = { route: { method: 'POST', path: '/account/email', functionId: 'health', auth: 'none' }, pathParameters: {} } as unknown as RouteMatch;

function eventFor(headers: Record<string, string>, body: string) {
  const req = fakeRequest(headers);
  const url = new URL('http://localhost/account/email');
  return proxyEvent(requestParts(req, url), match, url.pathname, Buffer.from(body), requestContext(req, match, url.pathname, 'r1'));
}

describe('binary media types in the local adapter (as API Gateway with */*)', () => {
  it('matches wildcards and ignores parameters and case', () => {
    expect(isBinaryMediaType('application/json; charset=utf-8', ['*/*'])).toBe(true);
    expect(isBinaryMediaType('Text/CSV', ['text/*'])).toBe(true);
    expect(isBinaryMediaType('application/json', ['text/*'])).toBe(false);
    expect(isBinaryMediaType('image/png', ['image/png'])).toBe(true);
  });

  it('base64-encodes every request body, with or without a Content-Type', () => {
    const json = eventFor({ 'Content-Type': 'application/json' }, '{"email":"a@example.com"}');
    expect(json.isBase64Encoded).toBe(true);
    expect(Buffer.from(json.body ?? '', 'base64').toString()).toBe('{"email":"a@example.com"}');
    const untyped = eventFor({}, 'plain');
    expect(untyped.isBase64Encoded).toBe(true);
    expect(Buffer.from(untyped.body ?? '', 'base64').toString()).toBe('plain');
    const empty = eventFor({ 'Content-Type': 'application/json' }, '');
    expect(empty).toMatchObject({ body: null, isBase64Encoded: false });
  });
});
