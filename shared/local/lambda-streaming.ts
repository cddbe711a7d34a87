import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Context } from 'aws-lambda';
import * as z from '../domain/zod.js';

/**
 * A local stand-in for the `awslambda` global that the Node.js Lambda runtime provides to
 * response-streaming functions (middy's `streamifyResponse` calls it when a handler module is
 * loaded). Installed by the local stack only: a deployed bundle uses the runtime's own.
 *
 * It follows the runtime's contract: `streamifyResponse(handler)` marks the handler as one that
 * takes `(event, responseStream, context)`, and `HttpResponseStream.from(stream, metadata)`
 * writes the HTTP metadata as JSON followed by 8 NUL bytes, then the body, which is what API
 * Gateway reads from InvokeWithResponseStream.
 */

const STREAMING = Symbol.for('plaincve.local.streamifyResponse');
/** What separates the JSON metadata from the body in a streamed HTTP answer. */
export const PRELUDE_DELIMITER = Buffer.alloc(8);
/** API Gateway reads the metadata and delimiter from the first 16 KB of the stream, or fails. */
export const MAX_PRELUDE_BYTES = 16 * 1024;

export type StreamingHandler = (event: unknown, responseStream: Writable, context: Context) => Promise<unknown>;

interface LambdaGlobal {
  streamifyResponse(handler: StreamingHandler): StreamingHandler;
  HttpResponseStream: { from(stream: Writable, metadata: Record<string, unknown>): Writable };
}

const standIn: LambdaGlobal = {
  streamifyResponse(handler) {
    Object.defineProperty(handler, STREAMING, { value: true });
    return handler;
  },
  HttpResponseStream: {
    from(stream, metadata) {
      // JSON.stringify escapes NUL, so the metadata can never contain the delimiter.
      stream.write(JSON.stringify(metadata));
      stream.write(PRELUDE_DELIMITER);
      return stream;
    },
  },
};

/** Makes `awslambda` available to handler modules loaded after this call (idempotent). */
export function installLambdaStreamingGlobal(): void {
  // Other libraries (the AWS SDK's @aws/lambda-invoke-store) may already have created the
  // object for their own members, so the stand-in's members are added to it.
  const global = globalThis as unknown as { awslambda?: Partial<LambdaGlobal> };
  const awslambda = (global.awslambda ??= {});
  awslambda.streamifyResponse ??= standIn.streamifyResponse;
  awslambda.HttpResponseStream ??= standIn.HttpResponseStream;
}

export function isStreamingHandler(fn: unknown): fn is StreamingHandler {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[STREAMING] === true;
}

/** The metadata API Gateway accepts before a streamed body (response-transfer-mode-lambda). */
export const streamedMetadataSchema = z.object({
  statusCode: z.number().check(z.int(), z.minimum(100), z.maximum(599)),
  headers: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  multiValueHeaders: z.optional(z.record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()])))),
  cookies: z.optional(z.array(z.string())),
});
export type StreamedMetadata = z.infer<typeof streamedMetadataSchema>;

export class StreamedResponseError extends Error {}

export interface StreamedResponse {
  readonly metadata: StreamedMetadata;
  /** Body bytes already read past the delimiter. */
  readonly head: Buffer;
  /** The rest of the body, as the function writes it. */
  readonly rest: AsyncIterator<Buffer>;
}

/**
 * Invokes a streaming handler as InvokeWithResponseStream does and reads its metadata.
 * `wrap` lets the caller bound the invocation (a timeout). Rejects with the invocation's error
 * when it fails before the metadata is complete, or StreamedResponseError when the stream
 * carries no valid metadata; once it resolves, a later failure surfaces from `rest`.
 */
export async function invokeStreaming(
  handler: StreamingHandler,
  event: unknown,
  context: Context,
  wrap: <T>(invocation: Promise<T>) => Promise<T> = (p) => p,
): Promise<StreamedResponse> {
  const stream = new PassThrough();
  wrap(handler(event, stream, context)).then(
    () => {
      if (!stream.writableEnded) stream.end();
    },
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  const rest = (stream as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    return await readMetadata(rest);
  } catch (error) {
    // Nobody will read the rest: a handler still writing fails instead of waiting forever.
    stream.destroy();
    throw error;
  }
}

async function readMetadata(rest: AsyncIterator<Buffer>): Promise<StreamedResponse> {
  let buffered = Buffer.alloc(0);
  for (;;) {
    const at = buffered.indexOf(PRELUDE_DELIMITER);
    if (at >= 0) {
      let metadata: StreamedMetadata;
      try {
        metadata = streamedMetadataSchema.parse(JSON.parse(buffered.subarray(0, at).toString('utf8')));
      } catch {
        throw new StreamedResponseError('the streamed metadata is not valid');
      }
      return { metadata, head: buffered.subarray(at + PRELUDE_DELIMITER.length), rest };
    }
    if (buffered.length > MAX_PRELUDE_BYTES) throw new StreamedResponseError('no metadata in the first 16 KB');
    const next = await rest.next();
    if (next.done) throw new StreamedResponseError('the stream ended before its metadata');
    buffered = Buffer.concat([buffered, Buffer.from(next.value)]);
  }
}
