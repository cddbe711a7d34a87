/**
 * One webhook delivery attempt (product-decisions §7), the same in AWS (the SQS delivery
 * function) and in the local stack (the in-process worker):
 *
 * 1. read the watchlist and its secret now (a webhook paused, removed or changed since the match
 *    is not sent to; a rotated secret signs at once);
 * 2. check the URL again (SSRF rules: a name that now resolves to a private address is refused,
 *    nothing is sent) and connect to the address just checked;
 * 3. sign per Standard Webhooks (`standardwebhooks`), POST, never follow a redirect: only a 2xx
 *    delivers, a 3xx is a failure like a 5xx or a timeout;
 * 4. log the attempt (newest 50 per watchlist);
 * 5. a failure is retried after RETRY_DELAYS_MS[attempt - 1]; after the last attempt the webhook
 *    is paused with the reason, until the user resumes it.
 */
import { Webhook } from 'standardwebhooks';
import { config } from '../../config/index.js';
import { MAX_DELIVERY_ATTEMPTS, retryDelayAfter, webhookBody, type DeliveryAttempt, type DeliveryJob } from '../../domain/webhook-delivery.js';
import { deliveryLogRepository } from '../../repositories/delivery-log-repository.js';
import { watchlistRepository } from '../../repositories/watchlist-repository.js';
import { postWebhook } from '../webhooks/http-sender.js';
import { guardWebhookUrl } from '../webhooks/url-guard.js';
import { platformClock } from '../../platform/clock.js';

export type AttemptResult = { readonly status: 'delivered' | 'dropped' | 'paused' } | { readonly status: 'retry'; readonly retryInMs: number };

type Sent = Pick<DeliveryAttempt, 'status_code' | 'outcome' | 'error'>;

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `connection failed (${code})` : 'connection failed';
}

async function send(job: DeliveryJob, url: string, secret: string, nowMs: number): Promise<Sent> {
  const guard = await guardWebhookUrl(url);
  if (!guard.ok) return { outcome: 'refused', status_code: null, error: `not sent: the URL ${guard.reason}` };
  const body = webhookBody(job);
  const signature = new Webhook(secret).sign(job.webhook_id, new Date(nowMs), body);
  const headers = { 'webhook-id': job.webhook_id, 'webhook-timestamp': String(Math.floor(nowMs / 1000)), 'webhook-signature': signature };
  const timeoutMs = config().WEBHOOK_TIMEOUT_MS;
  try {
    const { statusCode } = await postWebhook(guard.url, guard.address, headers, body, timeoutMs);
    if (statusCode >= 200 && statusCode < 300) return { outcome: 'delivered', status_code: statusCode, error: null };
    const error = statusCode >= 300 && statusCode < 400 ? `HTTP ${statusCode}: redirects are not followed` : `HTTP ${statusCode}`;
    return { outcome: 'failed', status_code: statusCode, error };
  } catch (error) {
    return { outcome: 'failed', status_code: null, error: describeError(error, timeoutMs) };
  }
}

/** Attempt `attempt` (1-based) of `job` at `nowMs`. */
export async function attemptDelivery(job: DeliveryJob, attempt: number, nowMs: number = platformClock.now()): Promise<AttemptResult> {
  const target = await watchlistRepository.forDelivery(job.account_id, job.watchlist_id);
  const watchlist = target?.watchlist;
  // Removed, paused or no longer with this kind of event since the match: nothing to send.
  if (!target || !watchlist?.webhook_url || watchlist.webhook_status !== 'active' || watchlist.paused || !watchlist.events.includes(job.event_type)) {
    return { status: 'dropped' };
  }
  const sent = await send(job, watchlist.webhook_url, target.secret, nowMs);
  await deliveryLogRepository.append(job.account_id, job.watchlist_id, {
    webhook_id: job.webhook_id,
    event_type: job.event_type,
    cve_id: job.cve_id,
    attempt,
    attempted_at: new Date(nowMs).toISOString(),
    ...sent,
  });
  if (sent.outcome === 'delivered') return { status: 'delivered' };
  const wait = attempt < MAX_DELIVERY_ATTEMPTS ? retryDelayAfter(attempt) : undefined;
  if (wait !== undefined) return { status: 'retry', retryInMs: wait };
  const reason = `Paused after ${attempt} failed delivery attempts over about 24 hours (the last: ${sent.error ?? 'failed'}). Fix the receiver, then resume the webhook.`;
  await watchlistRepository.pauseWebhook(job.account_id, job.watchlist_id, watchlist.webhook_url, reason, new Date(nowMs).toISOString());
  return { status: 'paused' };
}
