import type { APIGatewayProxyEvent } from 'aws-lambda';
import { parseBody } from '../shared/http/account-handler.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { callerOf } from '../shared/http/caller.js';
import { decodePathSegment } from '../shared/http/path-parameters.js';
import { jsonResponse, okResponse } from '../shared/http/responses.js';
import {
  createWatchlist,
  createWatchlistSchema,
  deleteWatchlist,
  findWatchlist,
  listWatchlists,
  ownerOfAccount,
  updateWatchlist,
  updateWatchlistSchema,
} from '../shared/keeping-up/use-cases/watchlists.js';

const watchlistId = (event: APIGatewayProxyEvent) => decodePathSegment(event.pathParameters?.id ?? '');

/** `/api/watchlists` (product decisions §10): the dashboard's watchlist calls, for the API key's account. */
export const handler = apiHandler(
  async (event) => {
    const owner = ownerOfAccount(callerOf(event).accountId);
    switch (`${event.httpMethod} ${event.resource}`) {
      case 'GET /api/watchlists':
        return okResponse(await listWatchlists(owner), { 'Cache-Control': 'no-store' });
      case 'POST /api/watchlists':
        return jsonResponse(201, { ok: true, data: await createWatchlist(owner, parseBody(event, createWatchlistSchema)) }, { 'Cache-Control': 'no-store' });
      case 'GET /api/watchlists/{id}':
        return okResponse({ watchlist: await findWatchlist(owner, watchlistId(event)) }, { 'Cache-Control': 'no-store' });
      case 'PATCH /api/watchlists/{id}':
        return okResponse(await updateWatchlist(owner, watchlistId(event), parseBody(event, updateWatchlistSchema)), { 'Cache-Control': 'no-store' });
      case 'DELETE /api/watchlists/{id}':
        return okResponse(await deleteWatchlist(owner, watchlistId(event)), { 'Cache-Control': 'no-store' });
      default:
        // The route table sends only the five routes above here; anything else is a wiring bug.
        throw new Error(`watchlists-api: no action for ${event.httpMethod} ${event.resource}`);
    }
  },
  { auth: 'apiKey' },
);
