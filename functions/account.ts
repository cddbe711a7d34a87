import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ApiError } from '../shared/domain/errors.js';
import { accountApiHandler, checkCsrf, checkOrigin, cookieHeaderOf, parseBody } from '../shared/http/account-handler.js';
import { jsonResponse, okResponse } from '../shared/http/responses.js';
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
import { clearedSessionCookie, findSession, requireSession } from '../shared/use-cases/sessions.js';
import { usageHistory } from '../shared/use-cases/usage-history.js';

const clearSession = { multiValueHeaders: { 'Set-Cookie': [clearedSessionCookie()] } };

/** The dashboard's JSON API: the session cookie identifies the caller; only their data. */
async function route(event: APIGatewayProxyEvent) {
  const action = `${event.httpMethod} ${event.resource}`;
  if (action === 'GET /account/me') {
    return okResponse(await accountOverview(await requireSession(cookieHeaderOf(event))));
  }
  if (action === 'GET /account/session') {
    const active = await findSession(cookieHeaderOf(event));
    return okResponse(active ? { signed_in: true, account: await accountOverview(active) } : { signed_in: false, account: null });
  }
  if (action === 'GET /account/usage') {
    return okResponse(await usageHistory((await requireSession(cookieHeaderOf(event))).account.account_id));
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
    default:
      throw new ApiError('NOT_FOUND');
  }
}

export const handler = accountApiHandler(route);
