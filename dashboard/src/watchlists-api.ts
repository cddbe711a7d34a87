/** The dashboard's client of /account/watchlists (product-decisions §7): same origin, the session cookie, the CSRF header. */
import { ApiFailure, failureOf } from './api.js';

export type WatchlistEvent = 'cve.added' | 'cve.risk_changed' | 'cve.updated';

export interface Watchlist {
  id: string;
  name: string;
  filters: Record<string, string | number>;
  events: WatchlistEvent[];
  paused: boolean;
  webhook_url: string | null;
  webhook_status?: 'active' | 'paused' | null;
  webhook_paused_reason?: string | null;
  /** `/feeds/<token>.atom`, null when revoked. */
  feed_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface WatchlistInput {
  name: string;
  filters: Record<string, string>;
  events: WatchlistEvent[];
  webhook_url?: string | null;
}

export interface PreviewRecord {
  cve_id: string;
  title: string;
  severity: string;
  cvss_score: number | null;
  exploit_intel?: { risk_level: string };
}

export interface Delivery {
  webhook_id: string;
  event_type: string;
  cve_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  outcome: 'delivered' | 'failed' | 'refused';
  error: string | null;
}

/** A field's problems from a 400's details: `filters.min_score` → `min_score`. */
export class FieldFailure extends ApiFailure {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(400, message);
  }
}

export class WatchlistsApi {
  constructor(private readonly csrfToken: () => string) {}

  async list(): Promise<{ watchlists: Watchlist[]; max: number }> {
    return (await this.call('GET', '/account/watchlists')) as { watchlists: Watchlist[]; max: number };
  }

  async create(input: WatchlistInput): Promise<{ watchlist: Watchlist; webhook_secret?: string }> {
    return (await this.call('POST', '/account/watchlists', input)) as { watchlist: Watchlist; webhook_secret?: string };
  }

  async update(
    id: string,
    change: Partial<WatchlistInput> & { paused?: boolean; webhook_status?: 'active' },
  ): Promise<{ watchlist: Watchlist; webhook_secret?: string }> {
    return (await this.call('PATCH', `/account/watchlists/${encodeURIComponent(id)}`, change)) as { watchlist: Watchlist; webhook_secret?: string };
  }

  async remove(id: string): Promise<void> {
    await this.call('DELETE', `/account/watchlists/${encodeURIComponent(id)}`);
  }

  async newFeedToken(id: string): Promise<Watchlist> {
    return ((await this.call('POST', `/account/watchlists/${encodeURIComponent(id)}/feed-token`, {})) as { watchlist: Watchlist }).watchlist;
  }

  async revokeFeedToken(id: string): Promise<Watchlist> {
    return ((await this.call('DELETE', `/account/watchlists/${encodeURIComponent(id)}/feed-token`)) as { watchlist: Watchlist }).watchlist;
  }

  async preview(id: string): Promise<{ matches: PreviewRecord[]; count: number }> {
    return (await this.call('GET', `/account/watchlists/${encodeURIComponent(id)}/preview`)) as { matches: PreviewRecord[]; count: number };
  }

  async deliveries(id: string): Promise<Delivery[]> {
    return ((await this.call('GET', `/account/watchlists/${encodeURIComponent(id)}/deliveries`)) as { deliveries: Delivery[] }).deliveries;
  }

  private async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', 'X-CSRF-Token': this.csrfToken() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 400) {
      const copy = response.clone();
      const json = (await copy.json().catch(() => ({}))) as { error?: { message?: string; details?: { parameter?: string; message?: string }[] } };
      const fields: Record<string, string> = {};
      for (const detail of json.error?.details ?? []) {
        const name = (detail.parameter ?? '').replace(/^filters\./, '');
        if (name && detail.message) fields[name] = fields[name] ? `${fields[name]} ${detail.message}` : detail.message;
      }
      throw new FieldFailure(json.error?.message ?? 'The watchlist is not valid.', fields);
    }
    if (!response.ok) throw await failureOf(response);
    return ((await response.json()) as { data: unknown }).data;
  }
}
