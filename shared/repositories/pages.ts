import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { documentClient, dynamo } from './dynamo-client.js';
import { patiently } from './patience.js';

const { paginateQuery, paginateScan } = dynamoDbDocumentSdk;

type Item = Record<string, unknown>;
interface Page {
  readonly Items?: Item[];
  readonly LastEvaluatedKey?: Item;
}
type Open = (startingToken: Item | undefined) => AsyncIterator<Page>;

export interface PageOptions {
  /** Bulk work: a page the table failed is asked for again after a backoff, from where the last good page ended. */
  readonly patient?: boolean;
}

/**
 * The SDK's paginator, page by page. Each page's failure is mapped as one call's is (dynamo():
 * 503, not a stack trace); a paginator that threw is finished, so a patient read opens a new one
 * at the last page's key instead of starting the whole read over. Lazy: a caller that stops
 * early reads no further page.
 */
async function* pagesOf(open: Open, options: PageOptions): AsyncGenerator<Item[]> {
  let resumeAt: Item | undefined;
  let pages = open(undefined);
  const read = () => dynamo(() => pages.next());
  const reopening = async () => {
    try {
      return await read();
    } catch (error) {
      pages = open(resumeAt);
      throw error;
    }
  };
  for (;;) {
    const next = options.patient ? await patiently(reopening) : await read();
    if (next.done) return;
    resumeAt = next.value.LastEvaluatedKey;
    yield next.value.Items ?? [];
  }
}

/** Every page of a Query (the input is copied: the paginator writes its cursor into it). */
export function queryPages(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, options: PageOptions = {}): AsyncGenerator<Item[]> {
  return pagesOf((startingToken) => paginateQuery({ client: documentClient(), startingToken }, { ...input }), options);
}

/** Every page of a Scan (the input is copied: the paginator writes its cursor into it). */
export function scanPages(input: Omit<ScanCommandInput, 'ExclusiveStartKey'>, options: PageOptions = {}): AsyncGenerator<Item[]> {
  return pagesOf((startingToken) => paginateScan({ client: documentClient(), startingToken }, { ...input }), options);
}

/** Every item a Query matches, and how many calls (pages) that took. */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<{ items: Item[]; calls: number }> {
  const items: Item[] = [];
  let calls = 0;
  for await (const page of queryPages(input)) {
    calls++;
    items.push(...page);
  }
  return { items, calls };
}
