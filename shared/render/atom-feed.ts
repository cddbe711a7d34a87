import { Feed } from 'feed';
import type { ExportRecord } from '../domain/cve.js';
import type { WatchlistEvent } from '../domain/watchlist.js';
import { escapeHtml } from './html.js';

/** One feed entry: a change of the change log that the watchlist's filters and events match. */
export interface FeedEntry {
  readonly change_id: string;
  readonly cve_id: string;
  readonly changed_at: string;
  readonly event: WatchlistEvent;
  readonly fields: readonly string[];
  readonly record: ExportRecord;
  /** For `cve.risk_changed`: "LOW → CRITICAL_GAP: a public exploit appeared and …". */
  readonly risk_transition?: string;
}

export interface WatchlistFeed {
  readonly watchlistId: string;
  readonly name: string;
  /** The public origin, without a trailing slash. */
  readonly baseUrl: string;
  /** The feed's own path `/feeds/<token>.atom` (its rel="self" link). */
  readonly feedPath: string;
  /** Newest first. */
  readonly entries: readonly FeedEntry[];
  /** The feed's `updated` when it has no entry. */
  readonly emptyUpdated: string;
}

/** XML 1.0 cannot carry most control characters at all, even escaped; record text is not trusted to lack them. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** Entry title and summary are `type="html"`: record text is escaped as HTML (which also keeps `]]>` out of the CDATA). */
const html = (text: string) => escapeHtml(xmlSafe(text));

const EVENT_WORDS: Record<WatchlistEvent, string> = {
  'cve.added': 'new',
  'cve.risk_changed': 'risk changed',
  'cve.updated': 'updated',
};

/** Severity and score, then the risk level in words: a bare "risk HIGH" would read as severity (product decisions §10). */
function riskLine(record: ExportRecord): string {
  const score = record.cvss_score === null ? 'no CVSS score' : `CVSS ${record.cvss_score.toFixed(1)}`;
  const risk = record.exploit_intel ? `; detection-gap risk level ${record.exploit_intel.risk_meaning}` : '';
  return `${record.severity} (${score})${risk}`;
}

/** What the entry says changed, in a sentence or two. */
function summaryOf(entry: FeedEntry): string {
  const { record } = entry;
  const plain = record.explanation?.summary ?? record.description;
  if (entry.event === 'cve.added') return `New in PlainCVE: ${riskLine(record)}. ${plain}`;
  if (entry.event === 'cve.risk_changed') {
    const how = entry.risk_transition ?? `Now ${riskLine(record)}; changed: ${entry.fields.join(', ')}.`;
    return `${how}${/[.!?]$/.test(how) ? '' : '.'} ${plain}`;
  }
  return `Changed: ${entry.fields.join(', ')}. Now ${riskLine(record)}. ${plain}`;
}

/** "CVE-… new: title", "CVE-… risk LOW → CRITICAL_GAP: title", "CVE-… updated: title". */
function titleOf(entry: FeedEntry): string {
  const move = entry.event === 'cve.risk_changed' && entry.risk_transition ? `risk ${entry.risk_transition.split(':')[0]}` : EVENT_WORDS[entry.event];
  return `${entry.cve_id} ${move}: ${entry.record.title}`;
}

/** The watchlist's private Atom 1.0 feed, built with the `feed` library. */
export function renderWatchlistFeed(feed: WatchlistFeed): string {
  const atom = new Feed({
    id: `urn:plaincve:watchlist:${feed.watchlistId}`,
    title: xmlSafe(`PlainCVE watchlist: ${feed.name}`),
    description: 'CVEs of the PlainCVE catalogue that changed and match this watchlist, newest first.',
    link: `${feed.baseUrl}/dashboard`,
    feed: `${feed.baseUrl}${feed.feedPath}`,
    updated: new Date(feed.entries[0]?.changed_at ?? feed.emptyUpdated),
    author: { name: 'PlainCVE', link: feed.baseUrl },
    generator: 'PlainCVE',
  });
  for (const entry of feed.entries) {
    atom.addItem({
      id: `urn:plaincve:change:${entry.change_id}`,
      title: html(titleOf(entry)),
      link: `${feed.baseUrl}/cve/${entry.cve_id}`,
      date: new Date(entry.changed_at),
      description: html(summaryOf(entry)),
      category: [{ term: entry.event }],
    });
  }
  return atom.atom1();
}
