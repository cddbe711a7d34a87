import type { TableDefinition } from './tables.js';

export type TableId = TableDefinition['id'];
/** Secrets a function may read: the OAuth settings (sign-in) and the NVD API key (ingest). */
export type SecretId = 'oauth' | 'nvdApiKey';
/** SSM parameters a function may read: the public origin the web stack writes. */
export type ParameterId = 'publicBaseUrl';
/** SQS queues: the webhook delivery queue. */
export type QueueId = 'delivery';
/** `send`: SendMessage (the matcher); `consume`: receive, delete, change visibility (the delivery function). */
export type QueueAccess = 'send' | 'consume';

/**
 * `readWriteScan` adds Scan to `readWrite`: only the ingest has it, because rebuilding the
 * export filter index reads every record once.
 */
export type TableAccess = 'read' | 'readWrite' | 'readWriteScan';

/**
 * One Lambda of the service as plain data: its source entry under `functions/`, and everything
 * it may reach (tables and their indexes, secrets, parameters, queues) and how, declared once by
 * its slice (shared/<slice>/declaration.ts): the CDK stacks grant exactly these and set the matching environment variables,
 * and the local stack runs each function with the same environment and refuses any other call
 * (shared/platform/grants.ts derives all three).
 */
export interface FunctionDefinition {
  readonly id: string;
  /** File name under functions/, without extension. */
  readonly entry: string;
  readonly description: string;
  readonly tables: Partial<Record<TableId, TableAccess>>;
  /** The global indexes it queries, by table (a table it has in `tables`); no index otherwise. */
  readonly indexes?: Partial<Record<TableId, readonly string[]>>;
  readonly secrets?: readonly SecretId[];
  readonly parameters?: readonly ParameterId[];
  readonly queues?: Partial<Record<QueueId, QueueAccess>>;
  readonly memoryMb?: number;
  /** Lambda's /tmp in MB (512 unless set): the ingest downloads its sources there before reading them. */
  readonly ephemeralStorageMb?: number;
  readonly timeoutSeconds?: number;
  /**
   * The function streams its answer (`awslambda.streamifyResponse`): API Gateway invokes it with
   * InvokeWithResponseStream (integration responseTransferMode STREAM), so Lambda's 6 MB limit
   * on a buffered answer does not apply.
   */
  readonly responseStreaming?: boolean;
  /**
   * V8 flags the function's process starts with (NODE_OPTIONS in Lambda, beside
   * `--enable-source-maps`). The ingest's CLI (`npm run ingest`) and its bench part use the same.
   */
  readonly nodeFlags?: readonly string[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of the REST API, as a slice declares it: the CDK REST API and the local gateway
 * adapter are both built from the slices' routes (shared/platform/routes.ts joins them).
 * `auth: 'apiKey'` routes go through the Lambda REQUEST authorizer. `F` is the declaring slice's
 * function ids, so a route can only name a function its slice declares.
 */
export interface RouteDeclaration<F extends string = string> {
  readonly method: HttpMethod;
  /** An API Gateway resource path: `{name}` is one segment, `{name+}` the rest of the path. */
  readonly path: string;
  readonly functionId: F;
  readonly auth: 'apiKey' | 'none';
}
