import type { FunctionDefinition, ParameterId, QueueAccess, QueueId, SecretId, TableAccess, TableId } from './functions.js';
import { TABLE_DEFINITIONS } from './tables.js';

/**
 * What a function's declaration (shared/platform/functions.ts) grants and which environment it
 * gets, derived in this one place: the CDK stacks turn the statements into the role's policy and
 * the variables into the function's environment; the local stack runs the function with the same
 * variables and refuses every call the statements do not allow. No action list lives elsewhere.
 */

/** DynamoDB actions on the table itself. No DescribeTable, Scan only for the ingest, never `*`. */
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
export const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: READ_ACTIONS,
  readWrite: [...READ_ACTIONS, ...WRITE_ACTIONS],
  readWriteScan: [...READ_ACTIONS, ...WRITE_ACTIONS, 'dynamodb:Scan'],
};

/** An index is only ever read: a Query names it (writes go to the table). */
export const INDEX_ACTIONS = ['dynamodb:Query'] as const;

export const SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
export const PARAMETER_ACTIONS = ['ssm:GetParameter'] as const;

/**
 * The same actions CDK's `queue.grantSendMessages` and `SqsEventSource` grant, spelt out so the
 * local check refuses what the role would.
 */
export const QUEUE_ACTIONS: Readonly<Record<QueueAccess, readonly string[]>> = {
  send: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
  consume: ['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueUrl', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'],
};

/** The variable that tells a function where a secret, parameter or queue is. */
export const SECRET_ENV_VARS: Readonly<Record<SecretId, string>> = { oauth: 'OAUTH_SECRET_ID', nvdApiKey: 'NVD_API_KEY_SECRET_ID' };
export const PARAMETER_ENV_VARS: Readonly<Record<ParameterId, string>> = { publicBaseUrl: 'PUBLIC_BASE_URL_PARAMETER' };
export const QUEUE_ENV_VARS: Readonly<Record<QueueId, string>> = { delivery: 'WEBHOOK_QUEUE_URL' };

/** Every variable some declaration may set: a function has one of these only when its own declaration grants the resource. */
export const RESOURCE_ENV_VARS: readonly string[] = [
  ...TABLE_DEFINITIONS.map((t) => t.envVar),
  ...Object.values(SECRET_ENV_VARS),
  ...Object.values(PARAMETER_ENV_VARS),
  ...Object.values(QUEUE_ENV_VARS),
];

/** How one deployment (CDK's tokens, or the local stack's names) names and addresses the resources. */
export interface ResourceLocator {
  readonly table: (id: TableId) => { readonly name: string; readonly arn: string };
  readonly secret: (id: SecretId) => { readonly id: string; readonly arn: string };
  readonly parameter: (id: ParameterId) => { readonly name: string; readonly arn: string };
  readonly queue: (id: QueueId) => { readonly url: string; readonly arn: string };
}

export interface GrantStatement {
  readonly actions: readonly string[];
  readonly resources: readonly string[];
}

const tablesOf = (definition: FunctionDefinition) => TABLE_DEFINITIONS.filter((t) => definition.tables[t.id] !== undefined);

/** The role's Allow statements: one per table (with its named indexes), secret, parameter and queue. */
export function grantStatements(definition: FunctionDefinition, locate: ResourceLocator): GrantStatement[] {
  const statements: GrantStatement[] = [];
  for (const table of tablesOf(definition)) {
    const access = definition.tables[table.id] as TableAccess;
    const { arn } = locate.table(table.id);
    statements.push({ actions: TABLE_ACTIONS[access], resources: [arn] });
    const indexes = definition.indexes?.[table.id] ?? [];
    if (indexes.length > 0) statements.push({ actions: INDEX_ACTIONS, resources: indexes.map((index) => `${arn}/index/${index}`) });
  }
  for (const secret of definition.secrets ?? []) statements.push({ actions: SECRET_ACTIONS, resources: [locate.secret(secret).arn] });
  for (const parameter of definition.parameters ?? []) statements.push({ actions: PARAMETER_ACTIONS, resources: [locate.parameter(parameter).arn] });
  for (const [queue, access] of Object.entries(definition.queues ?? {}) as [QueueId, QueueAccess][]) {
    statements.push({ actions: QUEUE_ACTIONS[access], resources: [locate.queue(queue).arn] });
  }
  return statements;
}

/** The variables that tell the function where its granted resources are (and nothing else). */
export function resourceEnvironment(definition: FunctionDefinition, locate: ResourceLocator): Record<string, string> {
  const env: Record<string, string> = {};
  for (const table of tablesOf(definition)) env[table.envVar] = locate.table(table.id).name;
  for (const secret of definition.secrets ?? []) env[SECRET_ENV_VARS[secret]] = locate.secret(secret).arn;
  for (const parameter of definition.parameters ?? []) env[PARAMETER_ENV_VARS[parameter]] = locate.parameter(parameter).name;
  for (const queue of Object.keys(definition.queues ?? {}) as QueueId[]) env[QUEUE_ENV_VARS[queue]] = locate.queue(queue).url;
  return env;
}

/** Whether the statements allow `action` on `resource` (exact names, as every statement here has them). */
export function allows(statements: readonly GrantStatement[], action: string, resource: string): boolean {
  return statements.some((s) => s.actions.includes(action) && s.resources.includes(resource));
}
