/**
 * Who can attack, from a CVSS v3.x or v4.0 vector: where from (AV), whether an account is needed
 * (PR) and whether a victim must help (UI). A v2 vector says where from (AV) and whether the
 * attacker must sign in (Au: N none, S/M an account), and nothing of a victim's help: its
 * sentence leaves help out rather than guess.
 */
export interface AttackConditions {
  readonly vector: 'N' | 'A' | 'L' | 'P';
  readonly privileges: 'N' | 'L' | 'H';
  /** Undefined for CVSS v2, which has no user-interaction metric. */
  readonly interaction?: 'N' | 'R';
  readonly confidentiality?: 'N' | 'L' | 'H';
  readonly integrity?: 'N' | 'L' | 'H';
  readonly availability?: 'N' | 'L' | 'H';
}

/** v2 impacts: None, Partial, Complete. */
const V2_IMPACT = { N: 'N', P: 'L', C: 'H' } as const;

function parseCvssV2(parts: ReadonlyMap<string, string>): AttackConditions | undefined {
  const av = parts.get('AV');
  const au = parts.get('Au');
  if (!av || !au || !'NAL'.includes(av) || !'NSM'.includes(au)) return undefined;
  const impact = (key: string) => V2_IMPACT[parts.get(key) as keyof typeof V2_IMPACT];
  const [c, i, a] = [impact('C'), impact('I'), impact('A')];
  return {
    vector: av as AttackConditions['vector'],
    privileges: au === 'N' ? 'N' : 'L',
    ...(c ? { confidentiality: c } : {}),
    ...(i ? { integrity: i } : {}),
    ...(a ? { availability: a } : {}),
  };
}

export function parseCvssVector(vector: string | undefined): AttackConditions | undefined {
  if (!vector) return undefined;
  const parts = new Map(
    vector
      .replace(/^\(|\)$/g, '')
      .split('/')
      .map((p) => p.split(':') as [string, string]),
  );
  // v2 vectors carry no version prefix; their Au metric is theirs alone.
  if (parts.has('Au')) return parseCvssV2(parts);
  const av = parts.get('AV');
  const pr = parts.get('PR');
  // CVSS v4.0 writes user interaction as P(assive)/A(ctive) and impacts on the vulnerable system as VC/VI/VA.
  const rawUi = parts.get('UI');
  const ui = rawUi === 'P' || rawUi === 'A' ? 'R' : rawUi;
  if (!av || !pr || !ui || !'NALP'.includes(av) || !'NLH'.includes(pr) || !'NR'.includes(ui)) return undefined;
  const impact = (key: string) => {
    const v = parts.get(key) ?? parts.get(`V${key}`);
    return v === 'N' || v === 'L' || v === 'H' ? v : undefined;
  };
  const c = impact('C');
  const i = impact('I');
  const a = impact('A');
  return {
    vector: av as AttackConditions['vector'],
    privileges: pr as AttackConditions['privileges'],
    interaction: ui as AttackConditions['interaction'],
    ...(c ? { confidentiality: c } : {}),
    ...(i ? { integrity: i } : {}),
    ...(a ? { availability: a } : {}),
  };
}

const WHERE = {
  N: 'over the network, even from the internet',
  A: 'only from the same local network',
  L: 'only with access to the machine itself',
  P: 'only with the device in their hands',
} as const;
const ACCOUNT = { N: 'with no account', L: 'with a normal user account', H: 'with an admin account' } as const;

/**
 * CVSS scores a crafted file that a user opens as a local attack (AV:L) with user interaction
 * (UI:R) needing no privileges (PR:N): the attacker needs no access to the machine, only a user
 * who opens the file. That case, unless the description speaks of local users, says so instead of
 * "access to the machine".
 */
export function attackSentence(c: AttackConditions, context: { readonly localUsers?: boolean } = {}): string {
  if (c.vector === 'L' && c.interaction === 'R' && c.privileges === 'N' && !context.localUsers) {
    return 'An attacker can try this by getting a user to open a file or link that the attacker made. The attacker needs no account on the machine.';
  }
  const help =
    c.interaction === undefined
      ? undefined
      : c.interaction === 'N'
        ? 'and with no help from anyone'
        : 'but only if a user is tricked into doing something, such as opening a link or a file';
  // PR:N on a local attack that the description gives to "local users" means no special rights on
  // the machine, not no account on it: "with no account" beside "local users" would contradict it.
  const account = c.vector === 'L' && c.privileges === 'N' && context.localUsers ? 'as any user of it' : ACCOUNT[c.privileges];
  return help ? `An attacker can try this ${WHERE[c.vector]}, ${account}, ${help}.` : `An attacker can try this ${WHERE[c.vector]}, ${account}.`;
}

/** What a successful attack harms, from the impact metrics, when no CWE says it better. */
export function impactSentence(c: AttackConditions): string | undefined {
  const harms: string[] = [];
  if (c.confidentiality && c.confidentiality !== 'N') harms.push('see data they should not');
  if (c.integrity && c.integrity !== 'N') harms.push('change data or settings');
  if (c.availability && c.availability !== 'N') harms.push('slow down or stop the system');
  if (harms.length === 0) return undefined;
  const last = harms.pop()!;
  return `If the attack works, the attacker can ${harms.length ? `${harms.join(', ')} or ${last}` : last}.`;
}
