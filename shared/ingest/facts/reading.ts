import { deriveInKev } from '../derive/exploit-intel.js';
import type { AttackFacts, Facts, Impact } from '../../domain/facts.js';
import { mergedReferences } from '../derive/references.js';
import { deriveScore } from '../derive/score.js';
import { deriveCweIds } from '../derive/weakness.js';
import { parseCvssVector } from '../explainer/attack.js';
import { bulletinsIn, describedAka } from './aka.js';
import { sentInCleartext } from './cleartext.js';
import { reachedOverTheWeb } from './web-place.js';
import { attackerNeedsNoAccount, describedAttack, namedAttackerActsAlone, noVictimFromVectorOnly, vectorUnknown } from './attacker.js';
import { describedComponent } from './component.js';
import { kernelComponent, kernelSubject } from './kernel.js';
import { exploitPublic } from './exploit.js';
import { impactsOnlyWithOtherFlaws } from './chained-impacts.js';
import { CVSS_IMPACTS_SOURCE, cvssAttack, cweImpactsSource, cvssImpacts, cweImpacts, narrowedByVector } from './fallback.js';
import { describedImpacts, memorySafetyImpacts, namedWeaknessImpacts, orderImpacts } from './impacts.js';
import type { FactInput } from './input.js';
import { deniedImpacts } from './prose.js';
import { factProducts } from './products.js';

export type ReadFacts = Omit<Facts, 'fixed_in' | 'last_affected' | 'fix_stated'>;

/** Which source each read fact came from (the record's `provenance`, keys `facts.<field>`). */
export type FactProvenance = Record<string, string>;

const NOTHING: ReadFacts = {
  impacts: [],
  attack: { position: null, privileges: null, user_interaction: null },
  component: null,
  products: [],
  exploit_public: false,
  aka: [],
};

/**
 * Cisco's umbrella text, "Multiple vulnerabilities in … could allow an attacker to inject … or conduct a cross-site
 * scripting (XSS) attack against a user … For more information about these vulnerabilities, see the Details section"
 * (179 records, CVE-2022-20722 of h48): who attacks is told for all of them at once; the record's own CVSS vector is
 * this one's, so it settles position, privileges and user interaction.
 */
const UMBRELLA = /\bMultiple vulnerabilities in\b[\s\S]*\bFor more information about these vulnerabilities\b/i;

function impactsOf(input: FactInput, cweIds: readonly string[], vector: string | undefined): { value: Impact[]; source: string } {
  const described = describedImpacts(input.description);
  if (described.length > 0) {
    const chained = [...impactsOnlyWithOtherFlaws(input.description)];
    return { value: described, source: chained.length > 0 ? `description (${chained.join(', ')} only with other flaws)` : 'description' };
  }
  // A gain the description rules out is not taken from the weakness or the rating either.
  const denied = deniedImpacts(input.description);
  const allowed = (impacts: readonly Impact[]) => impacts.filter((i) => !denied.has(i));
  const metrics = allowed(cvssImpacts(parseCvssVector(vector)));
  const weakness = allowed(narrowedByVector(cweImpacts(cweIds), metrics));
  if (weakness.length > 0) return { value: orderImpacts(weakness), source: cweImpactsSource(cweIds) };
  const named = allowed(namedWeaknessImpacts(input.description));
  if (named.length > 0) return { value: named, source: 'the weakness the description names' };
  if (metrics.length > 0) return { value: metrics, source: CVSS_IMPACTS_SOURCE };
  const memory = allowed(memorySafetyImpacts(input.description));
  if (memory.length > 0) return { value: memory, source: 'the memory-safety weakness the description names (no CVSS vector)' };
  return { value: [], source: 'no source states a consequence' };
}

/**
 * What is wrong, where, who can attack and what they gain, the products, exploit and aka (§9):
 * the description first, then the CWE and the CVSS vector for what it leaves open.
 */
