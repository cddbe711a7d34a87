import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6 } from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * One webhook POST to an address already checked (url-guard.ts): the connection goes to that
 * address (a custom `lookup`, so no second DNS answer is used), TLS still verifies the URL's host
 * name, redirects are never followed (Node's client does not follow them; the caller treats a
 * 3xx as a failure), and the whole exchange has one deadline.
 */
export interface SendResult {
  readonly statusCode: number;
}

const MAX_BODY_READ = 64 * 1024;

export function postWebhook(url: URL, address: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const family = isIPv6(address) ? 6 : 4;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'PlainCVE-Webhooks/1', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        let read = 0;
        // The answer's body is not used; read (a little of) it so the connection closes cleanly.
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY_READ) res.destroy();
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }));
        res.on('close', () => resolve({ statusCode: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ statusCode: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
