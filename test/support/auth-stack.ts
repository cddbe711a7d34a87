import type { Clock } from '../../shared/platform/clock.js';
import { randomBytes } from 'node:crypto';
import type { ProviderId } from '../../shared/auth/providers.js';
import { dashboardFiles } from '../../shared/local/dashboard-files.js';
import { TEST_USERS, identityProviderStandIns } from '../../shared/local/identity-providers.js';
import type { LocalWebhookOptions } from '../../shared/local/stack.js';
import { startTestStack, type TestStack } from './stack.js';

/**
 * Throwaway identities: any subject of this form signs in at the stand-ins (GitHub ids are
 * numbers, so GitHub's are 9 digits starting with 9; the others start with `t-`).
 */
export function freshSubject(provider: ProviderId): string {
  if (provider === 'github') return String(900_000_000 + (randomBytes(4).readUInt32BE() % 99_999_999));
  return `t-${provider}-${randomBytes(6).toString('hex')}`;
}

export function emailOf(subject: string): string {
  return `${subject.replace(/^t-/, '')}@example.com`;
}

const isFresh = (subject: string) => subject.startsWith('t-') || /^9\d{8}$/.test(subject);

/** The local stack with the dashboard and the stand-ins, which also accept `t-…` test users. */
export async function startAuthStack(environment: Record<string, string> = {}, webhooks?: LocalWebhookOptions, clock?: Clock): Promise<TestStack> {
  return startTestStack({
    environment,
    ...(clock ? { clock } : {}),
    ...(webhooks ? { webhooks } : {}),
    sideRoutes: [
      dashboardFiles(),
      identityProviderStandIns({
        findUser: (provider: ProviderId, subject: string) =>
          TEST_USERS[provider].find((u) => u.subject === subject) ?? (isFresh(subject) ? { subject, name: subject, email: emailOf(subject) } : undefined),
      }),
    ],
  });
}
