import ipaddr from 'ipaddr.js';

/**
 * SSRF rules for webhooks (product-decisions §7): a webhook may only reach a public unicast
 * address. Every special range is refused — private (RFC 1918, IPv6 unique-local), loopback,
 * link-local (169.254.0.0/16 holds the cloud metadata endpoint 169.254.169.254; fd00:ec2::254,
 * AWS's IPv6 one, is unique-local), carrier-grade NAT (100.64.0.0/10, where 100.100.100.200 is
 * another cloud's metadata service), unspecified, multicast, broadcast, reserved and documentation
 * ranges, and the IPv6 transition prefixes (6to4, Teredo, NAT64) that embed an IPv4 address which
 * could itself be private. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged as the IPv4
 * address it carries. The ranges are ipaddr.js's, a well-kept table of the IANA special registries.
 */
export interface AddressVerdict {
  readonly allowed: boolean;
  /** The range the address belongs to (`unicast` for a public address). */
  readonly range: string;
  /** Why it is refused, in words a user understands; undefined when allowed. */
  readonly reason?: string;
}

const WORDS: Record<string, string> = {
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address (the range of cloud metadata endpoints)',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address (::a.b.c.d, deprecated; it carries an IPv4 address)',
};

/**
 * `::a.b.c.d` (::/96, "IPv4-compatible", deprecated by RFC 4291): the URL parser writes
 * `[::127.0.0.1]` as `[::7f00:1]`, which ipaddr.js files under public unicast (issue 24: the
 * guard let `[::169.254.169.254]` through). No public host is reached this way, so the whole
 * prefix is refused, whatever IPv4 address it carries.
 */
function isIpv4Compatible(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
}

/** Whether webhooks may be sent to `address` (an IP literal); `allowLoopback` is for the local stack only. */
export function classifyAddress(address: string, allowLoopback = false): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid', reason: 'not an IP address' };
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
  const processed = ipaddr.process(address);
  const range = isIpv4Compatible(processed) && processed.range() === 'unicast' ? 'ipv4Compatible' : processed.range();
  if (range === 'unicast' || (allowLoopback && range === 'loopback')) return { allowed: true, range };
  return { allowed: false, range, reason: WORDS[range] ?? `a special-purpose address (${range})` };
}

/** An IP literal as a URL host gives it (`[::1]` → `::1`), or undefined for a name. */
export function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : undefined;
}
