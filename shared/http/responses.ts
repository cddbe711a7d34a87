import type { APIGatewayProxyResult } from 'aws-lambda';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The success envelope of interface §2.1. */
export function okResponse(data: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return jsonResponse(200, { ok: true, data }, headers);
}
