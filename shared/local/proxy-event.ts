import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { BINARY_MEDIA_TYPES } from '../platform/gateway.js';
import type { RouteMatch } from './route-matcher.js';

export const LOCAL_API = { accountId: '000000000000', apiId: 'local', stage: 'local', region: 'local' } as const;

interface RequestParts {
  readonly headers: Record<string, string>;
  readonly multiValueHeaders: Record<string, string[]>;
  readonly query: Record<string, string> | null;
  readonly multiValueQuery: Record<string, string[]> | null;
}

/** Headers keep the client's casing, as API Gateway passes them; a repeated one keeps its last value. */
export function requestParts(req: IncomingMessage, url: URL): RequestParts {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    setOwn(headers, existing, value);
    setOwn(multiValueHeaders, existing, [...(ownValue(multiValueHeaders, existing) ?? []), value]);
  }
  let query: Record<string, string> | null = null;
  let multiValueQuery: Record<string, string[]> | null = null;
  for (const [name, value] of url.searchParams) {
    query ??= {};
    multiValueQuery ??= {};
    setOwn(query, name, value);
    setOwn(multiValueQuery, name, [...(ownValue(multiValueQuery, name) ?? []), value]);
  }
  return { headers, multiValueHeaders, query, multiValueQuery };
}

/**
 * API Gateway's event is JSON, where any name — `constructor`, `__proto__` — is an own property;
 * plain assignment would hit (or, for `__proto__`, silently skip) the object's prototype instead.
 */
function setOwn<T>(target: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

function ownValue<T>(target: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(target, name) ? target[name] : undefined;
}

export function methodArn(method: string, path: string): string {
  return `arn:aws:execute-api:${LOCAL_API.region}:${LOCAL_API.accountId}:${LOCAL_API.apiId}/${LOCAL_API.stage}/${method}${path}`;
}

export function requestContext(req: IncomingMessage, match: RouteMatch, path: string, requestId: string) {
  return {
    accountId: LOCAL_API.accountId,
    apiId: LOCAL_API.apiId,
    stage: LOCAL_API.stage,
    requestId,
    extendedRequestId: requestId,
    resourceId: 'local',
    resourcePath: match.route.path,
    httpMethod: match.route.method,
    path: `/${LOCAL_API.stage}${path}`,
    protocol: `HTTP/${req.httpVersion}`,
    requestTimeEpoch: Date.now(),
    domainName: req.headers.host ?? 'localhost',
    identity: {
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: req.headers['user-agent'] ?? null,
      accessKey: null,
      accountId: null,
      apiKey: null,
      apiKeyId: null,
      caller: null,
      clientCert: null,
      cognitoAuthenticationProvider: null,
      cognitoAuthenticationType: null,
      cognitoIdentityId: null,
      cognitoIdentityPoolId: null,
      principalOrgId: null,
      user: null,
      userArn: null,
    },
    authorizer: undefined as Record<string, unknown> | undefined,
  };
}

export function authorizerEvent(
  parts: RequestParts,
  match: RouteMatch,
  path: string,
  context: ReturnType<typeof requestContext>,
): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: methodArn(match.route.method, path),
    resource: match.route.path,
    path,
    httpMethod: match.route.method,
    headers: parts.headers,
    multiValueHeaders: parts.multiValueHeaders,
    pathParameters: match.pathParameters,
    queryStringParameters: parts.query,
    multiValueQueryStringParameters: parts.multiValueQuery,
    stageVariables: null,
    requestContext: { ...context, authorizer: undefined } as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export function proxyEvent(
  parts: RequestParts,
  match: RouteMatch,
  path: string,
  body: Buffer,
  context: ReturnType<typeof requestContext>,
): APIGatewayProxyEvent {
  // With binary media types configured, API Gateway base64-encodes a body whose Content-Type
  // matches one of them (a request without Content-Type counts as application/json).
  const contentType = Object.entries(parts.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  const isText = body.length === 0 || (!isBinaryMediaType(contentType) && isUtf8(body));
  return {
    resource: match.route.path,
    path,
    httpMethod: match.route.method,
    headers: parts.headers,
    multiValueHeaders: parts.multiValueHeaders,
    queryStringParameters: parts.query,
    multiValueQueryStringParameters: parts.multiValueQuery,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : null,
    stageVariables: null,
    requestContext: context as unknown as APIGatewayProxyEvent['requestContext'],
    body: body.length === 0 ? null : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !isText,
  };
}

/** API Gateway's match of a Content-Type against the binary media types (`*` wildcards). */
export function isBinaryMediaType(contentType: string, binaryTypes: readonly string[] = BINARY_MEDIA_TYPES): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const [main = '', sub = ''] = type.split('/');
  return binaryTypes.some((pattern) => {
    const [pMain = '', pSub = ''] = pattern.toLowerCase().split('/');
    return (pMain === '*' || pMain === main) && (pSub === '*' || pSub === sub);
  });
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
