import { accountApiHandler, parseBody } from '../shared/http/account-handler.js';
import { accountRouter } from '../shared/http/account-router.js';
import { decodePathSegment } from '../shared/http/path-parameters.js';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { jsonResponse, okResponse } from '../shared/http/responses.js';
import { manifestBodyOf } from '../shared/http/scan-answer.js';
import {
  accountOverview,
  deleteAccount,
  deleteRequestSchema,
  emailRequestSchema,
  exportAccountData,
  rotateKey,
  signOut,
  unlinkIdentity,
  unlinkRequestSchema,
  updateEmail,
} from '../shared/accounts/use-cases/account-dashboard.js';
import { clearedSessionCookie } from '../shared/accounts/use-cases/sessions.js';
import { usageHistory } from '../shared/accounts/use-cases/usage-history.js';
import {
  createWatchlist,
  createWatchlistSchema,
  deleteWatchlist,
  listDeliveries,
  listWatchlists,
  rotateWebhookSecret,
  updateWatchlist,
  updateWatchlistSchema,
} from '../shared/keeping-up/use-cases/watchlists.js';
import { issueFeedToken, revokeFeedToken } from '../shared/keeping-up/use-cases/watchlist-feed-token.js';
import { previewWatchlist } from '../shared/keeping-up/use-cases/watchlist-preview.js';

const watchlistId = (event: APIGatewayProxyEvent) => decodePathSegment(event.pathParameters?.id ?? '');

const clearSession = { multiValueHeaders: { 'Set-Cookie': [clearedSessionCookie()] } };

/** The dashboard's JSON API: the session cookie identifies the caller; only their data. One action per route of the table. */
export const handler = accountApiHandler(
  accountRouter({
    'GET /account/me': { guard: 'session', run: async (active) => okResponse(await accountOverview(active)) },
    'GET /account/session': {
      guard: 'optional-session',
      run: async (active) => okResponse(active ? { signed_in: true, account: await accountOverview(active) } : { signed_in: false, account: null }),
    },
    'GET /account/usage': { guard: 'session', run: async (active) => okResponse(await usageHistory(active.account.account_id)) },
    'POST /account/key': { guard: 'dashboard', run: async (active) => okResponse(await rotateKey(active)) },
    'POST /account/unlink': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await unlinkIdentity(active, parseBody(event, unlinkRequestSchema))),
    },
    'POST /account/email': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await updateEmail(active, parseBody(event, emailRequestSchema))),
    },
    'POST /account/export': {
      guard: 'dashboard',
      run: async (active) =>
        jsonResponse(200, await exportAccountData(active), { 'Content-Disposition': 'attachment; filename="plaincve-account-export.json"' }),
    },
    'POST /account/delete': {
      guard: 'dashboard-deleting',
      run: async (active, event) => ({ ...okResponse(await deleteAccount(active, parseBody(event, deleteRequestSchema))), ...clearSession }),
    },
    'POST /account/sign-out': { guard: 'dashboard', run: async (active) => ({ ...okResponse(await signOut(active)), ...clearSession }) },
    // A read, like /me: browsers send no Origin on a same-origin GET.
    'GET /account/watchlists': { guard: 'session', run: async (active) => okResponse(await listWatchlists(active)) },
    'POST /account/watchlists': {
      guard: 'dashboard',
      run: async (active, event) => jsonResponse(201, { ok: true, data: await createWatchlist(active, parseBody(event, createWatchlistSchema)) }),
    },
    'PATCH /account/watchlists/{id}': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await updateWatchlist(active, watchlistId(event), parseBody(event, updateWatchlistSchema))),
    },
    // The scan tab: the manifest is the raw body (not JSON), the answer the JSON scan report.
    'POST /account/scan': {
      guard: 'dashboard',
      run: async (active, event) => {
        const { body, contentEncoding } = manifestBodyOf(event);
        // Loaded on the first scan, not at cold start: the parsers (CycloneDX's schema validator
        // among them) are most of this function's code, and most of its requests never scan.
        const { scanForDashboard } = await import('../shared/scan/use-cases/scan-manifest.js');
        const { report, rate } = await scanForDashboard(active, body, contentEncoding);
        return okResponse(report, rate);
      },
    },
    'DELETE /account/watchlists/{id}': { guard: 'dashboard', run: async (active, event) => okResponse(await deleteWatchlist(active, watchlistId(event))) },
    // Hands out a secret: same origin and CSRF token, like every change.
    'POST /account/watchlists/{id}/webhook-secret': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await rotateWebhookSecret(active, watchlistId(event))),
    },
    'GET /account/watchlists/{id}/deliveries': { guard: 'session', run: async (active, event) => okResponse(await listDeliveries(active, watchlistId(event))) },
    // The feed address is a capability: issuing and revoking it change state (Origin + CSRF).
    'POST /account/watchlists/{id}/feed-token': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await issueFeedToken(active, watchlistId(event))),
    },
    'DELETE /account/watchlists/{id}/feed-token': {
      guard: 'dashboard',
      run: async (active, event) => okResponse(await revokeFeedToken(active, watchlistId(event))),
    },
    'GET /account/watchlists/{id}/preview': { guard: 'session', run: async (active, event) => okResponse(await previewWatchlist(active, watchlistId(event))) },
  }),
);
