import { ACCOUNTS_ROUTES } from '../accounts/declaration.js';
import { CATALOGUE_ROUTES } from '../catalogue/declaration.js';
import { KEEPING_UP_ROUTES } from '../keeping-up/declaration.js';
import { SCAN_ROUTES } from '../scan/declaration.js';
import type { RouteDeclaration } from './function-definition.js';
import type { FunctionId } from './functions.js';

export type { HttpMethod } from './function-definition.js';

/** A route of the REST API: `functionId` names a function of FUNCTIONS. */
export type RouteDefinition = RouteDeclaration<FunctionId>;

/**
 * The one route table, joined from the slices' declarations (shared/<slice>/declaration.ts): the
 * CDK REST API and the local gateway adapter are both built from it.
 */
export const ROUTES: readonly RouteDefinition[] = [...CATALOGUE_ROUTES, ...ACCOUNTS_ROUTES, ...KEEPING_UP_ROUTES, ...SCAN_ROUTES];

/**
 * The API-key API and its public companions (/health, /openapi.json): what the OpenAPI
 * document describes. The browser-facing routes (sign-in, the dashboard's /account API, the
 * HTML CVE pages) are not part of the programmatic API.
 */
export function isProgrammaticApiRoute(route: RouteDefinition): boolean {
  return route.path.startsWith('/api/') || route.path === '/health' || route.path === '/openapi.json';
}
