import * as z from '../domain/zod.js';
import { PROVIDER_IDS, type ProviderId } from '../auth/providers.js';

/**
 * The one place for OAuth settings: a flat JSON object with a client id and a client secret per
 * provider. The stateful stack creates the secret with every key present and empty;
 * `npm run setup:oauth` fills one provider. A provider with either value empty is unavailable:
 * the sign-in page says so instead of failing.
 */
export type OAuthSettingKey = `${ProviderId}_client_id` | `${ProviderId}_client_secret`;

export const OAUTH_SETTING_KEYS: readonly OAuthSettingKey[] = PROVIDER_IDS.flatMap((p) => [`${p}_client_id`, `${p}_client_secret`] as const);

export const oauthSettingsSchema = z.object(
  Object.fromEntries(OAUTH_SETTING_KEYS.map((key) => [key, z._default(z.string().check(z.maxLength(512)), '')])) as Record<
    OAuthSettingKey,
    z.ZodMiniDefault<z.ZodMiniString>
  >,
);
export type OAuthSettings = z.infer<typeof oauthSettingsSchema>;

export const EMPTY_OAUTH_SETTINGS: OAuthSettings = oauthSettingsSchema.parse({});

export interface ProviderCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A provider's credentials, or undefined when it is not (fully) configured. */
export function credentialsOf(settings: OAuthSettings, provider: ProviderId): ProviderCredentials | undefined {
  const clientId = settings[`${provider}_client_id`].trim();
  const clientSecret = settings[`${provider}_client_secret`].trim();
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/** The settings with one provider filled in (what `npm run setup:oauth` writes). */
export function withProvider(settings: OAuthSettings, provider: ProviderId, credentials: ProviderCredentials): OAuthSettings {
  return { ...settings, [`${provider}_client_id`]: credentials.clientId, [`${provider}_client_secret`]: credentials.clientSecret };
}
