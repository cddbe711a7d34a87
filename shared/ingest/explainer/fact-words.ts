/**
 * The plain words for §9's facts: what an attacker gains (one phrase per impact, all of them
 * said, "runs code" never left out), who can attack (never "from the internet" of an on-path
 * attacker, never "anyone" of one who must sign in), and short forms for titles. Details that
 * make a phrase concrete (private keys, root) are taken only from the record's own words.
 */
import type { AttackFacts, Impact } from '../../domain/facts.js';
import { APP_ON_THE_DEVICE, CLIENT_PROGRAM, SERVER_ATTACKS_CLIENT } from '../facts/attacker.js';
import { NAMED_FEATURE, PRIVILEGED_ACTIONS, SERVER_SENDS_REQUESTS } from '../facts/impacts.js';
import { affirmedProse } from '../facts/prose.js';
import { impactsOnlyWithOtherFlaws } from '../facts/chained-impacts.js';
import { article } from './names.js';

/**
 * What the description says is exposed, in its own words, for "see information … such as …".
 * Memory as a resource ("consume memory resources") is the denial of service, not a leak; "files"
 * only as what is read ("read arbitrary files"), not "parses … ELF files".
 */
const EXPOSED =
  /\b(private keys?|passwords?|password hashes|credentials|session (?:cookies|tokens|ids?|identifiers)|cookies|process memory|kernel memory|memory(?! (?:resources|consumption|exhaustion|usage|allocation))|source code|configuration(?: information| files?)?|usernames|user names|e-?mail addresses|(?<=\b(?:read|reading|access|accessing|download|downloading|view|viewing|obtain|obtaining|retrieve|retrieving|disclose|disclosing|leak|leaking|list|listing|steal|stealing)\s+(?:[\w.-]+\s+){0,3})files|(?<=\b(?:arbitrary|sensitive|local|system|private|protected|restricted|confidential|internal|any|other users'?)\s+)files|database contents)\b/gi;

/**
 * KNIME's "A hard-coded, non-random password for the object store … allows an … attacker in possession of the password to
 * read" (CVE-2025-2402): the way in, not what is read.
 */
const MEANS_SECRET =
  /\b(?:hard-?coded|default|static|built-in|embedded)\b(?:[,\s]+[\w-]+){0,2}?[,\s]+(?:passwords?|credentials|(?:private |secret )?keys?)\b|\b(?:in possession of|knowledge of|who knows?|knowing) the (?:password|credentials|key)\b/gi;

function exposedDetail(description: string): string {
  // A denied consequence ("not enough to allow recovery of the private key") names nothing exposed.
  // A feature's name ("The Reset Password feature") names nothing exposed either.
  const found = [
    ...new Set([...affirmedProse(description).replace(MEANS_SECRET, ' ').replace(NAMED_FEATURE, ' ').matchAll(EXPOSED)].map((m) => m[1]!.toLowerCase())),
  ];
  // "memory" says less than "process memory" beside it.
  // "such as private keys", though the record says "private key recovery".
  const plural = (f: string) => (/^(?:private key|password|credential|cookie|file|username|user name)$/.test(f) ? `${f}s` : f);
  // "private key" and "private keys" in one record are one detail.
  const kept = [...new Set(found.filter((f) => !found.some((other) => other !== f && other.endsWith(` ${f}`))).map(plural))].slice(0, 2);
  return kept.length === 0 ? '' : `, such as ${kept.join(' and ')}`;
}

/** undici's "an attacker can tamper with the requests going to the backend APIs": traffic changed, not stored data. */
const TAMPERED_TRAFFIC = /\b(?:alter|tamper with) (?:\w+ ){0,2}(?:traffic|communications?|messages|responses|requests)\b/i;

/** "root" / "SYSTEM" where the record says so; else the gain is said without a level. */
function privilegeDetail(description: string, attack: AttackFacts): string {
  if (/\broot\b/i.test(description)) return ' (up to root)';
  if (/\bSYSTEM\b/.test(description)) return ' (up to SYSTEM)';
  if (/\b(?:administrator|admin) (?:privileges|rights|access)\b/i.test(description)) return ' (up to administrator)';
  // What a local user's escalation means on the machine, said as an example, not as the record's words; an
  // administrator already holds what the example names.
  return attack.position === 'local' && attack.privileges !== 'admin' ? ' (for example to root or administrator)' : '';
}

/** Each gain in plain words; one the record states only with other flaws is said so (`../facts/chained-impacts.ts`). */
export function impactPhrase(impact: Impact, description: string, attack: AttackFacts): string {
  const phrase = gainWords(impact, description, attack);
  return impactsOnlyWithOtherFlaws(description).has(impact) ? `${phrase} ${WITH_OTHER_FLAWS_WORDS}` : phrase;
}

const WITH_OTHER_FLAWS_WORDS = '(only when combined with other flaws)';

function gainWords(impact: Impact, description: string, attack: AttackFacts): string {
  switch (impact) {
    case 'code_execution':
      return 'run their own code';
    case 'privilege_escalation': {
      // Samsung's "execute privileged action": actions a privileged app or user may take, not rights on the machine.
      if (PRIVILEGED_ACTIONS.test(affirmedProse(description)) && !/\b(?:root|SYSTEM|administrator|admin)\b/i.test(description)) {
        return 'carry out privileged actions they are not allowed to';
      }
      // wwwthreads' "gain privileges for wwwthreads forums": a remote attacker's privileges are the
      // application's unless the record names the machine's (root, SYSTEM).
      const detail = privilegeDetail(description, attack);
      const onMachine = attack.position === 'local' || attack.position === 'physical' || /root|SYSTEM/.test(detail);
      return `raise their privileges${onMachine ? ' on the system' : ''}${detail}`;
    }
    case 'sql_injection':
      return 'read and change data in the database through SQL injection';
    case 'security_bypass':
      return 'get around a security check';
    case 'information_disclosure':
      return `see information they should not see${exposedDetail(description)}`;
    case 'data_tampering':
      return TAMPERED_TRAFFIC.test(affirmedProse(description))
        ? 'tamper with requests or traffic they should not touch'
        : 'change or delete data or files they should not touch';
    case 'cross_site_scripting':
      return "run their own script in other users' browsers";
    case 'request_forgery':
      return SERVER_SENDS_REQUESTS.test(affirmedProse(description))
        ? 'make the server send requests to places they choose'
        : "make a signed-in user's browser send requests the user did not mean to send";
    case 'spoofing':
      return /\bopen redirect|\bredirect (?:\w+ ){0,2}(?:users|victims|browsers?|visitors)\b/i.test(description)
        ? "send users to a website of the attacker's choice"
        : 'pass off fake content, addresses or identities as genuine';
    case 'denial_of_service':
      return 'stop the software from working';
    case 'unspecified':
      return 'possibly do other harm the record does not name';
  }
}

/** Short forms for a title: "lets remote attackers run code". */
export const IMPACT_SHORT: Readonly<Record<Impact, string>> = {
  code_execution: 'run code',
  privilege_escalation: 'gain privileges',
  sql_injection: 'run SQL queries',
  security_bypass: 'bypass security checks',
  information_disclosure: 'read sensitive data',
  data_tampering: 'change data',
  cross_site_scripting: 'inject script',
  request_forgery: 'forge requests',
  spoofing: 'spoof content',
  denial_of_service: 'crash it',
  unspecified: 'cause unspecified harm',
};

/**
 * "crash it" only where the record says the program comes down (a crash, panic, reboot, abort); a denial of service
 * by exhausted resources or a filled player limit (CVE-2003-1433) or wrong results (CVE-2016-7055) disrupts it.
 */
const COMES_DOWN =
  /\bcrash\w*|\bpanic\w*|\breboot\w*|\brestart\w*|\bsegfault\w*|\bsegmentation (?:fault|violation)|\babort\w*|\bterminat\w*|\bassert(?:ion)? fail\w*|\bBUG\b|\bOops\b|\bblue screen\b|\bBSOD\b/i;

/** The title's short form of a gain, with the denial of service said as the record says it. */
export function impactShort(impact: Impact, description: string): string {
  if (impact === 'denial_of_service' && !COMES_DOWN.test(affirmedProse(description))) return 'disrupt it';
  return IMPACT_SHORT[impact];
}

/** A malicious server attacking the client that connects to it (OpenSSH's roaming, CVE-2016-0777). */
export function serverAttacksClient(description: string): boolean {
  return SERVER_ATTACKS_CLIENT.test(description);
}

/**
 * "The Touch Pal application can collect user behavior data without awareness by the user": the
 * program itself takes the data; nobody attacks it over a network.
 */
const PROGRAM_COLLECTS =
  /\b(?:application|app|software|program)s? (?:can |may |might |could |will )?(?:collect|gather|harvest|send|upload|transmit)s? (?:[\w-]+ ){0,3}(?:data|information)\b[^.]*?\bwithout (?:the )?(?:\w+ )?(?:awareness|knowledge|consent)\b/i;

export function programCollects(description: string): boolean {
  return PROGRAM_COLLECTS.test(description);
}

/** An attack made by an app on the device ("via an app that places a crafted signature"), not over the network. */
export function appOnTheDevice(attack: AttackFacts, description: string): boolean {
  return APP_ON_THE_DEVICE.test(description) && attack.position !== 'local' && attack.position !== 'physical' && attack.position !== 'man_in_the_middle';
}

/**
 * Android's "could enable a local malicious application to access data outside of its permission
 * levels": the attacker is an app on the device, which a user installed; nobody opens a file, link
 * or page of theirs.
 */
const MALICIOUS_APP = /\b(?:enables?|allows?|lets?|permits?)\s+an?\s+(?:local\s+)?malicious\s+(?:application|app)\b/i;

export function maliciousAppAttacks(description: string): boolean {
  return MALICIOUS_APP.test(description);
}

/** Android's "proximal attacker", a Bluetooth or Wi-Fi attack (802.11 frames): near enough for the radio, not necessarily on the network. */
const RADIO_RANGE =
  /\bproximal attackers?\b|\bwithin (?:wireless|radio|Bluetooth|Wi-?Fi) range\b|\bBluetooth\b|\bBlueZ\b|\bbluetoothd\b|\b802\.11|\b(?:beacon|probe|association) (?:requests?|responses?|frames?)\b|\bWi-?Fi\b|\bWLAN\b/i;

/**
 * The least role the description says the attacker needs, where it names one of an application's
 * own ("authenticated attackers with contributor-level and above permissions", "with Author-level
 * access"): "any account" would overstate it where a subscriber cannot.
 */
const LEAST_ROLE =
  /\bwith (subscriber|contributor|author|editor|shop manager|customer|member|student|instructor|teacher)[- ]level (?:and above |or higher )?(?:access|permissions?|privileges?)\b/i;

/**
 * A permission of the application's own that the attacker's account must hold: October CMS's "an Authenticated user with
 * media module permission" (CVE-2018-1999008, the twenty-third reading), Jenkins' "attackers with Extended Read
 * permission". Words of degree ("low", "administrative", "sufficient", "certain") name no permission.
 */
const NAMED_PERMISSION =
  /\b(?:users?|attackers?|accounts?) with (?:the )?(?!(?:an?|any|no|low|lower|limited|least|minimal|basic|standard|normal|regular|general|full|certain|some|specific|special|specialized|appropriate|sufficient|necessary|required|relevant|this|these|such|elevated|high|higher|admin|administrative|administrator|administration|root|system|super|local|remote|user|users|read-only|privileged|valid|their|its|his|her)\b)([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}) (permission|privilege|right|role)s?\b/i;

function accountWords(description: string): string | undefined {
  const role = LEAST_ROLE.exec(description)?.[1]?.toLowerCase();
  if (role) return `${article(role)} ${role} account or higher`;
  const permission = NAMED_PERMISSION.exec(description);
  return permission ? `an account that has the ${permission[1]!} ${permission[2]!.toLowerCase()}` : undefined;
}

const LOCAL_ATTACKER = /\blocal (?:attackers?|adversar(?:y|ies))\b/i;

/** An attacker in a virtual machine's guest: "guest OS users", or "guest users" beside a hypervisor. */
const GUEST_OS_ATTACKER = /\bguest (?:OS|operating system|VM|kernel) (?:users?|administrators?|admins?|root)\b/i;
const GUEST_ATTACKER = /\b(?:malicious |privileged |unprivileged )?guest (?:users?|administrators?|admins?)\b/i;
const HYPERVISOR = /\b(?:QEMU|KVM|Xen|hypervisors?|virtual machines?|VMware|VirtualBox|Hyper-V|bhyve)\b/i;
export const guestAttacker = (description: string): boolean =>
  GUEST_OS_ATTACKER.test(description) || (GUEST_ATTACKER.test(description) && HYPERVISOR.test(description));

/**
 * Who can attack, as the subject of a sentence. `victim` adds what a victim must do, since
 * a crafted file does nothing until someone opens it.
 */
export function attackerWords(attack: AttackFacts, description: string): string {
  // "it can run their own code" mixes the server and its operator: the operator is who gains.
  if (serverAttacksClient(description)) return 'A malicious or compromised server can attack the clients that connect to it: its operator';
  if (programCollects(description)) return 'Whoever gets what the program collects, without its user knowing,';
  if (maliciousAppAttacks(description))
    return attack.user_interaction === true ? 'A malicious app, once a user installs it on the device,' : 'A malicious app on the device';
  // CVSS v2 has no "local app" position: an app's attack is rated AV:N, yet nobody reaches it over a network.
  if (appOnTheDevice(attack, description)) return 'An attacker, through a malicious app on the device,';
  const needsVictim = attack.user_interaction === true;
  const who = (() => {
    switch (attack.position) {
      case 'man_in_the_middle':
        return 'An attacker who can intercept the network traffic between the victim and the server';
      case 'physical':
        return 'Someone with physical access to the device';
      case 'adjacent': {
        const near = RADIO_RANGE.test(description) ? 'within wireless range' : 'on the same local network';
        return attack.privileges === 'none' || attack.privileges === null ? `An attacker ${near}` : `An attacker with an account, ${near}`;
      }
      case 'local':
        // QEMU's "local guest OS administrators" (CVE-2016-8578): the attacker runs a virtual machine, not the host.
        if (guestAttacker(description))
          return attack.privileges === 'admin' ? 'An administrator inside a guest virtual machine' : 'A user inside a guest virtual machine';
        if (attack.privileges === 'admin') return 'A local administrator of the machine';
        if (attack.privileges === 'user') return 'A local user of the machine';
        // A crafted file needs no access of the attacker's own: a user brings it to the machine. Where the record names
        // the attacker local (Samsung's "allows local attacker … requires user interaction", CVE-2023-30728, the twelfth
        // reading), the text says so.
        if (needsVictim) return LOCAL_ATTACKER.test(description) ? 'A local attacker' : 'An attacker';
        return 'Someone with local access to the machine';
      case 'remote':
        if (attack.privileges === 'admin') return 'An attacker with administrator access to it over the network';
        if (attack.privileges === 'user') {
          const account = accountWords(description);
          return account ? `An attacker with ${account}, over the network,` : 'An attacker who can sign in to it (any account) over the network';
        }
        // Nobody reaches a reader or a browser over the network: its user brings the attack in. Where no source settles
        // privileges (no CVSS, "Attackers" alone: CVE-2025-45021 on an admin page, the seventeenth reading), nothing says
        // "without an account" either.
        return needsVictim || CLIENT_PROGRAM.test(description) || CLIENT_LIBRARY.test(description) || attack.privileges === null
          ? 'A remote attacker'
          : 'Anyone who can reach it over the network, without an account,';
      default:
        return attack.privileges === 'admin'
          ? 'An attacker with administrator access'
          : attack.privileges === 'user'
            ? `An attacker with ${accountWords(description) ?? 'an account'}`
            : 'An attacker';
    }
  })();
  return who;
}

/**
 * A client library is reached by no one: it fetches what its program asks for (curl's Schannel cipher list shared across
 * transfers, CVE-2021-22897, the seventeenth reading, was said to be attacked by "anyone who can reach it over the network").
 */
const CLIENT_LIBRARY = /^(?:lib)?curl\b|\b(?:in|of) (?:lib)?curl\b|\bclient librar(?:y|ies)\b/i;

/**
 * Stored script waits in the site's own pages ("Stored Cross-Site Scripting", "persistent XSS", "XSS (stored)", "store
 * malicious JavaScript", OWASP's "inject dangerous content into a data store that is later read and included in dynamic
 * content", PandoraFMS, CVE-2019-19968): the victim only views them. "non-persistent" is reflected.
 */
const STORED_SCRIPT =
  /\b(?:stored|persistent)[- ](?:cross[- ]site[- ]scripting|XSS)\b|\((?:stored|persistent)\)|\b(?:XSS|cross[- ]site scripting)\s*(?:-|–)\s*stored\b|(?<!non-)\bpersistent(?:ly)? (?:XSS|JavaScript|HTML|script|injection)\b|(?<!non-)\b(?:HTML|script|JavaScript|XSS) persistently\b|\bstores? (?:XSS|(?:arbitrary |malicious )?(?:JavaScript|HTML|script)(?: code)?)\b|\bdata store that is later read\b/i;

/** Chrome's "an attacker who convinced a user to install a malicious extension" (114 records): the victim installs it. */
const MALICIOUS_EXTENSION = /\bconvinced? (?:a|the) user to install (?:a )?malicious (?:extension|add-on|addon)\b/i;

/** The victim's part, said after the gain: "if a user opens a file, link or page that the attacker made". */
export function victimClause(attack: AttackFacts, impacts: readonly Impact[], description = ''): string {
  if (attack.user_interaction !== true) return '';
  if (MALICIOUS_EXTENSION.test(description)) return ' once a user installs a malicious extension the attacker made';
  if (impacts.includes('cross_site_scripting'))
    return STORED_SCRIPT.test(description)
      ? ' when someone views a page the attacker stored the script in'
      : ' when someone opens a link or page the attacker made';
  if (impacts.includes('request_forgery') && !impacts.includes('code_execution')) return ' when that user opens a link or page the attacker made';
  return ' if a user opens a file, link or page that the attacker made';
}

export const WHO_SHORT = (attack: AttackFacts): string => {
  switch (attack.position) {
    case 'man_in_the_middle':
      return 'on-path attackers';
    case 'physical':
      return 'people with physical access';
    case 'adjacent':
      return 'attackers on the local network';
    case 'local':
      if (attack.privileges === 'admin') return 'local administrators';
      // A crafted file opened on the machine: the attacker needs no account there (as attackerWords says).
      return attack.user_interaction === true && attack.privileges !== 'user' ? 'attackers' : 'local users';
    case 'remote':
      return attack.privileges === 'admin' ? 'administrators' : attack.privileges === 'user' ? 'signed-in users' : 'remote attackers';
    default:
      return 'attackers';
  }
};
