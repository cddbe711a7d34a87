import { config } from '../../config/index.js';
import { classifyAddress } from '../../domain/webhook-address.js';
import { checkWebhookUrl } from '../../domain/webhook-url.js';
import { resolveHost } from './host-resolver.js';

/**
 * The SSRF check of a webhook URL (product-decisions §7), at save time and before every
 * delivery: the URL's shape (webhook-url.ts), then every address its host resolves to must be a
 * public one (webhook-address.ts). A name with any refused address is refused (an attacker's DNS
 * can answer with several). The delivery then connects to the address checked here, not to a
 * second resolution (which a rebinding DNS server could answer differently).
 */
export type GuardVerdict = { readonly ok: true; readonly url: URL; readonly address: string } | { readonly ok: false; readonly reason: string };

export async function guardWebhookUrl(raw: string): Promise<GuardVerdict> {
  const allowLoopback = config().WEBHOOK_ALLOW_LOOPBACK;
  const shape = checkWebhookUrl(raw, { allowLoopback });
  if (!shape.ok) return shape;
  if (shape.address !== undefined) return { ok: true, url: shape.url, address: shape.address };
  let addresses: string[];
  try {
    addresses = await resolveHost(shape.url.hostname);
  } catch {
    return { ok: false, reason: `host ${shape.url.hostname} could not be resolved` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${shape.url.hostname} has no address` };
  for (const address of addresses) {
    const verdict = classifyAddress(address, allowLoopback);
    if (!verdict.allowed) return { ok: false, reason: `host ${shape.url.hostname} resolves to ${verdict.reason ?? 'a refused address'} (${address})` };
  }
  return { ok: true, url: shape.url, address: addresses[0]! };
}
