/**
 * The dashboard's Watchlists tab (product-decisions §7): list, create, edit, delete, pause and
 * resume watchlists; preview today's matches; the private Atom feed's address (new address,
 * revoke); the webhook's state and its delivery log. Filters are the export's parameters and the
 * server validates them with the export's own parser; a refused field is shown beside it.
 */
import type { RiskLevel } from '../../shared/domain/cve.js';
import { MAX_WATCHLIST_NAME } from '../../shared/domain/limits.js';
import { RISK_LEVEL_SCALE, RISK_LEVEL_WORDS } from '../../shared/domain/risk-meaning.js';
import { ApiFailure } from './api.js';
import { FieldFailure, WatchlistsApi, type Delivery, type Watchlist, type WatchlistEvent, type WatchlistInput } from './watchlists-api.js';

export interface WatchlistsTabHooks {
  readonly csrfToken: () => string;
  readonly notice: (text: string) => void;
  readonly error: (text: string) => void;
  /** The session ended (a 401): the page shows the signed-out view. */
  readonly sessionEnded: () => void;
}

const SELECT_FILTERS = {
  severity: { label: 'Severity', options: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] },
  risk_level: { label: 'Risk level', options: ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'] },
  patch_status: { label: 'Patch status', options: ['available', 'partial', 'workaround_only', 'not_available'] },
} as const;
const TEXT_FILTERS = {
  tag: { label: 'Tag (vendor, product or technology)', hint: 'Exact tag, any case, such as openssl.' },
  min_score: { label: 'Minimum CVSS score', hint: 'From 0 to 10, such as 7 or 7.5.' },
  search: { label: 'Text in the id, title, description or a name (Log4Shell)', hint: '' },
} as const;
const EVENTS: Record<WatchlistEvent, string> = {
  'cve.added': 'A new CVE matches',
  'cve.risk_changed': 'Risk changed (risk level, severity, KEV, exploit or detection)',
  'cve.updated': 'Any other change of a matching CVE',
};
const FILTER_NAMES = [...Object.keys(SELECT_FILTERS), ...Object.keys(TEXT_FILTERS), 'modified_since'];

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function button(text: string, className = '', label?: string): HTMLButtonElement {
  const b = el('button', { type: 'button', ...(className ? { class: className } : {}), ...(label ? { 'aria-label': label } : {}) }, text);
  return b;
}

/** A risk level is never shown bare (product decisions §10): it reads as a severity otherwise. */
function optionText(filter: string, value: string): string {
  return filter === 'risk_level' && value in RISK_LEVEL_WORDS ? `${value}: ${RISK_LEVEL_WORDS[value as RiskLevel]}` : value;
}

function filterValueText(name: string, value: unknown): string {
  if (name === 'modified_since') return String(value).slice(0, 10);
  return name === 'risk_level' ? `${optionText(name, String(value))} (detection gap)` : String(value);
}

function describeFilters(filters: Watchlist['filters']): string {
  const parts = Object.entries(filters).map(([name, value]) => `${name.replace('_', ' ')} ${filterValueText(name, value)}`);
  return parts.length ? parts.join(', ') : 'every CVE';
}

