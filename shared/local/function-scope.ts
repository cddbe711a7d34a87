import { AsyncLocalStorage } from 'node:async_hooks';
import { configGeneration, withFunctionEnvironment, type FunctionEnvironment } from '../config/index.js';
import { localFunctionEnvironment, processValues } from '../config/local.js';
import type { FunctionDefinition, SecretId } from '../platform/functions.js';
import { grantStatements, RESOURCE_ENV_VARS, resourceEnvironment, type GrantStatement, type ResourceLocator } from '../platform/grants.js';
import { TABLE_DEFINITIONS } from '../platform/tables.js';
import { localTableName } from './local-tables.js';

/** An ARN in the local stand-in's region and account. */
const arn = (service: string, resource: string) => `arn:aws:${service}:local:000000000000:${resource}`;
export const localTableArn = (tableName: string) => arn('dynamodb', `table/${tableName}`);

/**
 * Locally there is no Secrets Manager, Parameter Store or SQS: a granted secret's stand-in is its
 * value in a variable, the public origin is PUBLIC_BASE_URL itself and the queue is in-process.
 * So a function gets the stand-in of a secret its declaration grants, and no function gets the
 * AWS variables of these (the statements still carry their grants).
 */
const LOCAL_SECRET_VARIABLES: Readonly<Record<SecretId, readonly string[]>> = {
  oauth: ['OAUTH_SECRET_JSON', 'OAUTH_SECRET_FILE'],
  nvdApiKey: ['NVD_API_KEY'],
};
const WITHHELD = [...RESOURCE_ENV_VARS, ...Object.values(LOCAL_SECRET_VARIABLES).flat()];
const LOCAL_TABLE_VARIABLES = new Set<string>(TABLE_DEFINITIONS.map((t) => t.envVar));

export const LOCAL_RESOURCES: ResourceLocator = {
  table: (id) => {
    const definition = TABLE_DEFINITIONS.find((t) => t.id === id);
    if (!definition) throw new Error(`no table ${id}`);
    const name = localTableName(definition);
    return { name, arn: localTableArn(name) };
  },
  secret: (id) => ({ id, arn: arn('secretsmanager', `secret:plaincve/${id}`) }),
  parameter: (id) => ({ name: id, arn: arn('ssm', `parameter/plaincve/${id}`) }),
  queue: (id) => ({ url: `http://127.0.0.1/queue/${id}`, arn: arn('sqs', id) }),
};

/** One function as the local stack runs it: its role's statements and its environment. */
export interface FunctionScope {
  readonly definition: FunctionDefinition;
  readonly statements: readonly GrantStatement[];
  readonly environment: FunctionEnvironment;
  readonly generation: number;
}

export function functionScope(definition: FunctionDefinition): FunctionScope {
  const tables = Object.entries(resourceEnvironment(definition, LOCAL_RESOURCES)).filter(([name]) => LOCAL_TABLE_VARIABLES.has(name));
  const secrets = processValues((definition.secrets ?? []).flatMap((id) => LOCAL_SECRET_VARIABLES[id]));
  return {
    definition,
    statements: grantStatements(definition, LOCAL_RESOURCES),
    environment: { env: localFunctionEnvironment(WITHHELD, { ...Object.fromEntries(tables), ...secrets }) },
    generation: configGeneration(),
  };
}

const running = new AsyncLocalStorage<FunctionScope>();
const scopes = new Map<FunctionDefinition, FunctionScope>();

/**
 * Runs `work` as `definition` runs in Lambda: `config()` sees only its environment and every
 * DynamoDB call is checked against its statements (shared/local/iam-check.ts). The scope is
 * rebuilt when the process's environment changes (a test moving the store, for instance).
 */
export function runAsFunction<T>(definition: FunctionDefinition, work: () => T): T {
  let scope = scopes.get(definition);
  if (!scope || scope.generation !== configGeneration()) {
    scope = functionScope(definition);
    scopes.set(definition, scope);
  }
  const current = scope;
  return running.run(current, () => withFunctionEnvironment(current.environment, work));
}

/** The function this call runs as; undefined outside any invocation (the test harness, CLIs, the local stack itself). */
export function runningFunction(): FunctionScope | undefined {
  return running.getStore();
}
