import type { APIGatewayProxyEvent } from 'aws-lambda';
import { expect, test } from 'vitest';
import * as z from '../../../shared/domain/zod.js';
import { ApiError } from '../../../shared/domain/errors.js';
import { parseBody } from '../../../shared/http/account-handler.js';

const schema = z.strictObject({ email: z.email() });
const event = (body: string | null, isBase64Encoded: boolean) => ({ body, isBase64Encoded }) as APIGatewayProxyEvent;

test('a base64-encoded body (as API Gateway may pass it) is decoded before validation', () => {
  const raw = JSON.stringify({ email: 'a@example.com' });
  expect(parseBody(event(Buffer.from(raw).toString('base64'), true), schema)).toEqual({ email: 'a@example.com' });
  expect(parseBody(event(raw, false), schema)).toEqual({ email: 'a@example.com' });
});

test('bad JSON and invalid fields are 400 BAD_REQUEST naming the field', () => {
  expect(() => parseBody(event('{', false), schema)).toThrow(ApiError);
  try {
    parseBody(event(JSON.stringify({ email: 'x', extra: 1 }), false), schema);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    expect((error as ApiError).details?.map((d) => d.parameter)).toContain('email');
  }
  expect.assertions(4);
});
