import { cookieHeaderOf } from '../shared/http/account-handler.js';
import { htmlHandler, redirectResponse } from '../shared/http/html-handler.js';
import { signInFailedResponse } from '../shared/http/sign-in-failure.js';
import { completeSignIn } from '../shared/accounts/use-cases/sign-in.js';

/**
 * GET /auth/{provider}/callback: the only function that may read the OAuth client secrets.
 * Every failure, whatever its cause, is the same generic page and sets no session.
 */
export const handler = htmlHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  try {
    const redirect = await completeSignIn({
      provider: event.pathParameters?.provider,
      code: query.code,
      state: query.state,
      error: query.error,
      cookieHeader: cookieHeaderOf(event),
    });
    return redirectResponse(redirect.location, redirect.cookies);
  } catch (error) {
    return signInFailedResponse(error);
  }
});
