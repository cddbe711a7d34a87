/**
 * Steps beyond updating that the description states (§9): a fix that must be switched on (an
 * opt-in setting or registry value, CVE-2013-3900's EnableCertPaddingCheck), and secrets to
 * replace after a leak of process memory (private keys, Heartbleed CVE-2014-0160). The patch
 * status counts a fix that must be switched on as a workaround, not as `available`.
 */
export interface FixSteps {
  /** The fix is off until someone switches it on. */
  readonly optIn: boolean;
  /** The setting the description names for it ("EnableCertPaddingCheck"), when it names one. */
  readonly setting?: string;
  /** The option the description says to enable beside the update, as it writes it ("the \"Check Content-Type overrides\" configuration option"). */
  readonly option?: string;
  /** Memory that held secrets may have been read: keys and certificates are to be replaced. */
  readonly replaceKeys: boolean;
}

const OPT_IN = /\bopt-in\b|\b(?:reg(?:istry)?\s*key|registry value|setting)\s+must\s+be\s+(?:set|enabled|configured)\b/i;
const SETTING = /\b([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)\b(?=\s+(?:registry|reg|setting|value|key)\b)/;
// "Please update to Apache Sling Engine >= 2.14.0 and enable the "Check Content-Type overrides"
// configuration option": the update ships the fix switched off, and the sentence names the switch.
const UPDATE_AND_ENABLE =
  /\b(?:update|upgrade)\b(?:[^.]|\.\d)*?\band (?:then )?(?:enable|turn on|switch on|activate) the ["“']([^"”']{3,60})["”'] ((?:configuration )?(?:option|setting|flag|property))\b/i;
const MEMORY_LEAK = /\b(?:obtain|read|disclose|leak)\w*\b[^.]*\bmemory\b|\bmemory\b[^.]*\b(?:disclos|leak|over-?read)\w*/i;
const SECRETS = /\b(?:private|secret|session) keys?\b/i;

export function readFixSteps(description: string): FixSteps {
  const enable = UPDATE_AND_ENABLE.exec(description);
  const option = enable ? `the '${enable[1]!.trim()}' ${enable[2]!.toLowerCase()}` : undefined;
  const optIn = OPT_IN.test(description) || option !== undefined;
  const setting = optIn && option === undefined ? SETTING.exec(description)?.[1] : undefined;
  return { optIn, ...(setting ? { setting } : {}), ...(option ? { option } : {}), replaceKeys: MEMORY_LEAK.test(description) && SECRETS.test(description) };
}
