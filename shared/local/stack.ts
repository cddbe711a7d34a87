import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyFunctionEnvironment } from '../config/local.js';
import { CHANGE_MATCHER_FUNCTION, WEBHOOK_DELIVERY_FUNCTION } from '../keeping-up/declaration.js';
import { platformClock, runOnClock, type Clock } from '../platform/clock.js';
import { FUNCTIONS, type FunctionDefinition, type FunctionId } from '../platform/functions.js';
import { ROUTES } from '../platform/routes.js';
import { changeRepository } from '../repositories/change-repository.js';
import { resetDocumentClient } from '../repositories/dynamo-client.js';
import { startLocalDynamo, type LocalDynamo } from './dynalite-server.js';
import { createGatewayServer, type LambdaFunction, type SideRoute } from './gateway-server.js';
import { localTableEnvironment } from './local-tables.js';
import { installLambdaStreamingGlobal } from './lambda-streaming.js';
import { localIdentityProviderEnvironment } from './identity-providers.js';
import { resetOAuthSecretCache } from '../secrets/oauth-secret.js';
import { ChangeLogFollower } from '../keeping-up/use-cases/follow-change-log.js';
import { useHostResolver, type HostResolver } from '../keeping-up/webhooks/host-resolver.js';
import { InProcessDeliveryQueue } from './in-process-delivery-queue.js';
import { runAsFunction } from './function-scope.js';
import { enforceFunctionGrants, stopEnforcingFunctionGrants } from './iam-check.js';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** How often the local stack sweeps expired change-log items (AWS TTL's job in the cloud). */
export const CHANGE_SWEEP_INTERVAL_MS = 15 * 60_000;

/** How often the local stack reads the change log for webhook matches, and runs due deliveries. */
export const WEBHOOK_POLL_INTERVAL_MS = 1000;

export interface LocalWebhookOptions {
  /** The delivery queue's clock (tests: a test clock, to run retries on schedule); the change log is followed in real time. */
  readonly clock?: () => number;
  /** Tests: how webhook host names resolve (never the network). */
  readonly resolveHost?: HostResolver;
  /** false: no background polling (a benchmark counts its own calls and calls catchUp itself). Default true. */
  readonly background?: boolean;
}

/** The in-process matcher and delivery worker (docs/architecture.md, "Webhooks"). */
export interface LocalWebhooks {
  readonly follower: ChangeLogFollower;
  readonly queue: InProcessDeliveryQueue;
  /** Reads the change log up to its horizon, matches, and attempts every delivery due now. */
  catchUp(): Promise<void>;
}

export interface LocalStackOptions {
  readonly port?: number;
  readonly host?: string;
  /** LevelDB folder for dynalite; omitted means in memory. */
  readonly dataPath?: string;
  /** Fixed dynalite port (0 = any free one). */
  readonly dynamoPort?: number;
  readonly sideRoutes?: readonly SideRoute[];
  /** Extra environment for the functions (tests shorten timeouts, for instance). */
  readonly environment?: Record<string, string>;
  /** The gateway's authorizer cache TTL holder (see GatewayOptions). */
  readonly authorizerCache?: { ttlSeconds: number };
  readonly webhooks?: LocalWebhookOptions;
  /** The function declarations the stack runs with (default FUNCTIONS: a test takes a grant away from one). */
  readonly functions?: Readonly<Record<FunctionId, FunctionDefinition>>;
  /**
   * The functions' clock (shared/platform/clock.ts), and the delivery queue's unless `webhooks`
   * names another: tests pass a test clock so that limits, quotas, expiries and retries run
   * without real waits. Default: the system clock.
   */
  readonly clock?: Clock;
}

export interface LocalStack {
  readonly baseUrl: string;
  readonly dynamoEndpoint: string;
  /** Stops the database under the running service (to test dependency failures). */
  stopDatabase(): Promise<void>;
  /** Starts it again on the same port and folder. */
  startDatabase(): Promise<void>;
  readonly webhooks: LocalWebhooks;
  close(): Promise<void>;
}

/** Loads a function the way Lambda does: the module's exported `handler`. */
export async function loadLocalFunction(definition: FunctionDefinition): Promise<LambdaFunction> {
  // Streaming handlers call the runtime's `awslambda` global when their module loads.
  installLambdaStreamingGlobal();
  const entry = pathToFileURL(join(PROJECT_ROOT, 'functions', `${definition.entry}.ts`)).href;
  const module = (await import(entry)) as { handler?: LambdaFunction };
  if (typeof module.handler !== 'function') throw new Error(`functions/${definition.entry}.ts exports no handler`);
  return module.handler;
}

/**
 * The whole service on one machine: dynalite in this process with the CDK stack's tables, and
 * the local API Gateway in front of the real functions.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  if (options.dataPath) mkdirSync(options.dataPath, { recursive: true });
  const host = options.host ?? '127.0.0.1';

  const server: Server = createGatewayServer({
    routes: ROUTES,
    loadFunction: loadLocalFunction,
    sideRoutes: options.sideRoutes ?? [],
    ...(options.authorizerCache ? { authorizerCache: options.authorizerCache } : {}),
    // Each function runs with only its declared environment and grants, as in AWS.
    functions: options.functions ?? FUNCTIONS,
    runAs: runAsFunction,
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  // The port is taken before the store is opened: a start that cannot listen leaves the data folder untouched.
  let dynamo: LocalDynamo | undefined = await startLocalDynamo({
    port: options.dynamoPort ?? 0,
    ...(options.dataPath ? { path: options.dataPath } : {}),
  }).catch(async (error: unknown) => {
    await new Promise<void>((r) => server.close(() => r()));
    throw error;
  });
  const dynamoPort = dynamo.port;
  const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  applyFunctionEnvironment({
    ...localTableEnvironment(),
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'local',
    PUBLIC_BASE_URL: baseUrl,
    // A developer's webhook receiver runs on this machine: http:// to loopback is allowed here only.
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Sign-in goes to the local identity-provider stand-ins (served when the side routes include them).
    ...localIdentityProviderEnvironment(baseUrl),
    ...options.environment,
  });
  resetDocumentClient();
  enforceFunctionGrants();
  resetOAuthSecretCache();
  runOnClock(options.clock);

  // dynalite has no TTL: the stack removes expired change-log items itself (in AWS, TTL does).
  // A failed sweep (the database stopped on purpose in a test) just waits for the next one.
  const sweepChanges = () => void changeRepository.deleteExpired().catch(() => undefined);
  sweepChanges();
  const sweeper = setInterval(sweepChanges, CHANGE_SWEEP_INTERVAL_MS);
  sweeper.unref();

  // Webhooks: the change log is followed in-process (the ingest may be another process; dynalite
  // has no streams) and deliveries run in-process, on the given clock.
  useHostResolver(options.webhooks?.resolveHost);
  const clock = options.webhooks?.clock ?? platformClock.now;
  const queue = new InProcessDeliveryQueue(clock);
  const follower = new ChangeLogFollower(queue, undefined, undefined, (work) => runAsFunction(CHANGE_MATCHER_FUNCTION, work));
  const webhooks: LocalWebhooks = {
    follower,
    queue,
    async catchUp() {
      // The follower stands in for the stream and the matcher; the attempts run as the delivery function.
      await follower.poll();
      await runAsFunction(WEBHOOK_DELIVERY_FUNCTION, () => queue.runDue());
    },
  };
  // A failed round (the database stopped on purpose in a test) just waits for the next one.
  const deliverer =
    options.webhooks?.background === false ? undefined : setInterval(() => void webhooks.catchUp().catch(() => undefined), WEBHOOK_POLL_INTERVAL_MS);
  deliverer?.unref();

  return {
    webhooks,
    baseUrl,
    dynamoEndpoint: dynamo.endpoint,
    async stopDatabase() {
      await dynamo?.close();
      dynamo = undefined;
    },
    async startDatabase() {
      dynamo ??= await startLocalDynamo({ port: dynamoPort, ...(options.dataPath ? { path: options.dataPath } : {}) });
    },
    async close() {
      clearInterval(sweeper);
      clearInterval(deliverer);
      useHostResolver(undefined);
      runOnClock(undefined);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await dynamo?.close();
      stopEnforcingFunctionGrants();
    },
  };
}
