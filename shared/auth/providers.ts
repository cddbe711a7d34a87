import * as z from '../domain/zod.js';

/** product-decisions §5: the three sign-in providers. */
export const providerIdSchema = z.enum(['github', 'google', 'microsoft']);
export type ProviderId = z.infer<typeof providerIdSchema>;
export const PROVIDER_IDS: readonly ProviderId[] = providerIdSchema.options;

export interface ProviderTraits {
  readonly label: string;
  readonly scopes: readonly string[];
  /** Google and Microsoft take PKCE (S256); GitHub's OAuth apps rely on state alone. */
  readonly pkce: boolean;
}

export const PROVIDERS: Readonly<Record<ProviderId, ProviderTraits>> = {
  github: { label: 'GitHub', scopes: ['read:user', 'user:email'], pkce: false },
  google: { label: 'Google', scopes: ['openid', 'email'], pkce: true },
  microsoft: { label: 'Microsoft', scopes: ['openid', 'email', 'profile'], pkce: true },
};

/** What sign-in keeps of a provider's answer: who the user is there, and their e-mail. */
export interface ProviderProfile {
  readonly provider: ProviderId;
  /** The provider's stable user id (GitHub's numeric id, the OIDC `sub`). */
  readonly subject: string;
  readonly email: string;
}
