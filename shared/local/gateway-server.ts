import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import * as z from '../domain/zod.js';
import { MAX_REQUEST_BODY_BYTES } from '../domain/limits.js';
import { FUNCTIONS, type FunctionDefinition, type FunctionId } from '../platform/functions.js';
import { AUTHORIZER_CACHE_TTL_SECONDS, GATEWAY_RESPONSES, STAGE_THROTTLE, gatewayResponseBody, type GatewayResponseType } from '../platform/gateway.js';
import { corsAllowed, corsPreflightHeaders, corsResponseHeaders } from '../platform/edge.js';
import type { RouteDefinition } from '../platform/routes.js';
import { SECURITY_HEADERS } from '../platform/web.js';
import { lambdaContext } from './lambda-context.js';
import { asDelivered } from './lambda-events.js';
import { withInvocationLogger } from '../http/logger.js';
import { invokeStreaming, isStreamingHandler, type StreamedResponse, type StreamingHandler } from './lambda-streaming.js';
import { authorizerResultSchema, policyAllows, type AuthorizerResult } from './policy.js';
import { authorizerEvent, methodArn, proxyEvent, requestContext, requestParts } from './proxy-event.js';
import { createRouteMatcher } from './route-matcher.js';

export type LambdaFunction = (event: unknown, context: Context) => Promise<unknown>;

const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;
const API_GATEWAY_TIMEOUT_MS = 29_000;
/**
 * Lambda's limit on a synchronous invocation's request (the serialised event), streamed or not.
 * With every media type binary (shared/platform/gateway.ts) the body arrives base64-encoded, so
 * a raw body above about 4.4 MB cannot reach a function even though API Gateway took it.
 */
export const MAX_LAMBDA_REQUEST_BYTES = 6_291_556;
/** Lambda's limit on a buffered invocation's response (the serialised result object); streamed ones have none. */
export const MAX_LAMBDA_RESPONSE_BYTES = 6 * 1024 * 1024;

const proxyResultSchema = z.object({
  statusCode: z.number().check(z.int(), z.minimum(100), z.maximum(599)),
  headers: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  multiValueHeaders: z.optional(z.record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()])))),
  body: z.optional(z.string()),
  isBase64Encoded: z.optional(z.boolean()),
});

/** Something the adapter serves outside API Gateway (CloudFront → S3, identity-provider stand-ins). */
export type SideRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export interface GatewayOptions {
  readonly routes: readonly RouteDefinition[];
  readonly loadFunction: (definition: FunctionDefinition) => Promise<LambdaFunction>;
  readonly sideRoutes?: readonly SideRoute[];
  /** The authorizer cache's TTL, read at each request (a bench turns it off to time the authorizer); default AUTHORIZER_CACHE_TTL_SECONDS. */
  readonly authorizerCache?: { ttlSeconds: number };
  /** The function declarations (default FUNCTIONS; a test may take a grant away from one). */
  readonly functions?: Readonly<Record<FunctionId, FunctionDefinition>>;
  /**
   * Runs a function's load and each invocation as that function (its own environment and grants,
   * shared/local/function-scope.ts); default: as the process.
   */
  readonly runAs?: <T>(definition: FunctionDefinition, work: () => T) => T;
}

/**
 * A local API Gateway REST API: matches the route table, builds REST proxy events, calls the
 * real REQUEST authorizer for protected routes, answers with the same gateway responses as the
 * CDK stack, and invokes the real handler. It does what API Gateway does and nothing more.
 */
