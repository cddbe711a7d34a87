import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ApiError } from '../shared/domain/errors.js';
import { accountApiHandler, checkCsrf, checkOrigin, cookieHeaderOf, parseBody } from '../shared/http/account-handler.js';
import { decodePathSegment } from '../shared/http/path-parameters.js';
import { jsonResponse, okResponse } from '../shared/http/responses.js';
import { createWatchlistSchema, updateWatchlistSchema } from '../shared/domain/watchlist.js';
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
} from '../shared/use-cases/account-dashboard.js';
import { clearedSessionCookie, requireSession } from '../shared/use-cases/sessions.js';
import { createWatchlist, deleteWatchlist, listWatchlists, updateWatchlist } from '../shared/use-cases/watchlists.js';

const watchlistId = (event: APIGatewayProxyEvent) => decodePathSegment(event.pathParameters?.id ?? '');

const clearSession = { multiValueHeaders: { 'Set-Cookie': [clearedSessionCookie()] } };

/** The dashboard's JSON API: the session cookie identifies the caller; only their data. */
async function route(event: APIGatewayProxyEvent) {
  const action = `${event.httpMethod} ${event.resource}`;
  if (action === 'GET /account/me') {
    return okResponse(await accountOverview(await requireSession(cookieHeaderOf(event))));
  }
  // A read, like /me: browsers send no Origin on a same-origin GET.
  if (action === 'GET /account/watchlists') {
    return okResponse(await listWatchlists(await requireSession(cookieHeaderOf(event))));
  }
  // Everything else changes state or hands out data: same origin and this session's token.
  checkOrigin(event);
  const deleting = action === 'POST /account/delete';
  const active = await requireSession(cookieHeaderOf(event), { allowDeleting: deleting });
  checkCsrf(event, active);
  switch (action) {
    case 'POST /account/key':
      return okResponse(await rotateKey(active));
    case 'POST /account/unlink':
      return okResponse(await unlinkIdentity(active, parseBody(event, unlinkRequestSchema)));
    case 'POST /account/email':
      return okResponse(await updateEmail(active, parseBody(event, emailRequestSchema)));
    case 'POST /account/export': {
      const data = await exportAccountData(active);
      return jsonResponse(200, data, { 'Content-Disposition': 'attachment; filename="plaincve-account-export.json"' });
    }
    case 'POST /account/delete':
      return { ...okResponse(await deleteAccount(active, parseBody(event, deleteRequestSchema))), ...clearSession };
    case 'POST /account/sign-out':
      return { ...okResponse(await signOut(active)), ...clearSession };
    case 'POST /account/watchlists':
      return jsonResponse(201, { ok: true, data: await createWatchlist(active, parseBody(event, createWatchlistSchema)) });
    case 'PATCH /account/watchlists/{id}':
      return okResponse(await updateWatchlist(active, watchlistId(event), parseBody(event, updateWatchlistSchema)));
    case 'DELETE /account/watchlists/{id}':
      return okResponse(await deleteWatchlist(active, watchlistId(event)));
    default:
      throw new ApiError('NOT_FOUND');
  }
}

export const handler = accountApiHandler(route);
