/**
 * Who can attack, as the description says it (§9 `attack`): the template's <attacker> slot
 * ("allows remote authenticated users to …", "Remote attackers could leverage …", "exploitable by
 * authenticated users who have local filesystem access", "retrieved by the contract owner"),
 * read into a position and privileges; and whether a victim must act. What the description
 * leaves open is undefined here; the caller falls back to the CVSS vector.
 */
import type { AttackPosition, Privileges } from '../../domain/facts.js';
import { statedProse } from './prose.js';

export interface DescribedAttack {
  readonly position?: AttackPosition;
  readonly privileges?: Privileges;
  readonly userInteraction?: boolean;
}

/**
 * Words that qualify an attacker ("remote authenticated", "low privileged", "physically
 * proximate"). Only these are read before the noun, so "the admin panel allows remote attackers"
 * does not make the attacker an administrator.
 */
const MODIFIER =
  '(?:(?:remote(?:ly)?|local(?:ly)?|(?:un)?authenticated|(?:low(?:er)?|less|high(?:er)?)(?:ly)?[- ]?privileged|privileged|unprivileged|non-privileged|non-administrative|non-admin|physically|proximate|proximal|adjacent(?:-network)?|network(?:-adjacent)?|man-in-the-middle|machine-in-the-middle|mitm|on-path|context-dependent|user-assisted|malicious|hostile|rogue|guest|os|hvm|pv|admin|administrative|root|anonymous|external|nearby|logged-in|registered|unauthorized|authorized|(?:administrator|admin|root|user|low|high)-level|an?|the|any),?\\s+)';
const ATTACKER_NOUN = '(?:attackers?|adversar(?:y|ies)|threat actors?|eavesdroppers?)';
/**
 * Siemens' "an attacker with access to port 21/tcp" (CVE-2017-6872, the twenty-ninth reading) is reach, not an account:
 * an attacker phrase's "with … access" clause does not end before it, and it names no privilege.
 */
const ACCESS_TO_PORT = String.raw`\s+to\s+(?:the\s+)?(?:port|TCP|UDP|network)\b`;
/** "attacker" always names the attacker; the other nouns only in the template's attacker slot. */
const ATTACKER_PHRASE = new RegExp(
  `\\b(${MODIFIER}{0,5}${ATTACKER_NOUN})\\b((?:\\s+(?:with|who (?:have|has)|having)\\s+[^.;,]{0,60}?\\b(?:access|privileges?|credentials|accounts?|rights|permissions?|logon to the infrastructure)\\b(?!${ACCESS_TO_PORT}))?(?:\\s*\\((?:authenticated|logged|signed|with|who|on|in|from|within|having|as)\\b(?:(?!\\bbetween\\b)[^()]){0,80}\\))?)`,
  'gi',
);
const SLOT_NOUN =
  '(?:attackers?|adversar(?:y|ies)|users?|consumers?|administrators?|admins?|owners?|members?|guests?|domains?|web ?sites?|servers?|peers?|clients?|actors?|sources)';
const SLOTS: readonly RegExp[] = [
  // NETGEAR's "Certain NETGEAR devices are affected by command injection by an authenticated user".
  new RegExp(
    `\\baffected by (?:an? )?(?:[\\w-]+\\s+){0,5}?(?:overflow|injection|traversal|scripting|XSS|CSRF|forgery|disclosure|bypass|misconfiguration|exposure|escalation|reference|upload|redirect|DoS|denial of service)\\s+by\\s+(${MODIFIER}{0,5}${SLOT_NOUN})\\b`,
    'gi',
  ),
  // "allows local users to …"; a short "running on …" may stand before "to" (the kernel's "allows local users running on
  // certain architectures to read kernel memory", CVE-2007-1734, the h46 blind set). Not "may allow an unauthorized user
  // to be added to the system" (Geutebruck's CSRF, CVE-2018-7524): whoever is added is what the attack gains.
  new RegExp(
    `\\b(?:allows?|allowing|allowed|lets?|enables?|enabling|permits?|permitting)\\s+(${MODIFIER}{0,5}(?:[\\w/'-]+\\s+)?${SLOT_NOUN}(?:\\s+(?:(?:of|in) the|on (?:the|any|an?)) (?:[\\w-]+\\s+){0,2}?[\\w-]+)?(?:\\s+(?:with|who (?:have|has))\\s+[^.;,]{0,60}?(?!${ACCESS_TO_PORT}))?)(?:,\\s+(?:and|or)\\s+(?:[^,.;]|\\.(?=\\w)){0,40}?\\b(?:users?|attackers?|administrators?|guests?)\\b(?:[^,.;]|\\.(?=\\w)){0,40},)?(?:\\s+(?:running|working|logged in|located) (?:on|in|from) (?:[\\w-]+\\s+){0,3}?[\\w-]+)?\\s+to\\b(?!\\s+be\\s+\\w+(?:ed|en)\\b)`,
    'gi',
  ),
  new RegExp(
    `\\b(${MODIFIER}{1,5}${SLOT_NOUN})(?:\\s+(?:without|who lacks?)\\s+[^.;,]{0,60}?)?\\s+(?:can|could|may|might|would|will|are able to|is able to)\\s+(?:then\\s+|first\\s+|also\\s+)?(?:exploit|leverage|use|abuse|execute|cause|gain|obtain|bypass|trigger|read|write|inject|access|run|send|craft|create|perform|take|modify|set|delete|escalate|view|conduct|retrieve|steal|hijack|impersonate|upload|install|log|identify|enumerate|discover|determine|change|edit)\\b`,
    'gi',
  ),
  // "makes it easier for local users to obtain …": the template's attacker slot after "easier for".
  new RegExp(`\\b(?:easier|possible) for\\s+(${MODIFIER}{0,5}${SLOT_NOUN})\\s+to\\b`, 'gi'),
  new RegExp(
    `\\b(?:exploit(?:ed|able)|abused|retrieved|triggered|performed|executed|invoked|leveraged|withdrawn|transferred|minted)\\s+by\\s+(${MODIFIER}{0,5}(?:[\\w/'-]+\\s+)?${SLOT_NOUN}(?:\\s+(?:with|who (?:have|has))\\s+[^.;,]{0,60})?)`,
    'gi',
  ),
];

/** Every attacker phrase of the prose, in text order. */
function attackerPhrases(prose: string): string[] {
  const found: { at: number; text: string }[] = [];
  for (const match of prose.matchAll(ATTACKER_PHRASE)) found.push({ at: match.index, text: `${match[1]}${match[2] ?? ''}` });
  for (const slot of SLOTS) for (const match of prose.matchAll(slot)) found.push({ at: match.index, text: match[1]! });
  return found.sort((a, b) => a.at - b.at).map((f) => f.text.toLowerCase());
}

