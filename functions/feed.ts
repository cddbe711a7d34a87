import * as z from 'zod/mini';
import { apiHandler } from '../shared/http/api-handler.js';
import { decodePathSegment } from '../shared/http/path-parameters.js';
import { watchlistFeed } from '../shared/keeping-up/use-cases/watchlist-feed.js';

const feedEvent = z.object({ pathParameters: z.object({ file: z.pipe(z.string(), z.transform(decodePathSegment)) }) });

/**
 * GET /feeds/<token>.atom: a watchlist's private Atom feed (no key: the token is the
 * capability). Feed readers poll, so the answer may be kept five minutes by the browser and
 * CloudFront (keyed by the path, which holds the token); a revoked token answers 404 at the
 * origin at once and at the edge within those five minutes (docs/feeds.md). Errors are the
 * product's JSON envelope, never cached.
 */
export const handler = apiHandler(
  async (event) => {
    const { pathParameters } = feedEvent.parse(event);
    const { xml } = await watchlistFeed(pathParameters.file);
    return {
      statusCode: 200,
      headers: {
        'Content-Type': 'application/atom+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        // A private address: never in a search index, whoever finds it.
        'X-Robots-Tag': 'noindex, nofollow',
      },
      body: xml,
    };
  },
  { auth: 'none' },
);
