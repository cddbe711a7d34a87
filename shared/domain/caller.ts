import * as z from './zod.js';

/**
 * Who is calling a protected endpoint: the account and the non-secret key id the authorizer
 * established (never the key itself). Use cases take it; the HTTP layer reads it off the event.
 */
export const callerSchema = z.object({ accountId: z.string().check(z.minLength(1)), keyId: z.string().check(z.minLength(1)) });
export type Caller = z.infer<typeof callerSchema>;
