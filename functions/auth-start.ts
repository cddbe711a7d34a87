import { htmlHandler, redirectResponse } from '../shared/http/html-handler.js';
import { SignInError, beginSignIn } from '../shared/accounts/use-cases/sign-in.js';
import { signInFailedResponse } from '../shared/http/sign-in-failure.js';

/** GET /auth/{provider}[?returnTo=/dashboard…]: starts sign-in (or linking, with a session). */
export const handler = htmlHandler(async (event) => {
  try {
    const redirect = await beginSignIn(event.pathParameters?.provider, event.queryStringParameters?.returnTo);
    return redirectResponse(redirect.location, redirect.cookies);
  } catch (error) {
    if (error instanceof SignInError) return signInFailedResponse(error);
    throw error;
  }
});