/**
 * Positions, most specific first: a "remote domain" of Xen is a guest, local to the host, and so
 * is a guest OS's user. A bare "guest user" is local only beside a virtual machine (below): a
 * web application's "remote authenticated guest users" and GitLab's "Guest project members" sign
 * in to its guest role. Android's "proximal attacker" is within radio range.
 */
const POSITIONS: readonly [AttackPosition, RegExp][] = [
  ['man_in_the_middle', /man-in-the-middle|eavesdropper|machine-in-the-middle|\bmitm\b|\baitm\b|on-path|privileged network position|in the middle/],
  ['physical', /physical/],
  [
    'adjacent',
    /adjacent|\bproximal\b|same (?:local )?(?:network|subnet|lan|segment|wlan|wi-?fi)|local network|link-local|nearby|within (?:wireless|radio|bluetooth|wi-?fi) range/,
  ],
  ['local', /\bguest (?:os|operating system)s?\b|\b(?:hvm|pvh?) guests?\b|\bdomains?\b|\blocal(?:ly)?\b|logon to the infrastructure|\bwith logon\b/],
  [
    'remote',
    /\bremote(?:ly)?\b|context-dependent|network access|malicious (?:web ?sites?|servers?|pages?|peers?)|\bweb ?sites?\b|\bservers?\b|\bunauthenticated\b/,
  ],
];

const PRIVILEGE_LEVELS: readonly [Privileges, RegExp][] = [
  // Microsoft's "an unauthorized attacker" / "an authorized attacker": without or with credentials. An
  // "unauthorized user" may be signed in without the right (Spring's "unauthorized malicious user"): the vector says.
  ['none', /\b(?:unauthenticated|non-authenticated|anonymous)\b/],
  ['user', /\bnon-?administrat|\bmembers?\b|\bnon-?admin\b|\bunprivileged|\bnon-privileged|\b(?:low(?:er)?|less)[- ]privileged|(?<!un)\bauthori[sz]ed\b/],
  [
    'admin',
    /administrat|\badmins?\b|high(?:ly)?[- ]privileged|\bhigh(?:ly)?[- ]privileges?\b|\broot users?\b|\bowners?\b|privileged (?:users?|accounts?)(?<!low[- ]privileged \w+)/,
  ],
  [
    'user',
    new RegExp(
      String.raw`\blow[- ]privileged|(?<!un)authenticated|logged[- ]in|registered|(?<!-)\busers?\b(?!-assisted)|\bguests?\b|\bdomains?\b|\b(?:with|who (?:have|has)|having) (?!(?:network|physical)\b|(?:network |local )?access${ACCESS_TO_PORT})[^.;,]{0,40}?\b(?:access|accounts?|credentials|privileges?|rights|permissions?)\b|logon to the infrastructure`,
    ),
  ],
  [
    'none',
    /\bunauthenticated|\bunauthori[sz]ed (?:remote )?(?:attackers?|sources)\b|\bremote(?:ly)? attackers?|context-dependent|malicious (?:web ?sites?|servers?|pages?|peers?)|\bweb ?sites?\b|\bservers?\b|anonymous|physically proximate|man-in-the-middle|on-path|(?:remote|unauthenticated),? (?:unauthenticated |remote )?attackers?/,
  ],
];

/**
 * Privileges a description requires beside its attacker phrase: "by leveraging admin access",
 * Android's "with System execution privileges needed", MediaTek's "if a malicious actor has already obtained the System
 * privilege", "requires authentication".
 */
