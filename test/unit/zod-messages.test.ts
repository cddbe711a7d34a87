import type { APIGatewayProxyEvent } from 'aws-lambda';
import { expect, test } from 'vitest';
import { parseConfig } from '../../shared/config/index.js';
import { createWatchlistSchema } from '../../shared/domain/watchlist.js';
import { ApiError } from '../../shared/domain/errors.js';
import { parseBody } from '../../shared/http/account-handler.js';

// zod/mini installs no messages of its own ("Invalid input" for every problem); shared/domain/zod.ts
// installs zod's English ones, which a 400's `details` and a configuration error show.

test("a refused body's details carry zod's English messages", () => {
  const body = JSON.stringify({ name: '', events: [], colour: 'red' });
  let details: ApiError['details'];
  try {
    parseBody({ body, isBase64Encoded: false } as APIGatewayProxyEvent, createWatchlistSchema);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    details = (error as ApiError).details;
  }
  expect(details).toEqual([
    { parameter: 'name', message: 'Too small: expected string to have >=1 characters' },
    { parameter: 'events', message: 'Too small: expected array to have >=1 items' },
    { parameter: 'body', message: 'Unrecognized key: "colour"' },
  ]);
});

test("a bad setting names the variable with zod's English message", () => {
  expect(() => parseConfig({ DYNAMODB_TIMEOUT_MS: '0', PUBLIC_BASE_URL: 'not a url' })).toThrow(
    'Invalid configuration: DYNAMODB_TIMEOUT_MS: Too small: expected number to be >0; PUBLIC_BASE_URL: Invalid URL',
  );
});
