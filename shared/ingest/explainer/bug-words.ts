/**
 * What kind of mistake the description names ("SQL injection", "use-after-free", "heap-based
 * buffer overflow"), for the title and the summary's first sentence. Bug classes only: a
 * category such as "input validation" or "access control" says where the mistake is, not what
 * it is, and titles built on it read as "Input checking in X" (issue 23).
 */
const BUG_CLASSES = [
  'cross-site request forgery',
  'cross-site scripting',
  'server-side request forgery',
  'SQL injection',
  'OS command injection',
  'command injection',
  'code injection',
  'eval injection',
  'CRLF injection',
  'LDAP injection',
  'XPath injection',
  'XML injection',
  'template injection',
  'argument injection',
  'HTML injection',
  'HTTP response splitting',
  'remote file inclusion',
  'local file inclusion',
  'directory traversal',
  'path traversal',
  'open redirect',
  'XML external entity',
  'stack-based buffer overflow',
  'heap-based buffer overflow',
  'heap buffer overflow',
  'stack buffer overflow',
  'global buffer overflow',
  'buffer overflow',
  'buffer over-read',
  'buffer underflow',
  'heap overflow',
  'stack overflow',
  'integer overflow',
  'integer underflow',
  'integer signedness error',
  'off-by-one error',
  'out-of-bounds write',
  'out-of-bounds read',
  'use-after-free',
  'use after free',
  'double free',
  'NULL pointer dereference',
  'null pointer dereference',
  'type confusion',
  'format string',
  'race condition',
  'memory corruption',
  'memory leak',
  'uninitialized memory',
  'infinite loop',
  'untrusted search path',
  'unrestricted file upload',
  'arbitrary file upload',
  'insecure deserialization',
  'deserialization of untrusted data',
  'unsafe deserialization',
  'session fixation',
  'clickjacking',
  'timing side channel',
  'side-channel',
  'hard-coded credentials',
  'hard-coded password',
  'default credentials',
  'backdoor',
  'authentication bypass',
  'missing authentication',
  'missing authorization',
  'improper authorization',
  'regular expression denial of service',
  'cleartext storage',
  'cleartext transmission',
  'insecure permissions',
  'incorrect permissions',
  'weak encryption',
  'certificate validation',
  'symlink attack',
  'symlink following',
  'GUI overlay',
  'UI spoofing',
  // Last: "triggers the overflow during path canonicalization" (MS08-067) names no kind of overflow.
  'overflow',
] as const;

/** Names of a consequence, not a mistake: a bug's kind only where the record names no mistake. */
const CONSEQUENCE_CLASSES = ['privilege escalation', 'information disclosure', 'denial of service', 'spoofing'] as const;

const pattern = (names: readonly string[]) => new RegExp(`\\b(${names.map((b) => b.replace(/[-\s]/g, '[-\\s]')).join('|')})(?:s|es)?\\b`, 'i');
const BUGS = pattern(BUG_CLASSES);
const CONSEQUENCES = pattern(CONSEQUENCE_CLASSES);

/** The first bug class the description names, in its own spelling, lower case except acronyms. */
export function describedBug(description: string): string | undefined {
  const text = description.replace(/\s*\bNOTE:.*$/s, '').replace(/\baka\b.*$/s, '');
  const match = BUGS.exec(text)?.[1] ?? CONSEQUENCES.exec(text)?.[1];
  if (!match) return undefined;
  return match.replace(/\s+/g, ' ').replace(/\b([A-Z][a-z]+|NULL)\b/g, (word) => word.toLowerCase());
}