export class WatchlistsTab {
  private readonly api: WatchlistsApi;
  private readonly form: HTMLFormElement;
  private readonly list = el('ul', { class: 'watchlist-list', id: 'watchlist-list' });
  private readonly count = el('p', { id: 'watchlist-count', class: 'muted', tabindex: '-1' });
  private readonly secretBox = el('div', { id: 'webhook-secret-box', class: 'secret-box', hidden: '' });
  private readonly formTitle = el('h3', { id: 'watchlist-form-title' }, 'New watchlist');
  private readonly submit = el('button', { type: 'submit', id: 'watchlist-submit' }, 'Create watchlist');
  private readonly cancel = button('Cancel editing', 'secondary');
  private editing: Watchlist | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: WatchlistsTabHooks,
  ) {
    this.api = new WatchlistsApi(hooks.csrfToken);
    this.form = this.buildForm();
    this.cancel.hidden = true;
    this.cancel.addEventListener('click', () => this.stopEditing());
    root.replaceChildren(
      el('h2', {}, 'Watchlists'),
      el(
        'p',
        {},
        'A watchlist follows the CVEs that match export filters and tells you when they appear or change: in a private Atom feed, and by a signed webhook if you give one.',
      ),
      this.count,
      this.list,
      this.secretBox,
      el('section', { 'aria-labelledby': 'watchlist-form-title', class: 'watchlist-form' }, this.formTitle, this.form),
    );
  }

  async refresh(): Promise<void> {
    // Loading the list is no user action: it leaves the page's message alone (a refused link,
    // shown as the dashboard opens, must stay until the user acts).
    await this.guard(
      async () => {
        const { watchlists, max } = await this.api.list();
        this.count.textContent = `${watchlists.length} of ${max} watchlists.`;
        this.list.replaceChildren(...watchlists.map((w) => this.item(w)));
        if (watchlists.length === 0) this.list.replaceChildren(el('li', { class: 'muted' }, 'No watchlists yet: create one below.'));
      },
      { clearMessage: false },
    );
  }

  private buildForm(): HTMLFormElement {
    const form = el('form', { id: 'watchlist-form', novalidate: '' });
    const field = (name: string, label: string, control: HTMLElement, hint = '') => {
      const error = el('p', { id: `wl-${name}-error`, class: 'field-error', hidden: '' });
      const hintNode = hint ? el('p', { id: `wl-${name}-hint`, class: 'muted hint' }, hint) : undefined;
      control.id = `wl-${name}`;
      control.setAttribute('name', name);
      control.setAttribute('aria-describedby', [hintNode ? `wl-${name}-hint` : '', `wl-${name}-error`].filter(Boolean).join(' '));
      return el('div', { class: 'field' }, el('label', { for: `wl-${name}` }, label), control, ...(hintNode ? [hintNode] : []), error);
    };
    const filters = el('fieldset', {}, el('legend', {}, 'Filters (as in exports; all must match)'));
    for (const [name, spec] of Object.entries(SELECT_FILTERS)) {
      const select = el('select', {}, el('option', { value: '' }, 'Any'), ...spec.options.map((o) => el('option', { value: o }, optionText(name, o))));
      filters.append(field(name, spec.label, select, name === 'risk_level' ? `${RISK_LEVEL_SCALE}.` : ''));
    }
    for (const [name, spec] of Object.entries(TEXT_FILTERS)) {
      const input = el('input', {
        type: 'text',
        autocomplete: 'off',
        spellcheck: 'false',
        ...(name === 'min_score' ? { inputmode: 'decimal' } : { maxlength: '200' }),
      });
      filters.append(field(name, spec.label, input, spec.hint));
    }
    filters.append(
      field('modified_since', 'Changed on or after', el('input', { type: 'date' }), 'Optional: only CVEs whose PlainCVE record changed since this day.'),
    );
    const eventsError = el('p', { id: 'wl-events-error', class: 'field-error', hidden: '' });
    const events = el(
      'fieldset',
      { id: 'wl-events', 'aria-describedby': 'wl-events-error' },
      el('legend', {}, 'Tell me when'),
      ...Object.entries(EVENTS).map(([event, text]) => {
        const id = `wl-event-${event.replace('.', '-')}`;
        return el('div', { class: 'check' }, el('input', { type: 'checkbox', id, name: 'events', value: event }), el('label', { for: id }, text));
      }),
      eventsError,
    );
    form.append(
      field('name', 'Name', el('input', { type: 'text', maxlength: String(MAX_WATCHLIST_NAME), autocomplete: 'off', required: '' })),
      filters,
      events,
      field(
        'webhook_url',
        'Webhook URL (optional)',
        el('input', { type: 'url', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://' }),
        'PlainCVE POSTs each event here, signed (Standard Webhooks).',
      ),
      el('div', { class: 'field-row' }, this.submit, this.cancel),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.save();
    });
    return form;
  }

  private control<T extends HTMLInputElement | HTMLSelectElement>(name: string): T {
    return this.form.querySelector<T>(`#wl-${name}`)!;
  }

  private showFieldErrors(errors: Record<string, string>): void {
    for (const name of ['name', ...FILTER_NAMES, 'events', 'webhook_url']) {
      const text = errors[name] ?? '';
      const error = this.form.querySelector<HTMLElement>(`#wl-${name}-error`);
      if (error) {
        error.textContent = text;
        error.hidden = text === '';
      }
      this.form.querySelector(`#wl-${name}`)?.setAttribute('aria-invalid', String(text !== ''));
    }
    const first = Object.keys(errors)[0];
    if (first) (this.form.querySelector<HTMLElement>(`#wl-${first}`) ?? this.form.querySelector<HTMLElement>('#wl-name'))?.focus();
  }

  /** The form's values, checked as far as the browser can (the server decides on the filters' values). */
  private read(): { input: WatchlistInput; errors: Record<string, string> } {
    const errors: Record<string, string> = {};
    const name = this.control<HTMLInputElement>('name').value.trim();
    if (!name) errors.name = 'Give the watchlist a name.';
    const filters: Record<string, string> = {};
    for (const filter of FILTER_NAMES) {
      const value = this.control(filter).value.trim();
      if (value) filters[filter] = value;
    }
    if (filters.min_score !== undefined && !(/^\d{1,2}(\.\d+)?$/.test(filters.min_score) && Number(filters.min_score) <= 10)) {
      errors.min_score = 'Enter a score from 0 to 10, such as 7 or 7.5.';
    }
    const events = Array.from(this.form.querySelectorAll<HTMLInputElement>('input[name="events"]:checked')).map((c) => c.value as WatchlistEvent);
    if (events.length === 0) errors.events = 'Choose at least one event.';
    const url = this.control<HTMLInputElement>('webhook_url').value.trim();
    if (url && !URL.canParse(url)) errors.webhook_url = 'Enter a full address such as https://example.com/hooks/plaincve.';
    return { input: { name, filters, events, ...(url ? { webhook_url: url } : {}) }, errors };
  }

  private async save(): Promise<void> {
    const { input, errors } = this.read();
    this.showFieldErrors(errors);
    if (Object.keys(errors).length) return;
    this.submit.disabled = true;
    try {
      await this.guard(async () => {
        try {
          const editing = this.editing;
          const answer = editing ? await this.api.update(editing.id, this.changeOf(editing, input)) : await this.api.create(input);
          this.showSecret(answer.webhook_secret);
          this.hooks.notice(editing ? `Watchlist "${answer.watchlist.name}" was saved.` : `Watchlist "${answer.watchlist.name}" was created.`);
          this.stopEditing();
          await this.refresh();
        } catch (error) {
          if (error instanceof FieldFailure && Object.keys(error.fields).length) {
            this.showFieldErrors(error.fields);
            return;
          }
          throw error;
        }
      });
    } finally {
      this.submit.disabled = false;
    }
  }

  /** An edit sends the webhook URL only when it changed: sending it issues a new signing secret. */
  private changeOf(current: Watchlist, input: WatchlistInput): Partial<WatchlistInput> {
    const url = input.webhook_url ?? null;
    return { name: input.name, filters: input.filters, events: input.events, ...(url !== current.webhook_url ? { webhook_url: url } : {}) };
  }

  private showSecret(secret: string | undefined): void {
    this.secretBox.hidden = !secret;
    if (!secret) return;
    const input = el('input', { id: 'webhook-secret', type: 'text', readonly: '', spellcheck: 'false', autocomplete: 'off' });
    input.value = secret;
    this.secretBox.replaceChildren(
      el('p', {}, el('strong', {}, 'The webhook signing secret.'), ' It is shown only now: store it where your receiver verifies signatures.'),
      el('div', { class: 'key-row' }, el('label', { for: 'webhook-secret', class: 'visually-hidden' }, 'Webhook signing secret'), input),
    );
  }

  private startEditing(watchlist: Watchlist): void {
    this.editing = watchlist;
    this.formTitle.textContent = `Edit "${watchlist.name}"`;
    this.submit.textContent = 'Save changes';
    this.cancel.hidden = false;
    this.control<HTMLInputElement>('name').value = watchlist.name;
    for (const filter of FILTER_NAMES) {
      const value = watchlist.filters[filter];
      this.control(filter).value = value === undefined ? '' : filter === 'modified_since' ? String(value).slice(0, 10) : String(value);
    }
    for (const box of Array.from(this.form.querySelectorAll<HTMLInputElement>('input[name="events"]')))
      box.checked = watchlist.events.includes(box.value as WatchlistEvent);
    this.control<HTMLInputElement>('webhook_url').value = watchlist.webhook_url ?? '';
    this.showFieldErrors({});
    this.control<HTMLInputElement>('name').focus();
  }

  private stopEditing(): void {
    this.editing = undefined;
    this.form.reset();
    this.formTitle.textContent = 'New watchlist';
    this.submit.textContent = 'Create watchlist';
    this.cancel.hidden = true;
  }

  private item(w: Watchlist): HTMLLIElement {
    const headingId = `wl-title-${w.id}`;
    const status = el('span', { class: `badge ${w.paused ? 'warn' : 'ok'}` }, w.paused ? 'Paused' : 'Active');
    const facts = el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Filters'),
      el('dd', {}, describeFilters(w.filters)),
      el('dt', {}, 'Events'),
      el('dd', {}, w.events.join(', ')),
      el('dt', {}, 'Webhook'),
      el('dd', {}, ...this.webhookState(w)),
    );
    const preview = el('div', { class: 'preview', 'aria-live': 'polite', id: `wl-preview-${w.id}` });
    const actions = el('div', { class: 'field-row' });
    const act = (text: string, label: string, run: (b: HTMLButtonElement) => Promise<void>, className = 'secondary') => {
      const b = button(text, className, label);
      b.addEventListener('click', () => {
        b.disabled = true;
        void this.guard(() => run(b)).finally(() => (b.disabled = false));
      });
      actions.append(b);
    };
    act('Preview today', `Preview today's matches of ${w.name}`, async () => this.showPreview(w, preview));
    act('Edit', `Edit ${w.name}`, async () => this.startEditing(w));
    act(w.paused ? 'Resume' : 'Pause', `${w.paused ? 'Resume' : 'Pause'} ${w.name}`, async () => {
      await this.api.update(w.id, { paused: !w.paused });
      this.hooks.notice(`Watchlist "${w.name}" is ${w.paused ? 'active again' : 'paused'}.`);
      await this.refresh();
    });
    if (w.webhook_status === 'paused') {
      act('Resume webhook', `Resume the webhook of ${w.name}`, async () => {
        await this.api.update(w.id, { webhook_status: 'active' });
        this.hooks.notice(`The webhook of "${w.name}" will be tried again.`);
        await this.refresh();
      });
    }
    act(
      'Delete',
      `Delete ${w.name}`,
      async () => {
        if (!window.confirm(`Delete the watchlist "${w.name}"? Its feed address stops working.`)) return;
        await this.api.remove(w.id);
        this.hooks.notice(`Watchlist "${w.name}" was deleted.`);
        await this.refresh();
        this.count.focus();
      },
      'danger',
    );
    const item = el(
      'li',
      { class: 'watchlist', 'data-id': w.id },
      el('h3', { id: headingId }, w.name, ' ', status),
      facts,
      this.feedBlock(w),
      actions,
      preview,
    );
    if (w.webhook_url) item.append(this.deliveryLog(w));
    return item;
  }

  private webhookState(w: Watchlist): (Node | string)[] {
    if (!w.webhook_url) return ['none'];
    const paused = w.webhook_status === 'paused';
    const badge = el('span', { class: `badge ${paused ? 'warn' : 'ok'}` }, paused ? 'Webhook paused' : 'Webhook active');
    return [w.webhook_url, ' ', badge, ...(paused && w.webhook_paused_reason ? [el('span', { class: 'reason' }, ` ${w.webhook_paused_reason}`)] : [])];
  }

  private feedBlock(w: Watchlist): HTMLElement {
    const block = el('div', { class: 'feed' });
    const label = `Atom feed of ${w.name}`;
    const row = el('div', { class: 'key-row' });
    if (w.feed_url) {
      const id = `wl-feed-${w.id}`;
      const input = el('input', { id, type: 'text', readonly: '', spellcheck: 'false', autocomplete: 'off', 'aria-label': label, class: 'feed-url' });
      input.value = `${window.location.origin}${w.feed_url}`;
      row.append(input);
    } else {
      row.append(el('span', { class: 'muted' }, 'No feed address (revoked).'));
    }
    const renew = button(
      w.feed_url ? 'New address' : 'Create address',
      'secondary',
      `${w.feed_url ? 'New feed address' : 'Create a feed address'} for ${w.name}`,
    );
    renew.addEventListener(
      'click',
      () =>
        void this.guard(async () => {
          await this.api.newFeedToken(w.id);
          this.hooks.notice(w.feed_url ? `"${w.name}" has a new feed address; the old one no longer works.` : `"${w.name}" has a feed address.`);
          await this.refresh();
        }),
    );
    row.append(renew);
    if (w.feed_url) {
      const revoke = button('Revoke', 'secondary', `Revoke the feed address of ${w.name}`);
      revoke.addEventListener(
        'click',
        () =>
          void this.guard(async () => {
            await this.api.revokeFeedToken(w.id);
            this.hooks.notice(`The feed address of "${w.name}" no longer works.`);
            await this.refresh();
          }),
      );
      row.append(revoke);
    }
    block.append(el('p', { class: 'feed-title' }, 'Private Atom feed: anyone with the address can read it.'), row);
    return block;
  }

  private async showPreview(w: Watchlist, target: HTMLElement): Promise<void> {
    const { matches, count } = await this.api.preview(w.id);
    const summary = el(
      'p',
      {},
      count === 0
        ? 'No CVE that changed today matches.'
        : `${count} CVE${count === 1 ? '' : 's'} that changed today match${count === 1 ? 'es' : ''}${count > matches.length ? `; the first ${matches.length}` : ''}:`,
    );
    const list = el(
      'ul',
      { class: 'preview-list' },
      ...matches.map((m) =>
        el(
          'li',
          {},
          el('a', { href: `/cve/${encodeURIComponent(m.cve_id)}` }, m.cve_id),
          ` ${m.severity}${m.cvss_score === null ? '' : ` ${m.cvss_score.toFixed(1)}`}: ${m.title}`,
        ),
      ),
    );
    target.replaceChildren(summary, ...(matches.length ? [list] : []));
  }

  private deliveryLog(w: Watchlist): HTMLElement {
    const body = el('div', {});
    const details = el('details', {}, el('summary', {}, 'Delivery log'), body);
    details.addEventListener('toggle', () => {
      if (!details.open) return;
      void this.guard(async () => {
        let deliveries: Delivery[];
        try {
          deliveries = await this.api.deliveries(w.id);
        } catch (error) {
          if (error instanceof ApiFailure && error.status === 404) {
            body.replaceChildren(el('p', { class: 'muted' }, 'No delivery log is available.'));
            return;
          }
          throw error;
        }
        if (deliveries.length === 0) {
          body.replaceChildren(el('p', { class: 'muted' }, 'No delivery attempts yet.'));
          return;
        }
        const head = el('tr', {}, ...['Time', 'Event', 'CVE', 'Attempt', 'Outcome'].map((h) => el('th', { scope: 'col' }, h)));
        const rows = deliveries.map((d) =>
          el(
            'tr',
            {},
            el('td', {}, new Date(d.attempted_at).toLocaleString()),
            el('td', {}, d.event_type),
            el('td', {}, d.cve_id),
            el('td', {}, String(d.attempt)),
            el('td', {}, `${d.outcome}${d.status_code === null ? '' : ` (${d.status_code})`}${d.error ? `: ${d.error}` : ''}`),
          ),
        );
        body.replaceChildren(
          el('table', {}, el('caption', { class: 'visually-hidden' }, `Last deliveries of ${w.name}`), el('thead', {}, head), el('tbody', {}, ...rows)),
        );
      });
    });
    return details;
  }

  /** Runs an action; a failure is shown in the page's alert region, a 401 ends the session view. */
  private async guard(action: () => Promise<void>, options: { clearMessage: boolean } = { clearMessage: true }): Promise<void> {
    if (options.clearMessage) this.hooks.error('');
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 401) return this.hooks.sessionEnded();
      this.hooks.error(error instanceof ApiFailure ? error.message : 'The dashboard could not reach PlainCVE. Check your connection and try again.');
    }
  }
}
