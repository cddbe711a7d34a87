import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../domain/errors.js';
import { ROUTES } from '../platform/routes.js';
import { findSession, requireSession, type ActiveSession } from '../accounts/use-cases/sessions.js';
import { checkCsrf, checkOrigin, cookieHeaderOf } from './account-handler.js';

/**
 * What an action needs before it runs: `session` — a live session (reads); `dashboard` — the
 * session plus the dashboard's Origin and CSRF token (everything that changes state or hands out
 * data); `dashboard-deleting` — the same, and a deleting account's session is still accepted (so
 * that a retry can finish an interrupted deletion); `optional-session` — a read that also answers
 * a visitor with no session (the signed-out dashboard asks "am I signed in?" without a 401).
 */
export type AccountGuard = 'session' | 'dashboard' | 'dashboard-deleting';

export type AccountAction =
  | { readonly guard: AccountGuard; run(active: ActiveSession, event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> }
  | { readonly guard: 'optional-session'; run(active: ActiveSession | undefined, event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> };

/** `GET /account/me`: the routes of the account function, as the route table has them. */
export function accountRouteKeys(): string[] {
  return ROUTES.filter((route) => route.functionId === 'account').map((route) => `${route.method} ${route.path}`);
}

/**
 * The account function's router, keyed by the route table's `<method> <path>`: building it with
 * a route missing, or an action the table does not route here, fails at load, so the table and
 * the router cannot disagree.
 */
export function accountRouter(actions: Readonly<Record<string, AccountAction>>) {
  const routed = accountRouteKeys();
  const missing = routed.filter((key) => !actions[key]);
  const unrouted = Object.keys(actions).filter((key) => !routed.includes(key));
  if (missing.length || unrouted.length) {
    throw new Error(`The account router disagrees with the route table: missing ${missing.join(', ') || '-'}; not routed ${unrouted.join(', ') || '-'}`);
  }
  return async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const action = actions[`${event.httpMethod} ${event.resource}`];
    if (!action) throw new ApiError('NOT_FOUND');
    if (action.guard === 'optional-session') return action.run(await findSession(cookieHeaderOf(event)), event);
    if (action.guard !== 'session') checkOrigin(event);
    const active = await requireSession(cookieHeaderOf(event), { allowDeleting: action.guard === 'dashboard-deleting' });
    if (action.guard !== 'session') checkCsrf(event, active);
    return action.run(active, event);
  };
}
