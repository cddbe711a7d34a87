import { ACCOUNTS_FUNCTIONS } from '../accounts/declaration.js';
import { CATALOGUE_FUNCTIONS } from '../catalogue/declaration.js';
import { KEEPING_UP_FUNCTIONS } from '../keeping-up/declaration.js';
import { SCAN_FUNCTIONS } from '../scan/declaration.js';
import type { FunctionDefinition } from './function-definition.js';

export type { FunctionDefinition, ParameterId, QueueAccess, QueueId, SecretId, TableAccess, TableId } from './function-definition.js';

/**
 * Every function behind API Gateway, as the slices declare them (shared/<slice>/declaration.ts):
 * the CDK stacks grant exactly what a declaration says and set the matching environment
 * variables, and the local stack runs each function with the same environment and refuses any
 * other call (shared/platform/grants.ts derives all three). The ingest, the change matcher and
 * the webhook delivery function are declared in their slices too, read by their own stacks.
 */
const definitions = {
  ...CATALOGUE_FUNCTIONS,
  ...ACCOUNTS_FUNCTIONS,
  ...KEEPING_UP_FUNCTIONS,
  ...SCAN_FUNCTIONS,
} as const satisfies Record<string, FunctionDefinition>;

export type FunctionId = keyof typeof definitions;
export const FUNCTIONS: Readonly<Record<FunctionId, FunctionDefinition>> = definitions;
