import { classifyAddress, ipLiteralOf } from './webhook-address.js';

/**
 * What a webhook URL may be (product-decisions §7), before any name is resolved: `https://`
 * only, no user or password in it, no fragment. The local stack (and only it) also accepts plain
 * `http://` to a loopback host, so a developer's receiver on 127.0.0.1 works. A host that is an
 * IP literal is judged here; a name is resolved and each of its addresses judged by the caller
 * (at save time and again at each delivery).
 */
export interface WebhookUrlPolicy {
  /** Local stack only: `http://` and loopback addresses are allowed. */
  readonly allowLoopback: boolean;
}

export type WebhookUrlVerdict =
  | { readonly ok: true; readonly url: URL; /** The host when it is an IP literal (no resolution needed). */ readonly address?: string }
  | { readonly ok: false; readonly reason: string };

const LOOPBACK_NAMES = new Set(['localhost']);

function refuse(reason: string): WebhookUrlVerdict {
  return { ok: false, reason };
}

export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): WebhookUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not a URL');
  }
  if (url.username || url.password) return refuse('must not contain a user name or password');
  if (url.hash) return refuse('must not contain a fragment (#…)');
  const literal = ipLiteralOf(url.hostname);
  const loopbackHost = LOOPBACK_NAMES.has(url.hostname) || (literal !== undefined && classifyAddress(literal).range === 'loopback');
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && loopbackHost))
      return refuse(policy.allowLoopback ? 'must use https:// (plain http:// only to this machine)' : 'must use https://');
  } else if (url.protocol !== 'https:') {
    return refuse('must use https://');
  }
  if (LOOPBACK_NAMES.has(url.hostname) && !policy.allowLoopback) return refuse('must not point to a loopback address');
  if (literal !== undefined) {
    const verdict = classifyAddress(literal, policy.allowLoopback);
    if (!verdict.allowed) return refuse(`must not point to ${verdict.reason ?? 'this address'}`);
    return { ok: true, url, address: literal };
  }
  return { ok: true, url };
}
