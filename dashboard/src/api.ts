/** The dashboard's client of the /account API: same origin, the session cookie, a CSRF header. */
export interface AccountOverview {
  email: string;
  created_at: string;
  providers: { provider: string; label: string; subject: string; email: string; linked_at: string }[];
  available_providers: { provider: string; label: string }[];
  key: { key_id: string; prefix: string; created_at: string } | null;
  issued_key: string | null;
  usage: { minute: { used: number; limit: number; reset_at: number }; hour: { used: number; limit: number; reset_at: number } };
  csrf_token: string;
  session_expires_at: number;
}

export interface UsageDay {
  date: string;
  requests: number;
  rate_limited: number;
  exports: number;
}

export interface UsageHistory {
  days: UsageDay[];
  keys: { key_id: string; days: UsageDay[] }[];
}

export interface ScanVulnerability {
  id: string;
  cve_id: string | null;
  severity: string;
  cvss_score: number | null;
  risk_level: 'CRITICAL_GAP' | 'HIGH' | 'MEDIUM' | 'LOW' | null;
  risk_meaning: string | null;
  in_kev: boolean;
  weaponized: boolean;
  epss_score: number | null;
  fixed_versions: string[];
  title: string;
  summary: string;
  fix: string;
}

export interface ScanReport {
  components: number;
  checked: number;
  not_checked: { entry: string; line: number | null; reason: string }[];
  /** Every entry not checked; `not_checked` lists the first 1,000. */
  not_checked_total: number;
  findings: { component: { name: string; version: string; purl: string | null; line: number | null }; vulnerabilities: ScanVulnerability[] }[];
  /** Every component with findings, and every component × vulnerability pair; `findings` lists up to 2,000 vulnerabilities. */
  findings_total: number;
  vulnerabilities_total: number;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class AccountApi {
  private csrfToken = '';

  /** The overview when signed in, null when not: a 200 either way, so a signed-out load logs no error. */
  async session(): Promise<AccountOverview | null> {
    const data = (await this.call('GET', '/account/session')) as { signed_in: boolean; account: AccountOverview | null };
    if (data.account) this.csrfToken = data.account.csrf_token;
    return data.account;
  }

  usage(): Promise<UsageHistory> {
    return this.call('GET', '/account/usage') as Promise<UsageHistory>;
  }

  rotateKey() {
    return this.call('POST', '/account/key', {});
  }

  unlink(provider: string, subject: string) {
    return this.call('POST', '/account/unlink', { provider, subject });
  }

  updateEmail(email: string) {
    return this.call('POST', '/account/email', { email });
  }

  deleteAccount(confirmation: string) {
    return this.call('POST', '/account/delete', { confirmation });
  }

  signOut() {
    return this.call('POST', '/account/sign-out', {});
  }

  async exportData(): Promise<Blob> {
    const response = await fetch('/account/export', { method: 'POST', headers: this.headers(), credentials: 'same-origin', body: '{}' });
    if (!response.ok) throw await failureOf(response);
    return response.blob();
  }

  /** POST /account/scan: the file's bytes as they are; the JSON scan report (product-decisions §8). */
  async scan(file: Blob): Promise<ScanReport> {
    const response = await fetch('/account/scan', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': this.csrfToken },
      body: file,
    });
    if (!response.ok) throw await failureOf(response);
    return ((await response.json()) as { data: ScanReport }).data;
  }

  private headers(): Record<string, string> {
    return { 'Content-Type': 'application/json', 'X-CSRF-Token': this.csrfToken };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? { Accept: 'application/json' } : this.headers(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await failureOf(response);
    const json = (await response.json()) as { data: unknown };
    return json.data;
  }
}

export async function failureOf(response: Response): Promise<ApiFailure> {
  try {
    const json = (await response.json()) as { error?: { message?: string; details?: { message?: string }[] } };
    // A field's own message ("Enter an e-mail address such as …") says more than the summary.
    const detail = json.error?.details
      ?.map((d) => d.message)
      .filter(Boolean)
      .join(' ');
    return new ApiFailure(response.status, detail || json.error?.message || `The request failed (${response.status}).`);
  } catch {
    return new ApiFailure(response.status, `The request failed (${response.status}).`);
  }
}