export function createGatewayServer(options: GatewayOptions): Server {
  const match = createRouteMatcher(options.routes);
  const functions = options.functions ?? FUNCTIONS;
  const runAs = options.runAs ?? (<T>(_definition: FunctionDefinition, work: () => T): T => work());
  const loaded = new Map<FunctionId, Promise<LambdaFunction>>();
  const load = (id: FunctionId) => {
    let fn = loaded.get(id);
    if (!fn) {
      const definition = functions[id];
      fn = runAs(definition, () => options.loadFunction(definition));
      loaded.set(id, fn);
    }
    return fn;
  };
  const authorizerCache = new Map<string, { result: AuthorizerResult; expiresAt: number }>();
  const throttle = tokenBucket(STAGE_THROTTLE.rateLimit, STAGE_THROTTLE.burstLimit);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = requestUrl(req.url ?? '/');
    } catch {
      return sendGateway(res, 'DEFAULT_4XX', randomUUID(), 400);
    }
    for (const side of options.sideRoutes ?? []) {
      if (await side(req, res, url)) return;
    }
    // CloudFront's response-headers policy: the security headers on every API answer (a
    // function's own header of the same name wins, as the CSP does in AWS).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // What CloudFront does in AWS (shared/platform/edge.ts): CORS on the programmatic API, the
    // preflight answered without a key and before API Gateway.
    if (corsAllowed(url.pathname)) {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, corsPreflightHeaders());
        res.end();
        return;
      }
      for (const [name, value] of Object.entries(corsResponseHeaders())) res.setHeader(name, value);
    }
    const requestId = randomUUID();
    if (!throttle()) return sendGateway(res, 'THROTTLED', requestId);
    const path = url.pathname;
    const found = match(req.method ?? 'GET', path);
    if (!found) return sendGateway(res, 'MISSING_AUTHENTICATION_TOKEN', requestId);

    const body = await readBody(req);
    if (body === 'too-large') return sendGateway(res, 'REQUEST_TOO_LARGE', requestId);
    const parts = requestParts(req, url);
    const context = requestContext(req, found, path, requestId);

    if (found.route.auth === 'apiKey') {
      const identity = Object.entries(parts.headers).find(([k]) => k.toLowerCase() === 'x-api-key')?.[1];
      if (!identity || identity.trim() === '') return sendGateway(res, 'UNAUTHORIZED', requestId);
      let result: AuthorizerResult;
      try {
        result = await authorize(identity, parts, found, path, context);
      } catch (error) {
        if (error instanceof Error && error.message === 'Unauthorized') return sendGateway(res, 'UNAUTHORIZED', requestId);
        return sendGateway(res, 'AUTHORIZER_FAILURE', requestId);
      }
      if (!policyAllows(result, methodArn(found.route.method, path))) return sendGateway(res, 'ACCESS_DENIED', requestId);
      context.authorizer = { principalId: result.principalId, ...result.context };
    }

    const definition = functions[found.route.functionId];
    const fn = await load(found.route.functionId);
    // Lambda hands the function the event's JSON text, parsed: only what survives JSON reaches it.
    const eventJson = JSON.stringify(proxyEvent(parts, found, path, body, context));
    const event = JSON.parse(eventJson) as ReturnType<typeof proxyEvent>;
    if (Buffer.byteLength(eventJson) > MAX_LAMBDA_REQUEST_BYTES) {
      console.error(`[gateway] the event for ${definition.id} is over Lambda's 6 MB request limit`);
      return sendGateway(res, 'REQUEST_TOO_LARGE', requestId);
    }
    const functionTimeoutMs = (definition.timeoutSeconds ?? 10) * 1000;
    // A streamed integration may run for the function's whole timeout (API Gateway allows 15 minutes).
    const timeoutMs = definition.responseStreaming ? functionTimeoutMs : Math.min(API_GATEWAY_TIMEOUT_MS, functionTimeoutMs);
    const invocationContext = lambdaContext(definition.id, randomUUID(), definition.timeoutSeconds ?? 10, definition.memoryMb ?? 256);
    if (definition.responseStreaming) {
      if (!isStreamingHandler(fn)) {
        console.error(`[gateway] ${definition.id} is a STREAM integration but its handler is not streamifyResponse`);
        return sendGateway(res, 'DEFAULT_5XX', requestId, 502);
      }
      return runAs(definition, () => streamAnswer(req, res, definition, fn, event, invocationContext, timeoutMs, requestId));
    }
    let raw: unknown;
    try {
      raw = await withTimeout(
        runAs(definition, () => fn(event, invocationContext)),
        timeoutMs,
      );
    } catch (error) {
      if (error instanceof TimeoutError) return sendGateway(res, 'INTEGRATION_TIMEOUT', requestId, 504);
      console.error(`[gateway] ${definition.id} threw`, error);
      return sendGateway(res, 'DEFAULT_5XX', requestId, 502);
    }
    // Lambda refuses a bigger buffered result, and API Gateway then answers 502.
    if (Buffer.byteLength(JSON.stringify(raw) ?? '') > MAX_LAMBDA_RESPONSE_BYTES) {
      console.error(`[gateway] ${definition.id} returned more than Lambda's 6 MB response limit`);
      return sendGateway(res, 'DEFAULT_5XX', requestId, 502);
    }
    const parsed = proxyResultSchema.safeParse(raw);
    if (!parsed.success) return sendGateway(res, 'DEFAULT_5XX', requestId, 502);
    const result = parsed.data;
    const headers: Record<string, string | string[]> = { 'x-amzn-RequestId': requestId };
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
    const payload = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
    headers['Content-Length'] = String(payload.length);
    res.writeHead(result.statusCode, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  async function authorize(
    identity: string,
    parts: ReturnType<typeof requestParts>,
    found: NonNullable<ReturnType<typeof match>>,
    path: string,
    context: ReturnType<typeof requestContext>,
  ): Promise<AuthorizerResult> {
    const ttlSeconds = options.authorizerCache?.ttlSeconds ?? AUTHORIZER_CACHE_TTL_SECONDS;
    const cached = ttlSeconds > 0 ? authorizerCache.get(identity) : undefined;
    if (cached && cached.expiresAt > Date.now()) return cached.result;
    const authorizer = await load('authorizer');
    const definition = functions.authorizer;
    const raw = await runAs(definition, () =>
      authorizer(
        asDelivered(authorizerEvent(parts, found, path, context)),
        lambdaContext(definition.id, randomUUID(), definition.timeoutSeconds ?? 5, definition.memoryMb ?? 256),
      ),
    );
    const result = authorizerResultSchema.parse(raw);
    if (ttlSeconds > 0) authorizerCache.set(identity, { result, expiresAt: Date.now() + ttlSeconds * 1000 });
    return result;
  }

  return createServer((req, res) => {
    // Each request (its authorizer and function) logs through a logger of its own: the
    // functions share this process, and concurrent requests must not share log context.
    withInvocationLogger(() => handle(req, res)).catch((error: unknown) => {
      console.error('[gateway] unexpected failure', error);
      if (!res.headersSent) sendGateway(res, 'DEFAULT_5XX', randomUUID(), 502);
      else res.destroy();
    });
  });
}