const PRIVILEGE_REQUIRED: readonly [Privileges, RegExp][] = [
  // Wordfence's "This makes it possible for unauthenticated attackers to …", though an earlier "allowing users to
  // execute an action" names whoever uses the plugin. The Android template's "local … with no additional execution
  // privileges needed" is an app that needs nothing beyond its own account, which the CVSS vector rates; a remote
  // attack that needs none ("remote denial of service with no additional execution privileges needed", "remote
  // information disclosure to a proximal attacker with no …") needs no account.
  [
    'none',
    /\b(?:remote (?:[\w-]+ ){0,4}|(?:remote|proximal|adjacent|nearby) attackers?,? )with no (?:additional )?execution privileges needed\b|\b(?:accessible|available|visible|exposed) to (?:any )?(?:unauthenticated|anonymous) (?:users|visitors|attackers|callers)\b|\bauthentication is not required\b|\b(?:does|do|did) not require (?:any |an? )?(?:authentication|login|credentials)\b|\b(?:doesn't|don't|didn't) require (?:any |an? )?(?:authentication|login|credentials)\b|\bwithout (?:requiring )?authentication\b|\b(?:possible for|allows?|allowing|lets?|enables?) (?:remote,? )?unauthenticated,? (?:remote )?attackers? to\b/i,
  ],
  [
    'admin',
    // Cisco's "an attacker would need to have valid administrator credentials" (CVE-2021-1208, the twenty-sixth reading).
    // ELECOM's "If an attacker logs in to the affected product with an administrative account and manipulates requests"
    // (UD-LT2, CVE-2025-20617, the twentieth reading: the attacker's account was left unsaid).
    /\b(?:logs?|logged|logging) in(?:to| to) (?:[\w-]+ ){0,6}?(?:with|using|by using|as) (?:an? )?(?:administrative|administrator|admin)\w* (?:account|privileges?|rights|credentials)\b|\bwith (?:System|root|kernel|administrator|admin|privileged) execution privileges needed\b|\battackers? with privilege level 15\b|\bcredentials at privilege level 15\b|\bfrom privilege level 15\b|\bwith (?:administrator|admin|administrative|super-?admin)[- ]level (?:access|permissions?|privileges?)\b|\b(?:leverag\w+|requires?|requiring|needs?|needing|must have|having) (?:\w+ ){0,3}(?:admin|administrator|administrative|root|high) (?:access|privileges?|rights|credentials|permissions?|accounts?)\b|\b(?:as|after|upon|once|when|if|with|having) (?:first )?(?:obtain(?:ing|ed)|gain(?:ing|ed)|acquir(?:ing|ed)|get(?:ting)?|hold(?:ing)?|ha(?:ving|s|ve)) (?:the |an? )?(?:system )?(?:admin|administrator|administrative|root|high|privileged)(?:'s)? (?:access|privileges?|rights|credentials|permissions?|accounts?|role)\b|\balready (?:obtained|gained|acquired|ha(?:s|ve)|holds?) (?:the )?(?:System|root|kernel|admin|administrator|administrative)(?:'s)? (?:privileges?|access|rights|permissions?)\b/i,
  ],
  // Tomcat's "allows web page owners to cause a denial of service": whoever may publish a page on the server has an account there.
  // IBM's "could allow a remote attacker to disclose sensitive information to an authenticated user" (CVE-2019-4745): the one who
  // reads it is signed in; Oracle's "allows certain Oracle user accounts to gain root privileges" (CVE-2004-1707) holds an account.
  // XStream's "a remote attacker has sufficient rights to execute commands": rights on the system, an account.
  [
    'user',
    // Zulip's "A user who is logged into the server could send a crafted message" (CVE-2019-16215, the twenty-fourth reading).
    // Not the victim one is made to trick ("to trick a user who is logged in to the web management interface", CVE-2017-8406).
    /(?<!\b(?:trick|tricks|tricking|if|when|once|lure|lures|convince|convinces|persuade|persuades)\s+)\b(?:a|any) users? who (?:is|are) (?:logged|signed) (?:in|into|on)\b[^.;]{0,60}?\b(?:could|can|may|might|is able to)\b|\bwith User execution privileges needed\b|\b(?:allows?|lets?|enables?|permits?) (?:web )?page owners to\b|\bwith (?:subscriber|contributor|author|editor|customer|shop manager|member|student|instructor)[- ]level (?:access|permissions?|privileges?)\b|\b(?:as|after|upon|once|when|if|with|having) (?:first )?(?:obtain(?:ing|ed)|gain(?:ing|ed)|acquir(?:ing|ed)|get(?:ting)?|hold(?:ing)?|ha(?:ving|s|ve)) (?:the |an? )?(?:general|normal|regular|ordinary|low|basic|common|standard) (?:user(?:'s)? )?(?:access|privileges?|rights|credentials|permissions?|accounts?|role)\b|\b(?:authentication is required|requires? (?:\w+ )?authentication|must (?:first )?(?:be authenticated|authenticate|have (?:a )?valid (?:credentials|account)))\b|\b(?:has|have|having|with) sufficient (?:rights|privileges|permissions)\b|\b(?:disclose|expose|reveal)s? (?:[\w-]+ ){0,3}information to an? (?:remote )?authenticated user\b|\b(?:allows?|lets?|permits?) (?:certain |some )?(?:[\w-]+ )?user accounts to\b/i,
  ],
];

/**
 * Named roles the attacker holds: "attackers with Administrator, Editor, Journalist or Commenter
 * privileges", "users granted the Device Manager and Administrator roles". Roles are written
 * with capitals, so "with read or write access" is no list of roles, and follow the attacker, so
 * "permissions associated with Organization Viewer, Organization Editor and Organization Admin
 * roles" is none. A manager's role (BIG-IP's "Resource Administrator or Manager") is an administrator's.
 */
const ROLE = '[A-Z][\\w-]*(?: [A-Z][\\w-]*){0,2}';
const ROLE_LIST = new RegExp(
  `\\b(?:attackers?|users?|accounts?|actors?) (?:with|granted|assigned|holding|having) (?:the )?(${ROLE}(?:, ${ROLE})*,? (?:or|and) ${ROLE}) (?:privileges|roles|permissions|rights|accounts)\\b`,
);
const ADMIN_ROLE = /\b(?:(?:super[- ]?)?administrators?|(?:super[- ]?)?admins?|managers?|root|superusers?|owners?)\b/i;

/** Any one of roles joined by "or" will do, so the lowest decides; roles joined by "and" are all held, so an administrator's decides. */
function listedRoles(prose: string): Privileges | undefined {
  const list = ROLE_LIST.exec(prose)?.[1];
  if (!list) return undefined;
  const roles = list.split(/,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+/);
  const admins = roles.filter((role) => ADMIN_ROLE.test(role)).length;
  if (/\bor\b/.test(list)) return admins === roles.length ? 'admin' : 'user';
  return admins > 0 ? 'admin' : 'user';
}

/**
 * The attacker reads traffic on the way: "by sniffing the network", "eavesdropping on the connection", "allows
 * man-in-the-middle attacks", IBM's "using man in the middle techniques" (CVE-2019-4214), and the verb: "Any of these
 * artifacts could have been MITM" (CVE-2019-11770).
 */
// Apple's "An attacker in a privileged position may be able to perform a denial of service attack" (CVE-2022-22638): its
// shorthand of "a privileged network position", on the path, not a signed-in user.
const ON_PATH_CUE =
  /\battackers? in a privileged position\b|\b(?:man|machine)[- ]in[- ]the[- ]middle (?:\(MitM\) )?(?:attacks?|techniques?|methods?|scenarios?)\b|\bvulnerable to (?:an? )?(?:TLS |SSL |HTTPS? )?(?:man|machine)[- ]in[- ]the[- ]middle\b|\b(?:man|machine)[- ]in[- ]the[- ]middle position\b|\bintercept (?:or \w+ )?traffic between\b|\bMitM attacks?\b|\b(?:MitM|AitM|on-path) position\b|\b(?:by|via|through) sniffing\b|\bsniff(?:s|ing)? (?:the )?(?:\w+ )?(?:network|traffic|packets|communications?|connections?|wire)\b|\beavesdrop(?:s|ping)? on\b|\b(?:been|be|get|got|gets) MitM(?:'?e?d)?\b/i;

/** A guest of a virtual machine attacks its host, locally, though the text calls the guest user "remote". */
const VIRTUAL_MACHINE =
  /\b(?:hypervisors?|virtual (?:machines?|GPUs?|OpenGL|CPUs?)|VMs?|vGPU|guest (?:OS|operating system|kernel|VM|domain)s?|Xen\w*|KVM|QEMU|VirtualBox|VMware|ESXi|Hyper-V|bhyve|virtio|hypercalls?|vCPUs?|(?:on|in) the host\b|the host (?:OS|system|kernel|machine)|host-backed|host memory)\b/i;

/**
 * Link-local attacks reach only the same segment, even where the text says "remote" (README of shared/gold); so does a
 * broadcast storm, which stays in its broadcast domain (Lenovo TSM's reset "during a prolonged broadcast storm", CVE-2016-8236).
 */
const LINK_LOCAL =
  /\b(?:Router Advertisements?|Neighbor (?:Discovery|Solicitation|Advertisement)|link-local|adjacent network|same (?:local )?(?:network segment|subnet|broadcast domain|LAN)|(?:on|from|within|in) the (?:same )?local (?:network|subnet|LAN)|ARP (?:spoofing|poisoning|requests?|replies)|802\.11\w* (?:\w+ )?(?:frames?|packets?|management|association|probe|beacons?)|(?:association|probe|deauthentication|disassociation) (?:requests?|responses?|frames?)|beacon frames?|within (?:Wi-?Fi|wireless|radio|Bluetooth) range|(?:via|during|experiencing) (?:a )?(?:prolonged |network |layer[- ]2 )?broadcast storms?)\b/i;
/** Bluetooth is reached over the radio: a remote attacker of it is near (BlueBorne), a local one stays local. */
// Android's "remote information disclosure over NFC" (CVE-2021-0596, the twenty-ninth reading): a radio in reach, as Bluetooth.
const BLUETOOTH = /\bBluetooth\b|\bBLE\b|\bBlueZ\b|\bbluetoothd\b|\bover NFC\b/;
/** Attacks a description names without an attacker phrase ("allow authenticated remote code execution"). */
// Applio's "Then one can access this endpoint to kill these processes" (CVE-2025-27787, h53), F5's "undisclosed requests
// can cause an increase in memory resource utilization" (CVE-2025-41399, h55): reached over the network.
const REMOTE_CUE =
  /\bremote(?:ly)? (?:code execution|command execution|exploit|unauthenticated|denial of service|information disclosure|escalation of privileges?)|\bremotely\b|\bover (?:the|a) network\b|\bvia (?:specially )?(?:crafted |malicious |forged )?HTTP requests?\b|\binsecure direct object references?\b|\bIDOR\b|\b(?:attackers?|users?)\b[^.;]{0,40}?\bexecute remote code\b|\bmalicious (?:web ?)?(?:pages?|sites?|websites?)\b|\b(?:access|call|request|query)(?:es|ing)? (?:this|that|the|an?) (?:[\w/-]+ )?endpoint\b|\bundisclosed (?:requests|traffic|packets|messages)\b/i;
/**
 * "An attacker can send malformed packets to the device": over the network, where the text names no nearer place (an
 * adjacent attacker's, a bus's "ATA packets from the host").
 */
const PACKETS_SENT =
  /\b(?:attackers?\b[^.;]{0,40}?\bsend\w*|by sending) (?:such |crafted |malicious |malformed |specially crafted )?(?:[\w-]+ ){0,2}packets\b/i;
const NEAR_PLACE =
  /\badjacent\w*|\bsame (?:local )?(?:network|subnet|segment|broadcast domain)\b|\blayer[- ]2\b|\b(?:ATA|USB|SCSI|PCIe?|Bluetooth|BLE|Zigbee|Wi-?Fi)\b/i;
const AUTHENTICATED_CUE = /(?<!un)\bauthenticated (?:remote )?(?:code execution|RCE|command)/i;
const LOCAL_ACCESS_CUE = /\bwould (?:first )?(?:have to|need to) log (?:on|in) to (?:the|an affected|a target|a vulnerable) (?:system|machine|host)\b/i;
/**
 * The attack is made on the machine itself: VulDB's "The attack needs to be approached locally" /
 * Microsoft's "allows an authorized attacker to elevate privileges locally" /
 * "Local access is required", "a local privilege escalation", Android bulletins' "This could lead
 * to local denial of service / information disclosure", and a gain of Windows' own local
 * account ("a SYSTEM privilege escalation", "runs in the context of the SYSTEM account") where
 * nothing speaks of a network; "root" only as the flaw's own name ("a root privilege escalation
 * vulnerability"): a web panel's admin may "escalate privileges to root" too.
 * Apple's "An app may be able to …": an app on the device. The kernel's af_unix, Unix domain sockets: reached only from
 * the machine itself, whatever network vector an ADP scorer gave. Ignition's "configs are accessible from unprivileged
 * containers in VMs": the attacker runs inside the machine.
 * A stated remote attack wins ("remotely execute arbitrary code or locally gain privileges"),
 * and so does a physical one (Android's "local escalation of privilege … with physical USB access").
 */
const LOCAL_CUE =
  /\b(?:attack|exploit)\w*\b[^.]{0,40}?\blocally\b|\blocally (?:authenticated|exploitable)\b|\blocal (?:access|host|account)\b[^.]{0,30}?\b(?:required|requirement|needed|necessary)\b|\battack\w* (?:\w+ ){0,3}on the local host\b|\blocal (?:privilege escalation|escalation of privileges?|elevation of privileges?|code execution|denial of service|information disclosure|permanent denial of service)\b|\b(?:privileges|information|code|service|feature|spoofing|tampering) locally\b|\baf_unix\b|(?<!\bTCP or )\bunix (?:domain )?sockets?\b(?!\s+URLs?\b)|\b(?:an?|the) (?:malicious |sandboxed |third-party |unprivileged |untrusted )?(?:app|application)s? (?:may|might|could|can) be able to\b|\b(?:from|in|inside|within) (?:an? |the )?unprivileged containers?\b/i;
const OS_ACCOUNT_GAIN =
  /\b(?:SYSTEM|NT AUTHORITY\\SYSTEM|LocalSystem|root)[- ]privilege (?:escalation|elevation)\b|\b(?:privilege (?:escalation|elevation)|escalat\w+ (?:of )?privileges?|elevat\w+ (?:of )?privileges?) to (?:SYSTEM|NT AUTHORITY\\SYSTEM|LocalSystem)\b|\bin the context of (?:the )?(?:SYSTEM|LocalSystem) (?:account|user)\b/;
const PHYSICAL_WORD = /\bphysical(?:ly)?\b/i;
/**
 * Hyper-V's "fails to properly validate input from an authenticated user on a guest operating system" (CVE-2017-8704,
 * the twenty-seventh reading; 38 records): a signed-in user of a guest machine, local to its host, whatever position or
 * privileges the vector gave (an administrator of the host, a neighbour on the network).
 */
const GUEST_OS_USER = /\bauthenticated user on a guest operating system\b/i;
/**
 * Someone holding the device: Apple's "A person with physical access to an iOS device may be able to access notes from
 * the lock screen" (CVE-2021-1835 had no position), "A user may be able to bypass the Emergency SOS passcode prompt"
 * (CVE-2022-22642, the twenty-seventh reading: NVD's AV:N had made it anyone on the network), Samsung's "access hidden
 * notification contents over the lockscreen".
 */
const HOLDS_DEVICE =
  /\b(?:person|attacker|user|someone|individual|adversary)s? with physical access\b|\b(?:from|over|on|bypass|past|via) the lock ?screen\b|\bpasscode prompt\b|\bfrom (?:a|the) locked (?:device|iPhone|iPad|screen)\b/i;
/** A remote attacker the text names beside one at the device (IIS's "remote attackers … and … attackers with physical access"). */
const REMOTE_ATTACKER_NAMED = /\bremote(?:ly)?,? (?:\w+ )?(?:attackers?|users?)\b/i;
/**
 * Mercedes' "local access to the USB interface of the car is needed" (CVE-2024-37601): a port on the device, reached by
 * hand; VulDB's "It is possible to launch the attack on the physical device" (Netis, CVE-2025-2921, h47).
 */
const HARDWARE_PORT =
  /\baccess to (?:the |a |an )?(?:(?:device|car|vehicle|target)(?:'s|’s)? )?(?:USB|JTAG|UART|serial|OBD(?:-?II)?) (?:interfaces?|ports?|consoles?|connectors?)\b|\blaunch the attack on the physical device\b/i;
const NETWORK_WORDS =
  /\b(?:remote(?:ly)?|network|HTTP|HTTPS|web|URL|URI|requests?|packets?|internet|browser|AJAX|API|endpoint|parameter|server|website|online)\b/i;

/**
 * A malicious server attacks the client that connects to it: "allows remote SSL servers to …",
 * "a malicious server", FreeRDP's "The RDP server can read the client's memory … RDPClient must
 * connect the rdp server", a client's overflow "via a long FTP server banner" or "very long server command replies" (curl).
 * The victim's client must connect, so a victim acts.
 */
export const SERVER_ATTACKS_CLIENT =
  /\b(?:(?:allows?|lets?) (?:remote |malicious |rogue |compromised |attacker-controlled )+(?:\w+ )?servers? to\b|(?:malicious|rogue) (?:\w+ )?servers?\b|the (?:\w+ )?server (?:can|could|may|might) (?:\w+ ){0,3}(?:the )?clients?(?:'s|’s|s')?\b|clients? (?:must|has to|needs to|would need to|have to) connect (?:to )?(?:an? |the )?(?:\w+ )?server\b|(?:very |overly |excessively )?(?:long|crafted|malformed|malicious|oversized) (?:[\w-]+ )?server (?:\w+ )?(?:replies|reply|responses?|banners?|greetings?)\b)/i;

/** EchoVNC's "allows remote echoServers to execute arbitrary code": a server named in one word; case-sensitive, so "observers" is none. */
const NAMED_SERVER_ATTACKS = /\b(?:allows?|lets?) (?:remote |malicious |rogue )+[a-z]+Servers? to\b/;

/** A victim must act: open, visit, click, view, or be tricked (README of shared/gold). */
const VICTIM_ACTS = new RegExp(
  [
    'user[- ]assisted',
    // Opera's "allows a remote web site to upload arbitrary files from the client system" (CVE-2002-0898, h53): a web
    // site reaches only those who visit it.
    '(?:allows?|allowing|lets?|permits?|enables?) (?:an? )?(?:(?:remote|malicious|hostile|rogue) )+web ?sites?(?: operators?)? to',
    'by (?:the |a )?(?:user|victim)s? (?:submitting|clicking|pressing|opening|visiting|viewing|loading)',
    'user interaction is required',
    'requires? (?:user|human) interaction',
    'human interaction',
    '(?:target|victim|user|administrator)s? (?:must|would need to|needs to|has to|have to) (?:\\w+ ){0,2}(?:visit|open|click|view|load|import|browse|navigate|download|play|preview|print)',
    'trick(?:s|ed|ing)? (?:\\w+ ){0,3}(?:users?|victims?|administrators?|admins?|someone|a person)',
    '(?:convinc|entic|lur|persuad|induc)\\w* (?:\\w+ ){0,2}(?:users?|victims?|administrators?|admins?)',
    '(?:when|if|after|once) (?:a |the |an )?(?:\\w+ )?(?:user|victim|administrator)s? (?:\\w+ ){0,3}(?:opens?|visits?|clicks?|views?|loads?|imports?|browses?|previews?|plays?|uses?)',
    // A Trojan horse (a planted DLL, a program named like a command) does nothing until a victim runs
    // it; one a setuid program loads is run by the attacker themselves, and so is one the attacker
    // points the program at ("by modifying the PATH to point to a Trojan horse expand program", "by
    // specifying a Trojan Horse nettype shared library"): they set its search path and start it.
    '(?<!\\b(?:points?|pointing|specify|specifying|reference|referencing) (?:to |at )?(?:an? |the )?)Trojan horse(?![^.]{0,80}\\b(?:setuid|setgid|set-uid|suid)\\b)',
    // "when it is used to open a specially crafted file": the victim opens it with the product.
    '(?:is|are|being) used to (?:open|load|import|view|parse|play) (?:an? |the )?(?:specially )?(?:crafted|malicious|malformed)',
    // "allows remote SSL servers to …": the victim's client must connect to the attacker's server.
    SERVER_ATTACKS_CLIENT.source.replace(/^\\b/, ''),
    // An ActiveX control's properties and methods are set by a web page its user's browser loads; so are an ActiveX
    // SDK's, component's or object's (Panasonic's "PS-API ActiveX SDK … via a long string in the FilePassword property",
    // CVE-2015-4647, the seventeenth reading); not a server's ("wodSSHServer ActiveX Component … via a long key exchange
    // algorithm string": the attacker connects to it).
    'ActiveX control',
    // A browser plug-in runs what the pages its user visits hand it (PTC Creo View's, CVE-2015-2061, the h51 blind set).
    '(?:web )?browser plug-?ins?\\b(?! (?:installer|update|download))',
    '(?<!server )ActiveX (?:SDK|component|object|plug-?in|module)',
    'crafted [^.]{0,40}?\\b(?:web|WebGL|OpenGL|HTML|SVG|JavaScript|Flash|multimedia) content',
    'malicious (?:web ?sites?|web ?pages?|(?:HTML )?pages?|files?|documents?|links?|sites?|images?|videos?|e-?mails?)',
    'social engineering',
    // CSV (formula) injection: the injected formula runs when someone opens the export in a spreadsheet.
    '(?:CSV|formula|Excel|spreadsheet) (?:formula |macro )?injection',
    'neutrali[sz]ation of formula elements',
    '(?:included|embedded|inserted|written) (?:\\w+ ){0,2}in(?:to)? (?:the |an? )?exported (?:CSV|Excel|XLSX?|spreadsheet)',
    // a URI of a program's own scheme ("via a long oovoo: URI", "a crafted aim: URI") is opened by its
    // user, like a link; the schemes a server fetches ("a file: URL", "http:", "data:") are the attacker's own input
    '(?:via|through) (?:an? )?(?:long |crafted |malicious |malformed )?(?!(?:file|https?|ftp|data|gopher|dict|ldap|jar|php|phar|expect|zip|glob|netdoc|smb|sftp|tftp): )[\\w.+-]+: (?:URI|URL|link)s?',
    'requires? that (?:a |the )?(?:user|victim|administrator)s?',
    // "an executable file … which is automatically executed when a user accesses the folder" (CVE-2004-2290, h48), stored
    // script "executed when a user accesses the page", files "executed when a user with physical access inserts a disk".
    '(?:executed|run|launched|triggered|rendered) (?:\\w+ ){0,2}when (?:a |the |an )?(?:user|victim|administrator)s? (?:\\w+ ){0,4}?(?:access(?:es)?|inserts?)\\b',
    'drive-by',
    // Nortel's "cause another user to execute arbitrary code when attempting to execute this client" (CVE-2007-1057, the
    // h52 blind set): the other user runs what the attacker planted.
    '(?:cause|causing|make|making|force|forcing) (?:another|other|a different|an unsuspecting) users? to (?:execute|run|launch|open)\\b',
  ]
    .map((phrase) => `\\b${phrase}`)
    .join('|'),
  'i',
);

/**
 * Client programs: a crafted input to one of these reaches it only when its user loads it (a
 * browser renders a page, a reader opens a document: gv's "via a Postscript file", CVE-2004-1717, the h52 blind set),
 * though the text says only "crafted X".
 * ("via unspecified vectors" alone leaves it open, as the gold's annotators read it.) A server's
 * pages "returned to the web browser" name the browser as the server's client, not the product.
 */
export const CLIENT_PROGRAM =
  /\b(?:Firefox|Thunderbird|SeaMonkey|Internet Explorer|Microsoft Edge|Safari|Chrome|Chromium|Opera|Konqueror|Adobe Reader|Acrobat|Foxit Reader|Flash Player|Shockwave Player|QuickTime|iTunes|RealPlayer|VLC|Windows Media Player|Winamp|foobar2000|MPlayer|Media Player Classic|KMPlayer|PotPlayer|AIMP|GOM Player|XMMS|Audacious|Microsoft (?:Office|Word|Excel|PowerPoint|Outlook|Publisher|Visio)|LibreOffice|OpenOffice|WebKit|Silverlight|ghostview|GSview|xpdf|Evince|Okular|kpdf|(?<!\b(?:returned|sent|served|delivered) to the )web browsers?)\b/i;
const CRAFTED = /\b(?:crafted|malicious|malformed)\b/i;
const BROWSER =
  /\b(?:Internet Explorer|Microsoft Edge|Firefox|SeaMonkey|Safari|Google Chrome|Chromium|(?<!Hospitality )Opera(?! \d|\s+(?:PMS|Property))|Konqueror|web browsers?)\b/i;
/**
 * "via a PDF file that contains an embedded Shockwave (swf) file", Opera's "via a JPEG file with …", Winamp's "via (1) an
 * m3u file containing a long URL" (CVE-2006-0708, h45): a document, image, song or playlist that the client program's user opens.
 */
const DOCUMENT_VECTOR =
  /\bvia (?:\(\d+\) )?an? (?:[\w-]+ ){0,2}?(?:PDF|PostScript|EPS|DVI|RTF|SWF|Flash|Word|Excel|PowerPoint|Office|JPEG|JPG|PNG|GIF|BMP|TIFF|ICO|WebP|SVG|M3U|M3U8|PLS|ASX|WPL|XSPF|MP3|WAV|AVI|MP4|MKV|WMA|WMV|FLAC|OGG|MIDI?|MOV|FLV) (?:files?|documents?|movies?|images?|playlists?)\b/i;
/** "Internet Explorer … via an IFRAME with "?" as the file source": markup a page carries, which the browser's user loads. */
const MARKUP_VECTOR =
  /\bvia (?:an? |the )?(?:[\w-]+ ){0,2}?(?:IFRAME|FRAME|FRAMESET|IMG|SCRIPT|OBJECT|EMBED|APPLET|HTML|JavaScript|CSS|style ?sheets?|web ?pages?)\b/i;
/**
 * An anti-virus scans what reaches the victim's disk or mail (the gold's ClamAV and F-Secure
 * calls): "NOD32 … with active scanning enabled … via an ARJ archive containing a file with a long
 * filename". A file built to slip past the scan is the attacker's alone (F-Prot's detection bypass).
 */
const ANTIVIRUS = /\b(?:anti-?virus|virus (?:scanner|scanning|detection)|scanning engine|active scanning|on-access scanning|ClamAV|NOD32)\b/i;
const SCANNED_FILE = /\bvia (?:an? )?(?:[\w-]+ ){0,3}?(?:archives?|files?)\b/i;
const DETECTION_BYPASS = /\b(?:bypass|evade|avoid|escape)\w* (?:\w+ ){0,3}?(?:detection|scanning|scanners?|protection)\b|\bdetection bypass\b/i;
/** JRE's "when Firefox or Opera is used … via a multi-pin DNS rebinding attack": the victim's browser loads the attacker's page. */
const DNS_REBINDING = /\bDNS rebinding\b/i;
/** "Chrome … via a URI with an invalid handler", Acrobat's plugin "via CRLF sequences in the javascript: URI": an address the client program's user opens. */
const ADDRESS_VECTOR = /\bvia (?:an? )?(?:[\w-]+ ){0,2}?(?:URIs?|URLs?|links?)\b|\bvia [^.]{0,40}?\b(?:javascript|data|vbscript): (?:URI|URL)s?\b/i;

/**
 * How the attacker reaches the flaw is not known: "via unknown vectors", "has unknown impact and
 * attack vectors", "Multiple unspecified vulnerabilities" (several bugs, none described), so a
 * named attacker is no sign that they act alone (the gold README and its NOTES keep these null).
 */
const UNSETTLED =
  /\b(?:unknown|unspecified) (?:(?:other )?impact and )?(?:(?:remote|local|remote or local|local or remote) )?attack vectors\b|\bunknown attack vendors\b|\bmultiple unspecified vulnerabilities\b/i;

/**
 * "via a crafted movie", "parsing a malformed program file": a file someone opens. Not where a
 * local user supplies it to the machine themselves ("local users … via a crafted ELF file", "…
 * a malformed ELF file"), nor where the attacker uploads it to the server ("Arbitrary File Upload
 * via a crafted product image", "by uploading a specially crafted file", "upload of crafted SVG
 * file"): there the attacker acts alone, unless the text names the victim's act.
 */
const CRAFTED_FILE = new RegExp(
  `(?<!\\bupload(?:s|ed|ing)?(?: (?:of|via|with|using|through))? (?:an? |the )?(?:(?:specially|specifically|carefully|maliciously) )?)\\b(?:crafted|malformed) (?:[\\w-]+ ){0,3}(?:web ?sites?|web ?pages?|(?:HTML )?pages?|files?|documents?|images?|videos?|movies?|audio|fonts?|archives?|e-?mail messages|e-?mails|links?|shortcuts?|presentations?|spreadsheets?|workbooks?|PDFs?|SWFs?|playlists?|project files?|media|zip|JPEG|PNG|GIF|BMP|TIFF|XPS|RTF|\\.\\w{2,4} files?)\\b|\\bvia an? \\.\\w{2,5} file\\b|\\b(?:crafted|malicious|malformed) workspace(?: (?:configuration|folder|settings|files?))?\\b`,
  'i',
);

/** The description says no victim acts (Android's and ZDI's templates). */
const NO_VICTIM = /\buser interaction is not (?:needed|required)\b|\bwithout (?:any )?user interaction\b|\bno user interaction\b/i;

/** Impacts that act on a victim: script in their browser, a forged request, a redirect or a spoofed page. */
const VICTIM_IMPACT =
  /\bexecute (?:arbitrary )?(?:JavaScript|web script|script code)\b|\binject (?:arbitrary |malicious )?(?:JavaScript|web scripts?|script code|HTML(?! headers?))\b|\bcross[- ]site|\bXSS\b|\bCSRF\b|\bXSRF\b|\bhijack the authentication of\b|\binject arbitrary web script\b|\bHTML injection\b|\bopen redirect|\bredirect (?:\w+ ){0,2}(?:users|victims)\b|\bphishing\b|\bspoof (?:\w+ ){0,2}(?:form|UI|user interface|address bar|URL|content|dialog|window|page|location|status bar|download)|\bclickjacking\b|\bUI redress/i;

/** Bug classes whose attack needs no victim: the attacker sends the query or command alone. */
const ATTACKER_ALONE =
  /\bSQL injection\b|\bexecute arbitrary SQL\b|\bcommand injection\b|\bremote file inclusion\b|\b(?:directory|path) traversal\b|\bbrute[- ]force attacks?\b/i;

/** The attacker acts alone: a concrete vector ("via the id parameter", "by sending crafted packets"). */
const UNKNOWN_VECTOR =
  /\bvia (?:unspecified|unknown) vectors\b|\bvia vectors related to\b|\bvia unknown\b|\bvia an unspecified (?:attack )?(?:vector|method|manner|way|mechanism)\b/i;
/**
 * "via an app that places a crafted signature": an app on the device, which somebody must have
 * installed; who did is not said, so the app is no vector the attacker uses alone. "Local users
 * … via a crafted application" run it themselves.
 */
export const APP_ON_THE_DEVICE =
  /\bvia (?:an? (?:crafted |malicious |rogue |third-party )?(?:app|application)|(?:crafted|malicious|rogue) (?:apps|applications))\b(?! (?:server|firewall|gateway|layer|level)\b)/i;
/**
 * "fixed in 20.3.1 by eliminating the send of Admin Role passwords", "patched via commit 1a2b",
 * the kernel's "Fix this by adding": how the vendor mended it, which says nothing of how the
 * attacker comes. A fix named as a thing ("before 8.2 Fix Pack 10 allows local users … by
 * importing", "with the iis-fix hotfix installed allows remote intruders … by using") is none,
 * nor is a mend an attacker clause follows.
 */
const MENDED_BY =
  '(?<!\\b(?:fixed|resolved|addressed|patched|mitigated|remediated|corrected|remedied|(?<![\\w-])fix(?:es)? (?:this|it|that|these|those|the|both|them)\\b)(?:(?!\\b(?:allows?|attackers?|users?)\\b)[^.;]|\\.(?=\\w)){0,80}?)';
/**
 * "By constructing a special format ELF file, the information of any address can be leaked": a
 * file the attacker builds reaches the program only when someone feeds it in, and who does the
 * description leaves to the CVSS vector.
 */
const BUILT_FILE =
  '(?:constructing|crafting|creating|building|making|preparing|generating) (?:an? |the )?(?:[\\w-]+ ){0,2}?(?:special\\w*|crafted|malformed|malicious)\\b(?: [\\w-]+){0,3}? (?:files?|documents?|images?|archives?|binar(?:y|ies)|executables?)\\b';
const CONCRETE_VECTOR = new RegExp(
  `${MENDED_BY}\\bvia (?!(?:unspecified|unknown) vectors)(?!vectors related)(?!unknown\\b)(?!${APP_ON_THE_DEVICE.source.slice('\\bvia '.length)})|${MENDED_BY}\\bby (?!default\\b)(?!${BUILT_FILE})\\w+ing\\b`,
  'i',
);
/**
 * The fuzzing reports' "was discovered to contain a heap buffer overflow via /release-x64/otfccdump+0x6b558f": the
 * "via" names the crashing instruction, not how the attacker reaches it; the vector is left to the
 * CVSS vector (a crafted file someone opens, most often). "… via the Mac parameter" is a vector.
 */
const FAULT_LOCATION = /(\b(?:discovered|found) to contain (?:an? |multiple )?(?:[^.]|\.(?=\w)){0,80}?)\bvia(?= \S*\+0x[0-9a-f]+\b)/gi;

/**
 * "allows local users of the workstation console to gain privileges …" with no vector at all: a
 * local user works on the machine themselves. Only where no vector is named: "via unknown
 * vectors" leaves open how (the annotations differ there).
 */
const ANY_VECTOR = /\bvia\b|\bby (?!default\b)\w+ing\b|\bby means of\b/i;

function classify<T>(phrases: readonly string[], table: readonly (readonly [T, RegExp])[]): T | undefined {
  for (const phrase of phrases) {
    for (const [value, pattern] of table) if (pattern.test(phrase)) return value;
  }
  return undefined;
}

/** Where the attacker phrases put the attacker; a guest beside a virtual machine is local to its host. */
function positionOf(phrases: readonly string[], prose: string): AttackPosition | undefined {
  const position = classify(phrases, POSITIONS);
  const vmGuest = phrases.some((p) => /\bguests?\b/.test(p)) && VIRTUAL_MACHINE.test(prose);
  return vmGuest && (position === undefined || position === 'remote') ? 'local' : position;
}

function readAttack(description: string): { described: DescribedAttack; vectorOnly: boolean } {
  const prose = statedProse(description);
  const phrases = attackerPhrases(prose);
  let position = positionOf(phrases, prose);
  if (LINK_LOCAL.test(prose) && (position === undefined || position === 'remote')) position = 'adjacent';
  if (ON_PATH_CUE.test(prose) && (position === undefined || position === 'remote')) position = 'man_in_the_middle';
  if (LOCAL_ACCESS_CUE.test(prose)) position ??= 'local';
  if (REMOTE_CUE.test(prose) || (PACKETS_SENT.test(prose) && !NEAR_PLACE.test(prose))) position ??= 'remote';
  if (!PHYSICAL_WORD.test(prose) && (LOCAL_CUE.test(prose) || (OS_ACCOUNT_GAIN.test(prose) && !NETWORK_WORDS.test(prose)))) position ??= 'local';
  if (BLUETOOTH.test(prose) && position === 'remote') position = 'adjacent';
  if (HARDWARE_PORT.test(prose) && (position === undefined || position === 'local')) position = 'physical';
  if (HOLDS_DEVICE.test(prose) && (position === undefined || (position === 'remote' && !REMOTE_ATTACKER_NAMED.test(prose)))) position = 'physical';
  const guestUser = GUEST_OS_USER.test(prose);
  if (guestUser && (position === undefined || position === 'remote' || position === 'adjacent')) position = 'local';
  // "Connecting to a malicious AFP server may corrupt kernel memory": the server is the attacker, out on the network
  // (one who intercepts the connection to pose as it is on the path, which the vector says).
  const serverAttacks =
    (SERVER_ATTACKS_CLIENT.test(prose) || NAMED_SERVER_ATTACKS.test(prose)) && !/\bintercept|\bman[- ]in[- ]the[- ]middle\b|\bMitM\b|\bon-path\b/i.test(prose);
  if (serverAttacks) position ??= 'remote';
  const required = listedRoles(prose) ?? PRIVILEGE_REQUIRED.find(([, pattern]) => pattern.test(prose))?.[0];
  let privileges = required ?? classify(phrases, PRIVILEGE_LEVELS);
  if (AUTHENTICATED_CUE.test(prose) || LOCAL_ACCESS_CUE.test(prose) || guestUser) privileges ??= 'user';
  // The attacker runs the server: they need no account on the client that connects to it.
  if (serverAttacks && position === 'remote') privileges ??= 'none';
  // NVD's own "local users" / "local attackers" and a guest OS's users (who run their own crafted
  // application in the guest), not one "with local filesystem access".
  const localAttacker = phrases.some((p) => /^(?:an? |the )?(?:local|guest os|guest) (?:users?|attackers?)\b/.test(p));
  // Why no victim acts, when none does: the attacker acts alone by the bug's kind, or is a local user with nothing to hand over.
  const actsAlone = ATTACKER_ALONE.test(prose) && !vectorUnknown(description);
  const localActsAlone = localAttacker && (!ANY_VECTOR.test(prose) || APP_ON_THE_DEVICE.test(prose));
  const noVictimSaid = NO_VICTIM.test(prose);
  const interaction = noVictimSaid
    ? false
    : VICTIM_IMPACT.test(prose) ||
        VICTIM_ACTS.test(prose) ||
        NAMED_SERVER_ATTACKS.test(prose) ||
        (CLIENT_PROGRAM.test(prose) &&
          (CRAFTED.test(prose) ||
            DOCUMENT_VECTOR.test(prose) ||
            ADDRESS_VECTOR.test(prose) ||
            MARKUP_VECTOR.test(prose) ||
            DNS_REBINDING.test(prose) ||
            // Internet Explorer's "remote attackers to execute arbitrary code by accessing an object that … is deleted"
            // (CVE-2013-1347, the h44 blind set): a remote attacker reaches a browser only through what its user loads.
            (position === 'remote' && BROWSER.test(prose) && CONCRETE_VECTOR.test(prose)))) ||
        // MailHunter's "remote authenticated users to extract files into arbitrary directories via a crafted ZIP archive"
        // (a path traversal, CVE-2023-34208): a signed-in attacker hands the file to the server, no victim opens it.
        (position !== 'local' &&
          !(actsAlone && (privileges === 'user' || privileges === 'admin')) &&
          (CRAFTED_FILE.test(prose) || (ANTIVIRUS.test(prose) && SCANNED_FILE.test(prose) && !DETECTION_BYPASS.test(prose))))
      ? true
      : (CONCRETE_VECTOR.test(prose.replace(FAULT_LOCATION, '$1at')) && !UNKNOWN_VECTOR.test(prose)) || actsAlone || localActsAlone
        ? false
        : undefined;
  // The concrete vector alone said no victim acts.
  const vectorOnly = interaction === false && !noVictimSaid && !actsAlone && !localActsAlone;
  const described = {
    ...(position ? { position } : {}),
    ...(privileges ? { privileges } : {}),
    ...(interaction !== undefined ? { userInteraction: interaction } : {}),
  };
  return { described, vectorOnly };
}

export const describedAttack = (description: string): DescribedAttack => readAttack(description).described;

/**
 * The description's "no victim acts" read only from a concrete vector ("via a crafted toolbar object", Windows Shell,
 * CVE-2015-2515): it names what the attacker supplies, not who opens it, so NVD's v2 "user interaction required" settles it.
 */
export const noVictimFromVectorOnly = (description: string): boolean => readAttack(description).vectorOnly;

/**
 * "via unknown attack vectors", "has unknown impact and attack vectors": the record says how the
 * attacker reaches the flaw is not known, so whether a victim acts is left open, even where the
 * bug class needs none of its own (SQL injection) or a CVSS vector rates it. A mere "via
 * unspecified vectors" is weaker: there the bug class and the vector still speak, as the gold's
 * earlier annotators read it (their "SQL injection … via unknown vectors" is false).
 */
export function vectorUnknown(description: string): boolean {
  return UNSETTLED.test(statedProse(description));
}

/**
 * "allows remote attackers to determine valid account names": the description says where the
 * attacker is and what they gain, names no victim and no vector, and leaves it at that. The
 * attacker then acts alone, unless a CVSS vector's user-interaction field says otherwise (v2 has
 * none). So does a signed-in one ("An authenticated user without user-management permissions could
 * identify other user accounts"). A bare "attackers" says nothing of how they reach the flaw, nor
 * does an unknown vector.
 */
export function namedAttackerActsAlone(description: string): boolean {
  const prose = statedProse(description);
  const phrases = attackerPhrases(prose);
  return (
    describedAttack(description).userInteraction === undefined &&
    (positionOf(phrases, prose) !== undefined || phrases.some((p) => /(?<!un)\b(?:authenticated|authori[sz]ed)\b/.test(p))) &&
    !UNKNOWN_VECTOR.test(prose) &&
    !UNSETTLED.test(prose) &&
    !APP_ON_THE_DEVICE.test(prose) &&
    !CLIENT_PROGRAM.test(prose)
  );
}

/**
 * Reflected and DOM-based cross-site scripting and cross-site request forgery work through a
 * signed-in victim's browser: the attacker only makes the link or page, and needs no account of
 * their own. Where neither the description nor a CVSS vector says who attacks (Patchstack's
 * "allows Reflected XSS", 2025's unscored records), that is the attacker's privilege: none.
 */
const THROUGH_THE_VICTIMS_BROWSER = /\b(?:reflected|DOM[- ]based) (?:cross[- ]site scripting|XSS)\b|\bcross[- ]site request forgery\b|\bCSRF\b|\bXSRF\b/i;

export function attackerNeedsNoAccount(description: string): boolean {
  return THROUGH_THE_VICTIMS_BROWSER.test(statedProse(description));
}
