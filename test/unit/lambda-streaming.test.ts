import { Readable } from 'node:stream';
import middy from '@middy/core';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import {
  PRELUDE_DELIMITER,
  StreamedResponseError,
  installLambdaStreamingGlobal,
  invokeStreaming,
  isStreamingHandler,
  type StreamedResponse,
  type StreamingHandler,
} from '../../shared/local/lambda-streaming.js';

installLambdaStreamingGlobal();
const context = () => lambdaContext('test', 'r1', 10, 256);

async function bodyOf(answer: StreamedResponse): Promise<string> {
  const chunks = [answer.head];
  for (let next = await answer.rest.next(); !next.done; next = await answer.rest.next()) chunks.push(next.value);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the local awslambda stand-in', () => {
  it('runs a middy streamifyResponse handler: status and headers as metadata, then the body (string or stream)', async () => {
    const fromString = middy({ streamifyResponse: true }).handler(async () => ({
      statusCode: 201,
      headers: { 'Content-Type': 'text/plain', 'X-Count': 2 },
      body: 'héllo',
    }));
    expect(isStreamingHandler(fromString)).toBe(true);
    const answer = await invokeStreaming(fromString as unknown as StreamingHandler, {}, context());
    expect(answer.metadata).toEqual({ statusCode: 201, headers: { 'Content-Type': 'text/plain', 'X-Count': 2 } });
    expect(await bodyOf(answer)).toBe('héllo');

    const big = 'x'.repeat(3 * 1024 * 1024);
    const fromStream = middy({ streamifyResponse: true }).handler(async () => ({ statusCode: 200, body: Readable.from([big, 'end']) }));
    expect(await bodyOf(await invokeStreaming(fromStream as unknown as StreamingHandler, {}, context()))).toBe(`${big}end`);
  });

  it('a handler that fails before its metadata rejects with its error; a stream without metadata is refused', async () => {
    const failing: StreamingHandler = async () => {
      throw new Error('boom');
    };
    await expect(invokeStreaming(failing, {}, context())).rejects.toThrow('boom');

    const noMetadata: StreamingHandler = async (_event, stream) => {
      stream.end('just bytes');
    };
    await expect(invokeStreaming(noMetadata, {}, context())).rejects.toBeInstanceOf(StreamedResponseError);

    const badMetadata: StreamingHandler = async (_event, stream) => {
      stream.write(JSON.stringify({ statusCode: 'ok' }));
      stream.end(PRELUDE_DELIMITER);
    };
    await expect(invokeStreaming(badMetadata, {}, context())).rejects.toBeInstanceOf(StreamedResponseError);
  });

  it('a failure after the metadata surfaces while the body is read', async () => {
    const cut: StreamingHandler = async (_event, stream) => {
      stream.write(JSON.stringify({ statusCode: 200 }));
      stream.write(PRELUDE_DELIMITER);
      stream.write('partial');
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('cut');
    };
    const answer = await invokeStreaming(cut, {}, context());
    expect(answer.metadata.statusCode).toBe(200);
    await expect(bodyOf(answer)).rejects.toThrow('cut');
  });
});