/**
 * A STREAM integration: the function is invoked as InvokeWithResponseStream does, its metadata
 * becomes the status and headers, and its body goes to the client as it is written, chunked and
 * without Lambda's 6 MB limit. A failure before the metadata is a 502 (504 on timeout); after
 * it, the connection is cut, as API Gateway does.
 */
async function streamAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  definition: FunctionDefinition,
  fn: StreamingHandler,
  event: unknown,
  context: Context,
  timeoutMs: number,
  requestId: string,
): Promise<void> {
  let answer: StreamedResponse;
  try {
    answer = await invokeStreaming(fn, event, context, (invocation) => withTimeout(invocation, timeoutMs));
  } catch (error) {
    if (error instanceof TimeoutError) return sendGateway(res, 'INTEGRATION_TIMEOUT', requestId, 504);
    console.error(`[gateway] ${definition.id} failed before its streamed metadata`, error);
    return sendGateway(res, 'DEFAULT_5XX', requestId, 502);
  }
  const { metadata } = answer;
  const headers: Record<string, string | string[]> = { 'x-amzn-RequestId': requestId };
  for (const [name, value] of Object.entries(metadata.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(metadata.multiValueHeaders ?? {})) headers[name] = values.map(String);
  if (metadata.cookies?.length) headers['Set-Cookie'] = metadata.cookies;
  res.writeHead(metadata.statusCode, headers);
  const sendBody = req.method !== 'HEAD';
  try {
    if (sendBody && answer.head.length > 0) await writeChunk(res, answer.head);
    for (let next = await answer.rest.next(); !next.done; next = await answer.rest.next()) {
      if (res.destroyed) throw new Error('the client went away');
      if (sendBody) await writeChunk(res, next.value);
    }
    res.end();
  } catch (error) {
    console.error(`[gateway] ${definition.id} failed while streaming its answer`, error);
    await answer.rest.return?.();
    res.destroy();
  }
}

/** Writes with backpressure: waits for the socket to drain (or close) before the next chunk. */
async function writeChunk(res: ServerResponse, chunk: Buffer): Promise<void> {
  if (res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * The request target is a path: `new URL('//api/cve/x', base)` would read `api` as a host (and
 * `//` alone threw, answering 502), so an origin-form target is appended to the origin instead.
 */
function requestUrl(target: string): URL {
  return new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
}

function sendGateway(res: ServerResponse, type: GatewayResponseType, requestId: string, defaultStatus?: number): void {
  const definition = GATEWAY_RESPONSES[type];
  const body = gatewayResponseBody(definition);
  res.writeHead(definition.statusCode ?? defaultStatus ?? 500, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'x-amzn-RequestId': requestId,
    'x-amzn-ErrorType': type,
    ...definition.headers,
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

class TimeoutError extends Error {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stage throttling as API Gateway applies it: a token bucket of `burst` refilled at `rate`/s. */
function tokenBucket(rate: number, burst: number): () => boolean {
  let tokens = burst;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
