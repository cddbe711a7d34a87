import { describe, expect, it } from 'vitest';
import { classifyAddress, ipLiteralOf } from '../../shared/domain/webhook-address.js';
import { checkWebhookUrl } from '../../shared/domain/webhook-url.js';

describe('classifyAddress: only public unicast addresses take webhooks (SSRF, product-decisions §7)', () => {
  it.each([
    ['8.8.8.8', 'unicast'],
    ['93.184.216.34', 'unicast'],
    ['2606:4700:4700::1111', 'unicast'],
    ['2a00:1450:4001:81b::200e', 'unicast'],
  ])('allows the public address %s', (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: true, range });
  });

  it.each([
    // IPv4 private, loopback, link-local (metadata), shared, special
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.170.2', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6 loopback, unspecified, link-local, unique-local (AWS's IPv6 metadata), multicast
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    // IPv4 inside IPv6: mapped forms are judged as the IPv4 address; transition prefixes are refused
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.range).toBe(range);
    expect(verdict.reason).toBeTruthy();
  });

  it('names the metadata range in its reason', () => {
    expect(classifyAddress('169.254.169.254').reason).toContain('metadata');
  });

  it('allows loopback only when the local stack asks for it, and nothing else more', () => {
    expect(classifyAddress('127.0.0.1', true).allowed).toBe(true);
    expect(classifyAddress('::1', true).allowed).toBe(true);
    expect(classifyAddress('::ffff:127.0.0.1', true).allowed).toBe(true);
    expect(classifyAddress('10.0.0.1', true).allowed).toBe(false);
    expect(classifyAddress('169.254.169.254', true).allowed).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com')).toMatchObject({ allowed: false, range: 'invalid' });
  });

  it('reads IP literals as a URL host gives them', () => {
    expect(ipLiteralOf('[::1]')).toBe('::1');
    expect(ipLiteralOf('10.0.0.1')).toBe('10.0.0.1');
    expect(ipLiteralOf('example.com')).toBeUndefined();
    expect(ipLiteralOf(new URL('https://0x7f.1/').hostname)).toBe('127.0.0.1');
  });
});

describe('checkWebhookUrl', () => {
  const aws = { allowLoopback: false };
  const local = { allowLoopback: true };
  const reason = (raw: string, policy = aws) => {
    const verdict = checkWebhookUrl(raw, policy);
    return verdict.ok ? undefined : verdict.reason;
  };

  it('accepts https to a name (resolved later) or a public address', () => {
    expect(checkWebhookUrl('https://hooks.example.com/plaincve?x=1', aws)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('https://93.184.216.34:8443/hook', aws)).toMatchObject({ ok: true, address: '93.184.216.34' });
  });

  it('refuses plain http, other schemes, credentials and fragments', () => {
    expect(reason('http://hooks.example.com/')).toBe('must use https://');
    expect(reason('ftp://hooks.example.com/')).toBe('must use https://');
    expect(reason('https://user:pw@hooks.example.com/')).toContain('user name or password');
    expect(reason('https://hooks.example.com/#x')).toContain('fragment');
    expect(reason('not a url')).toBe('is not a URL');
  });

  it('refuses private, loopback and metadata literals in every spelling', () => {
    for (const raw of [
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[::ffff:169.254.169.254]/',
      'https://[fd00:ec2::254]/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://localhost/',
    ]) {
      expect(reason(raw), raw).toMatch(/must not point to/);
    }
  });

  it('in the local stack, allows http:// and https:// to loopback only', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', local)).toMatchObject({ ok: true, address: '127.0.0.1' });
    expect(checkWebhookUrl('http://localhost:4000/hook', local)).toMatchObject({ ok: true });
    expect(reason('http://hooks.example.com/', local)).toContain('only to this machine');
    expect(reason('http://10.0.0.1/', local)).toContain('only to this machine');
    expect(reason('https://10.0.0.1/', local)).toMatch(/private/);
  });
});