export function readAttackFacts(input: FactInput): ReadFacts & { provenance: FactProvenance } {
  if (input.rejected) return { ...NOTHING, provenance: { facts: 'rejected: no facts' } };
  const cweIds = deriveCweIds(input.sources).value;
  const score = deriveScore(input.sources);
  const impacts = impactsOf(input, cweIds, score.vector);
  const described = describedAttack(input.description);
  const fromVector = cvssAttack(parseCvssVector(score.vector));
  const actsAlone = namedAttackerActsAlone(input.description);
  const unknownVector = vectorUnknown(input.description);
  const vectorSource = score.cvss_version ? `CVSS v${score.cvss_version} vector` : 'no CVSS vector';
  // Traffic sent in cleartext is read on its path; NVD's network vector does not make its reader "anyone on the network".
  const onPath = described.position === undefined && fromVector.position === 'remote' && sentInCleartext(input.description);
  // NVD's "remote attackers" is its word for anyone not on the machine; a vector that says adjacent network (BlueBorne's
  // Bluetooth SDP requests, CVE-2017-1000250) says how near they must be.
  const nearby = described.position === 'remote' && fromVector.position === 'adjacent';
  // Patchstack's "allows Stored XSS" with no vector at all: script, forged requests and SQL reach a web application over the network.
  const webKind = impacts.value.some((i) => i === 'cross_site_scripting' || i === 'request_forgery' || i === 'sql_injection');
  const webPlace = !webKind && reachedOverTheWeb(input.description);
  const webAttack = described.position === undefined && fromVector.position === null && (webKind || webPlace);
  // "allows remote attackers to execute arbitrary code via a crafted toolbar object" (Windows Shell, CVE-2015-2515) names
  // what the attacker supplies, not who opens it; NVD's v2 analysis says a user must (v2 has no such metric of its own), and
  // so does a v3 vector's UI:R (ImageMagick's "leaked via the image data", CVE-2018-16323; Intel's "via local access").
  const vectorSaysVictimActs =
    described.userInteraction === false &&
    (score.userInteractionRequired === true || fromVector.user_interaction === true) &&
    noVictimFromVectorOnly(input.description);
  const noAccount = described.privileges === undefined && fromVector.privileges === null && attackerNeedsNoAccount(input.description);
  const umbrella = UMBRELLA.test(input.description) && fromVector.position !== null;
  const attack: AttackFacts = umbrella
    ? fromVector
    : {
        position: nearby ? 'adjacent' : (described.position ?? (onPath ? 'man_in_the_middle' : (fromVector.position ?? (webAttack ? 'remote' : null)))),
        privileges: described.privileges ?? fromVector.privileges ?? (noAccount ? 'none' : null),
        user_interaction: vectorSaysVictimActs
          ? true
          : (described.userInteraction ?? (unknownVector ? null : (fromVector.user_interaction ?? (actsAlone ? false : null)))),
      };
  const references = mergedReferences(input.sources);
  // KEV membership counts as §6's exploit source wherever it is known (the catalogue, or NVD's copy of it), as the exploit intel reads it.
  const exploitSources = deriveInKev(input.sources) ? new Set([...input.sources.exploits, 'CISA KEV']) : input.sources.exploits;
  const exploit = exploitPublic(exploitSources, references, input.description, input.sources.cve5?.ssvcExploitation);
  const aka = [...new Set([...describedAka(input.description), ...bulletinsIn(references.map((r) => r.url))])];
  const products = factProducts(input.products, input.description);
  // A kernel commit's later analysis is no statement of where the bug is: its subject line is.
  const kernel = kernelSubject(input.description);
  const from = (stated: unknown, value: unknown) =>
    umbrella
      ? `${vectorSource} (the description tells of several vulnerabilities at once)`
      : stated !== undefined
        ? 'description'
        : value === null
          ? 'not stated'
          : vectorSource;
  const interactionSource = umbrella
    ? from(undefined, attack.user_interaction)
    : vectorSaysVictimActs
      ? fromVector.user_interaction === true
        ? `${vectorSource}, user interaction required (the description names only what the attacker supplies)`
        : `NVD's CVSS v2 "user interaction required" (the description names only what the attacker supplies)`
      : described.userInteraction === undefined && fromVector.user_interaction === null && actsAlone
        ? 'description (a named attacker, no victim, no vector; the CVSS vector has no user-interaction field)'
        : described.userInteraction === undefined && unknownVector
          ? 'not stated (the description calls the attack vectors unknown)'
          : from(described.userInteraction, attack.user_interaction);
  return {
    impacts: impacts.value,
    attack,
    component: kernel ? kernelComponent(kernel) : describedComponent(input.description, input.products),
    products,
    exploit_public: exploit.value,
    aka,
    provenance: {
      'facts.impacts': impacts.source,
      'facts.attack.position': umbrella
        ? from(undefined, attack.position)
        : onPath
          ? `description (data sent in cleartext: read on its path) over the ${vectorSource}`
          : nearby
            ? `description (remote), made adjacent by the ${vectorSource}`
            : webAttack
              ? webKind
                ? 'description (a web attack: cross-site scripting, request forgery or SQL injection comes over the network)'
                : "description (a WordPress plugin in Patchstack's template, or a device's web handler and its parameter: reached over the network)"
              : from(described.position, attack.position),
      'facts.attack.privileges': umbrella
        ? from(undefined, attack.privileges)
        : noAccount
          ? "description (reflected or DOM-based cross-site scripting, or request forgery: the victim's browser acts; no CVSS vector)"
          : from(described.privileges, attack.privileges),
      'facts.attack.user_interaction': interactionSource,
      'facts.component': kernel ? 'the Linux kernel commit subject' : 'description',
      'facts.products': products.length > 0 ? 'affected products; primary: named in the description' : 'no affected products',
      'facts.exploit_public': exploit.provenance,
      'facts.aka': 'description; Microsoft bulletins the references link to',
    },
  };
}
