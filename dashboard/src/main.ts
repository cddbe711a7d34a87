/**
 * The PlainCVE dashboard: plain TypeScript and the DOM, no framework. The page markup is static
 * (index.html); this script fills it from GET /account/me and wires the actions to the
 * /account API. The API key appears only when the server returns it for this session.
 */
import { AccountApi, ApiFailure, type AccountOverview } from './api.js';
import { mountScanTab } from './scan-tab.js';
import { drawChart, usageSummary, usageTable } from './usage-chart.js';
import { WatchlistsTab } from './watchlists-tab.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
};

const api = new AccountApi();
let csrfToken = '';
let watchlistsTab: WatchlistsTab | undefined;

const NOTICES: Record<string, (provider: string) => string> = {
  linked: (p) => `${p} sign-in is now linked to your account.`,
  // The operator has not configured this provider yet (docs/deploy.md, npm run setup:oauth).
  'provider-unavailable': (p) => `Sign-in with ${p} is unavailable on this service. Please choose another provider.`,
  'link-refused': (p) =>
    `That ${p} account is already linked to another PlainCVE account, so it was not linked here. Sign in with it to use that account, or unlink it there first.`,
};
const PROVIDER_LABELS: Record<string, string> = { github: 'GitHub', google: 'Google', microsoft: 'Microsoft' };

function showNotice(text: string): void {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = text === '';
}

