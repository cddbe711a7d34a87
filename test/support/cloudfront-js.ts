import { createContext, runInContext } from 'node:vm';

/**
 * Runs a CloudFront Function's code on one viewer event the way the cloudfront-js-2.0 runtime
 * does, as far as a test can: the code is at most 10 KB; it sees ECMAScript's built-ins and
 * `console`, and `require` only for the runtime's own modules (no `process`, timers, `fetch`,
 * `module` or Node's `Buffer` global); `handler(event)` gets CloudFront's event shape (version
 * 1.0, context, viewer, request with lower-case header names and `{ value }` objects); and what
 * it returns must be a request or a response CloudFront accepts, else this throws, as the
 * function would fail at the edge (a 503 to the viewer).
 */

const MAX_FUNCTION_BYTES = 10_240;
const RUNTIME_MODULES = new Set(['crypto', 'querystring', 'buffer', 'cloudfront']);

export interface ViewerRequest {
  readonly method: string;
  readonly uri: string;
  readonly headers?: Record<string, string>;
  readonly querystring?: Record<string, string>;
}

export interface FunctionResponse {
  readonly statusCode: number;
  readonly statusDescription?: string;
  readonly headers?: Record<string, { value: string }>;
  readonly body?: string | { encoding: 'text' | 'base64'; data: string };
}

export interface FunctionRequest {
  readonly method: string;
  readonly uri: string;
  readonly headers: Record<string, { value: string }>;
  readonly querystring: Record<string, { value: string }>;
}

export type FunctionResult =
  { readonly kind: 'request'; readonly request: FunctionRequest } | { readonly kind: 'response'; readonly response: FunctionResponse };

function viewerEvent(request: ViewerRequest) {
  const wrap = (values: Record<string, string> = {}, lower: boolean) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [lower ? name.toLowerCase() : name, { value }]));
  return {
    version: '1.0',
    context: { distributionDomainName: 'd111111abcdef8.cloudfront.net', distributionId: 'EDFDVBD6EXAMPLE', eventType: 'viewer-request', requestId: 'req-1' },
    viewer: { ip: '198.51.100.7' },
    request: {
      method: request.method,
      uri: request.uri,
      querystring: wrap(request.querystring, false),
      headers: wrap({ host: 'd111111abcdef8.cloudfront.net', ...request.headers }, true),
      cookies: {},
    },
  };
}

function checkHeaders(headers: unknown, where: string): void {
  if (headers === undefined) return;
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (name !== name.toLowerCase()) throw new Error(`${where}: header ${name} is not lower-case, which CloudFront Functions require`);
    if (typeof (value as { value?: unknown }).value !== 'string') throw new Error(`${where}: header ${name} is not a { value: string } object`);
  }
}

function checkResult(result: unknown): FunctionResult {
  if (typeof result !== 'object' || result === null) throw new Error('handler returned neither a request nor a response');
  const candidate = result as Record<string, unknown>;
  if ('statusCode' in candidate) {
    const status = candidate.statusCode;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
      throw new Error(`response statusCode ${String(status)} is not an HTTP status`);
    checkHeaders(candidate.headers, 'response');
    const body = candidate.body;
    if (body !== undefined && typeof body !== 'string') {
      const { encoding, data } = body as { encoding?: unknown; data?: unknown };
      if ((encoding !== 'text' && encoding !== 'base64') || typeof data !== 'string')
        throw new Error('response body must be a string or { encoding: text|base64, data }');
    }
    return { kind: 'response', response: candidate as unknown as FunctionResponse };
  }
  if (typeof candidate.uri !== 'string' || !candidate.uri.startsWith('/')) throw new Error('a returned request needs a uri starting with /');
  checkHeaders(candidate.headers, 'request');
  return { kind: 'request', request: candidate as unknown as FunctionRequest };
}

export function runViewerRequestFunction(code: string, request: ViewerRequest): FunctionResult {
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES)
    throw new Error(`the function is ${Buffer.byteLength(code)} bytes; CloudFront Functions take at most ${MAX_FUNCTION_BYTES}`);
  const sandbox = {
    console: { log: () => undefined },
    require: (name: string) => {
      if (!RUNTIME_MODULES.has(name)) throw new Error(`cloudfront-js has no module ${name}`);
      throw new Error(`the function requires ${name}, which this model does not provide`);
    },
    event: viewerEvent(request),
  };
  const context = createContext(sandbox, { codeGeneration: { strings: false, wasm: false } });
  for (const missing of ['process', 'setTimeout', 'setInterval', 'fetch', 'module', 'exports', 'Buffer']) {
    if (runInContext(`typeof ${missing}`, context) !== 'undefined') throw new Error(`the model leaked ${missing} into the function`);
  }
  runInContext(code, context, { timeout: 10_000 });
  if (runInContext('typeof handler', context) !== 'function') throw new Error('the code defines no handler(event) function');
  return checkResult(runInContext('handler(event)', context));
}