function showError(text: string): void {
  const error = $('error');
  error.textContent = text;
  error.hidden = text === '';
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function renderUsage(id: string, used: number, limit: number, unit: string): void {
  const box = $(id);
  const text = box.querySelector<HTMLElement>('.usage-text');
  const fill = box.querySelector<HTMLElement>('.bar-fill');
  if (text) text.textContent = `${used} of ${limit} ${unit}`;
  if (fill) fill.style.width = `${Math.min(100, Math.round((used / Math.max(1, limit)) * 100))}%`;
}

function renderKeys(data: AccountOverview): void {
  const hasKey = data.issued_key !== null;
  $('new-key').hidden = !hasKey;
  $('key-hidden').hidden = hasKey || data.key === null;
  $<HTMLInputElement>('api-key').value = data.issued_key ?? '';
  $('key-prefix').textContent = data.key ? `${data.key.prefix}…` : 'no key';
  $('key-created').textContent = data.key ? formatDate(data.key.created_at) : '–';
  renderUsage('usage-minute', data.usage.minute.used, data.usage.minute.limit, 'requests');
  renderUsage('usage-hour', data.usage.hour.used, data.usage.hour.limit, 'exports');
  $('example-origin').textContent = window.location.origin;
}

/** The dashboard tab a link attempt returns to: the one the user is on. */
function linkHref(provider: string): string {
  return `/auth/${encodeURIComponent(provider)}?returnTo=${encodeURIComponent(`/dashboard#${currentTab}`)}`;
}

function renderAccount(data: AccountOverview): void {
  const onlyOne = data.providers.length < 2;
  $('unlink-reason').hidden = !onlyOne;
  const list = $('providers');
  list.replaceChildren(
    ...data.providers.map((identity) => {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = `${identity.label} (${identity.email}), linked ${formatDate(identity.linked_at)}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary';
      button.textContent = `Unlink ${identity.label}`;
      button.setAttribute('aria-label', `Unlink ${identity.label} (${identity.email})`);
      if (onlyOne) {
        // Said on the page (and read with the button), not only in a hover title.
        button.disabled = true;
        button.setAttribute('aria-describedby', 'unlink-reason');
      }
      button.addEventListener('click', () => void unlink(identity.provider, identity.subject, identity.label));
      item.append(text, button);
      return item;
    }),
  );
  $('link-section').hidden = data.available_providers.length === 0;
  const links = $('link-providers');
  links.replaceChildren(
    ...data.available_providers.map((p) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.className = 'button';
      link.href = linkHref(p.provider);
      link.dataset.provider = p.provider;
      link.textContent = `Link ${p.label}`;
      item.append(link);
      return item;
    }),
  );
  const email = $<HTMLInputElement>('email');
  if (document.activeElement !== email) email.value = data.email;
}

function render(data: AccountOverview): void {
  $('loading').hidden = true;
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('session-nav').hidden = false;
  $('who').textContent = data.email;
  renderKeys(data);
  renderAccount(data);
  void renderUsageHistory();
  csrfToken = data.csrf_token;
  watchlistsTab ??= new WatchlistsTab($('panel-watchlists'), {
    csrfToken: () => csrfToken,
    notice: showNotice,
    error: showError,
    sessionEnded: () => {
      renderSignedOut();
      showNotice('Your session has ended. Please sign in again.');
    },
  });
  void watchlistsTab.refresh();
}

async function renderUsageHistory(): Promise<void> {
  try {
    const usage = await api.usage();
    $('usage-summary').textContent = usageSummary(usage.days);
    $('usage-chart').replaceChildren(drawChart(usage.days));
    $('usage-table').replaceChildren(usageTable(usage.days));
  } catch {
    $('usage-summary').textContent = 'Usage history could not be loaded; reload the page to try again.';
  }
}

function renderSignedOut(): void {
  $('loading').hidden = true;
  $('signed-in').hidden = true;
  $('session-nav').hidden = true;
  $('signed-out').hidden = false;
}

async function refresh(): Promise<void> {
  try {
    const data = await api.session();
    if (!data) return renderSignedOut();
    render(data);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) return renderSignedOut();
    $('loading').hidden = true;
    showError(messageOf(error));
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ApiFailure) return error.message;
  return 'The dashboard could not reach PlainCVE. Check your connection and try again.';
}

/** Runs an action with its button disabled, showing the outcome in the live regions. */
async function act(button: HTMLButtonElement | null, action: () => Promise<string | void>): Promise<void> {
  showError('');
  if (button) button.disabled = true;
  try {
    const message = await action();
    if (message) showNotice(message);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      renderSignedOut();
      showNotice('Your session has ended. Please sign in again.');
      return;
    }
    showError(messageOf(error));
  } finally {
    if (button) button.disabled = false;
  }
}

async function unlink(provider: string, subject: string, label: string): Promise<void> {
  await act(null, async () => {
    await api.unlink(provider, subject);
    await refresh();
    return `${label} sign-in was unlinked.`;
  });
}

// Tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs).
const TABS = ['keys', 'watchlists', 'account', 'privacy', 'scan'] as const;
type Tab = (typeof TABS)[number];
let currentTab: Tab = 'keys';

function selectTab(tab: Tab, focus = false): void {
  currentTab = tab;
  document.querySelectorAll<HTMLAnchorElement>('#link-providers a[data-provider]').forEach((link) => {
    link.href = linkHref(link.dataset.provider ?? '');
  });
  for (const name of TABS) {
    const button = $(`tab-${name}`);
    const selected = name === tab;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    $(`panel-${name}`).hidden = !selected;
    if (selected && focus) button.focus();
  }
  if (window.location.hash !== `#${tab}`) history.replaceState(null, '', `${window.location.pathname}#${tab}`);
}

function wireTabs(): void {
  TABS.forEach((tab, index) => {
    const button = $(`tab-${tab}`);
    button.addEventListener('click', () => selectTab(tab));
    button.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
      const target = moves[event.key];
      if (target === undefined) return;
      event.preventDefault();
      selectTab(TABS[(target + TABS.length) % TABS.length] as Tab, true);
    });
  });
  const fromHash = window.location.hash.slice(1) as Tab;
  selectTab(TABS.includes(fromHash) ? fromHash : 'keys');
}

function wireActions(): void {
  $('copy-key').addEventListener('click', () => {
    const input = $<HTMLInputElement>('api-key');
    const status = $('copy-status');
    const fallback = () => {
      input.select();
      status.textContent = document.execCommand('copy') ? 'Copied to the clipboard.' : 'Select the key and copy it.';
    };
    if (!navigator.clipboard) return fallback();
    navigator.clipboard.writeText(input.value).then(() => {
      status.textContent = 'Copied to the clipboard.';
    }, fallback);
  });

  $('rotate-key').addEventListener(
    'click',
    (event) =>
      void act(event.currentTarget as HTMLButtonElement, async () => {
        await api.rotateKey();
        await refresh();
        $('api-key').focus();
        return 'A new key was issued and the previous one revoked. Copy it now: it is shown only in this session.';
      }),
  );

  $<HTMLFormElement>('email-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>('email');
    const email = input.value.trim();
    const fieldError = $('email-error');
    const showFieldError = (text: string) => {
      fieldError.textContent = text;
      fieldError.hidden = text === '';
      input.setAttribute('aria-invalid', String(text !== ''));
    };
    showFieldError('');
    void act(null, async () => {
      try {
        await api.updateEmail(email);
      } catch (error) {
        // A refused address is shown beside the field (and announced), not only at the top.
        if (error instanceof ApiFailure && error.status === 400) {
          showFieldError(error.message);
          input.focus();
        }
        throw error;
      }
      await refresh();
      return `Your e-mail address is now ${email}.`;
    });
  });

  $('export-data').addEventListener(
    'click',
    (event) =>
      void act(event.currentTarget as HTMLButtonElement, async () => {
        const blob = await api.exportData();
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = 'plaincve-account-export.json';
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
        return 'Your account data was downloaded.';
      }),
  );

  $<HTMLFormElement>('delete-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const confirmation = $<HTMLInputElement>('delete-confirmation').value;
    void act(null, async () => {
      await api.deleteAccount(confirmation);
      renderSignedOut();
      $('main').focus();
      return 'Your account and all its data were deleted. Its API key no longer works.';
    });
  });

  $('sign-out').addEventListener(
    'click',
    () =>
      void act(null, async () => {
        await api.signOut();
        renderSignedOut();
        return 'You are signed out.';
      }),
  );
}

function showNoticeFromUrl(): void {
  const params = new URLSearchParams(window.location.search);
  const notice = params.get('notice');
  const provider = PROVIDER_LABELS[params.get('provider') ?? ''] ?? 'provider';
  const text = notice ? NOTICES[notice]?.(provider) : undefined;
  if (text) (notice === 'link-refused' ? showError : showNotice)(text);
  if (params.size > 0) history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
}

function start(): void {
  showNoticeFromUrl();
  wireTabs();
  wireActions();
  mountScanTab($('panel-scan'), api, () => {
    renderSignedOut();
    showNotice('Your session has ended. Please sign in again.');
  });
  void refresh();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
