/**
 * What a successful attacker gains (product decisions §9 `impacts`): every consequence the
 * description states, "possibly" and "might" included. Two kinds of phrase:
 * - consequences ("execute arbitrary code", "cause a denial of service", "obtain sensitive
 *   information"), read outside the vector clauses (prose.ts: "via a long password that
 *   triggers a crash" says how, not what is gained);
 * - bug classes that are themselves an impact in §9's vocabulary (SQL injection, cross-site
 *   scripting, CSRF, SSRF, open redirect, command injection), read anywhere in the stated prose.
 * Memory-safety classes (buffer overflow, use-after-free) are no impact of their own: a
 * crash-only bug is never code execution. Only when the description states no consequence at
 * all do the CWE, then the CVSS impact metrics, say what is gained (fallback.ts).
 */
import type { Impact } from '../../domain/facts.js';
import { consequenceProse, statedProse, withoutWorkaroundExamples } from './prose.js';

type Phrase = readonly [Impact, RegExp];

/** Any phrase of running code. */
// ChurchCRM's "manipulate database queries and execute arbitrary commands" (CVE-2025-1023, h59): the commands are SQL.
const RUN_CODE =
  /(?<!\bmanipulate (?:the )?(?:SQL |database )?quer(?:y|ies) and )\b(?:execute|executing|execution of|run|(?<!\bthe\s)running|launch|install)\s+(?:of\s+)?(?:an?\s+)?(?:arbitrary|arbritary|arbitary|malicious|attacker[- ](?:controlled|supplied)|their own|own|unauthorized|remote|native|dangerous|any)?\s*(?:(?:PHP|Java|JavaScript|Python|Perl|Ruby|shell|OS|operating[- ]system|system|machine|native|script|VBScript|ASP|JSP|Lua|Groovy|OGNL|SpEL|EL|server-side|remote)\s+)?(?:code|commands?|programs?|binaries|executables?|shell ?code|instructions)\b(?!\s+(?:on|against|in)\s+(?:the\s+)?(?:underlying\s+|back-?end\s+)?(?:SQL\s+)?(?:database|DB)\b)|\binstall (?:arbitrary|malicious) (?:\w+ )?packages\b|(?<!\bduring\s(?:the\s)?(?:[\w-]+\s)?)\b(?:remote |arbitrary )?(?:code|command) execution\b|\bRCE\b|\bexecute code\b|\b(?:execute|run) arbitrary (?:PHP|Perl|Python|Ruby|ASP|JSP|VBScript|Lua|Groovy)\b|\binclude and execute\b|\b(?:execute|run) arbitrary (?:[\w-]+ )?expressions (?:and|or) (?:[\w-]+ )?code\b|\b(?:arbitrary|attacker[- ](?:controlled|supplied))\s+(?:code|commands?)\s+(?:being|to be|is|are|gets?)\s+(?:executed|run)\b|\bcontrol[- ]flow hijack|\b(?:take|taking) (?:full |complete )?control of (?:the |an? )?(?:affected |vulnerable |target(?:ed)? )?(?:system|device|host|server|computer|machine)\b/i;

/**
 * Script run in a victim's browser ("run arbitrary script code in a victim's web browser", "execute
 * JavaScript code in the browser of a user") is cross-site scripting, read as such below, not code
 * running on the system; a browser's own process ("code in the browser process") still is.
 */
const IN_A_VICTIMS_BROWSER =
  /^[^.]{0,80}?\b(?:(?:victim|user|users|other users?|administrator|admin)(?:'s|’s|s')?\s+(?:web\s+)?browsers?|web browsers?|browsers? of)\b|(?<=\bscript code)\s+in the context of (?:the |an? )?(?:affected |targeted )?(?:[\w-]+ ){0,3}?(?:interface|UI|site|portal)\b/i;

/** "can lead to device node and executable to be run from /cache/": an executable the attacker places runs. */
const EXECUTABLE_RUNS =
  /\b(?:allow|allows|allowing|lead|leads|leading|cause|causes|causing|enable|enables|permit|permits)\b(?: \w+){0,5}? (?:an? )?(?:executables?|binar(?:y|ies)|programs?) (?:files? )?to be (?:run|executed|launched)\b/i;

/** Limbo CMS's "include arbitrary PHP files via '..' sequences" (CVE-2005-4319, the h44 blind set): an included PHP file runs. */
const PHP_INCLUDED = /\binclude (?:and execute )?arbitrary (?:local |remote )?(?:PHP|\.php|script) (?:files?|scripts?)\b/;
const CODE = new RegExp(`(?:${RUN_CODE.source})(?!${IN_A_VICTIMS_BROWSER.source.slice(1)})|${EXECUTABLE_RUNS.source}|${PHP_INCLUDED.source}`, 'i');

/**
 * Requests the server makes for the attacker (server-side request forgery): XXE's "send TCP
 * requests to intranet servers", Jenkins' "connect to an attacker-specified URL", "issue requests
 * to internal services". The texts say these apart from a victim's browser sending requests (CSRF).
 */
export const SERVER_SENDS_REQUESTS =
  /\bserver[- ]side request forgery\b|\bSSRF\b|\b(?:connect|send (?:an? )?(?:HTTP )?requests?) to (?:an? )?attacker-specified (?:URL|hostname|host|server|address)\b|\b(?:send|make|issue|perform)\s+(?:arbitrary\s+)?(?:TCP|UDP|HTTPS?|network|outbound)?\s*requests?\s+to\s+(?:\w+\s+){0,2}?(?:intranet|internal|arbitrary|back-?end|third-party|other) (?:servers?|hosts?|systems?|services?|networks?|URLs?|addresses|IP addresses)\b/i;

/**
 * Samsung's "allows attackers to execute privileged action", "launch privileged activities", the kernel's "perform
 * privileged operations despite … having dropped such privileges": what only the privileged may do, done by the attacker;
 * the texts say so in these words rather than as rights on the machine. Only as what the attacker is let do ("to", "and"):
 * Razer's "system services … perform privileged operations on entries" are the program's own.
 */
export const PRIVILEGED_ACTIONS =
  /(?<=\b(?:to|and|or|,)\s+)(?:execute|executing|perform|performing|launch|launching|run|running|carry out|trigger|start|invoke)\s+(?:various\s+|certain\s+|some\s+|arbitrary\s+)?privileged\s+(?:actions?|activit(?:y|ies)|operations?|functions?|tasks?|commands?)\b/i;

/** A harm the record leaves unnamed ("possibly have unspecified other impact", "undefined behavior"). */
const OTHER_HARM = String.raw`\bexploit (?:\w+ )?(?:heap|memory|stack|object) corruption\b|\bundefined behaviou?r\b|\bunspecified (?:other )?impact\b|\b(?:unknown|unspecified) (?:other )?(?:impact|implications|consequences)\b|\bother unspecified impact\b|\bhave unspecified\b|\bunspecified other\b|\b(?:possibly|may|might|could) have other impacts?\b`;

/** Read outside the vector clauses. Code execution is checked against SQL separately. */
const CONSEQUENCES: readonly Phrase[] = [
  ['code_execution', CODE],
  [
    'privilege_escalation',
    // RemoteView's "may execute an arbitrary OS command with LocalSystem privilege" (CVE-2025-24864, h57): commands run as that
    // account; not "an attacker with root privilege" or "a service running with SYSTEM privilege", which say who holds it.
    /\b(?:gain|gaining|obtain|obtaining|escalate|escalating|elevate|elevating|raise|acquire)\s+(?:\w+\s+){0,2}(?:privileges?|privilege level|permissions|rights|root(?: access)?|administrat(?:or|ive) (?:access|rights|privileges)|admin(?:istrator)? access|SYSTEM)\b|\bprivilege (?:escalation|elevation)\b|\belevation of privileges?\b|\bescalation of privileges?\b|(?<!\bwell )\b(?:as|with the privileges of) (?:root|(?<!\bsuch as )SYSTEM|an? administrator|the kernel|LocalSystem)\b|\bwith (?:root|SYSTEM|elevated|kernel) privileges\b|\b(?:execute|run)s? (?:[\w-]+ ){0,5}?(?:code|commands?|programs?) with (?:root|SYSTEM|LocalSystem|elevated|kernel) privilege\b|\bwith (?:unnecessary |unnecessarily |much |even )?(?:higher|elevated|escalated|increased) (?:privileges|permissions|rights)(?! than (?:needed|required) to)\b|\b(?:with|as|using) the (?:root|SYSTEM|administrator|admin) (?:privileges?|rights|user|account)\b|\bgain root\b|\broot access\b|\bbecome (?:root|an? admin(?:istrator)?)\b|\btransition from (?:Low|Untrusted) Integrity to (?:Medium|High|System) Integrity\b|\bgain (?:\w+ )?privileged access\b|\bget(?:s|ting)? (?:root|administrator|admin|SYSTEM|elevated|higher|kernel)(?: level)? (?:privileges?|access|rights|permissions)\b|\b(?:execute|run) (?:arbitrary |native )?code in a privileged context\b/i,
  ],
  [
    'information_disclosure',
    // OpenVPN's "denial-of-service and/or possibly sensitive memory leak" (CVE-2017-7520): memory read out, not memory lost.
    // A file feature exposed is no file read: Barco's "is exposing a license file upload mechanism" (CVE-2022-26977).
    // Sensitive data changed is not read: Foundry's "to modify sensitive information" (CVE-2002-0478), Adobe's "to corrupt sensitive
    // data"; "gain, modify, and delete sensitive information" reads it too.
    // Phorum's "to determine the email addresses of the 10 most active users" (CVE-2002-0352, the h58 blind set). What
    // the program does "when reading data from TCP connections" is how it fails, no gain (Sun RPC, CVE-2002-1265).
    /\bsensitive memory leak(?:s|age)?\b|\bdetermine (?:the )?(?:[\w-]+\s+){0,2}?(?:e-?mail addresses|usernames|user names|full path(?:name)?s?|pathnames?)\b|(?<!\b(?:when|while|during|before|after|upon)\s)\b(?:obtain|obtaining|read|reading|access|accessing|view|viewing|discover|discovering|disclose|disclosing|expose|exposes|exposing|leak|leaking|retrieve|retrieving|gather|extract|extracting|enumerate|enumerating|list|listing|steal|stealing|learn|determine|sniff|intercept|capture|dump)\s+(?!from\b|into\b|in\b|by\b|past\b|beyond\b|outside\b|only\b)(?:[\w'-]+\s+){0,4}?(?:sensitive|confidential|private|secret|internal|restricted|arbitrary|protected|unpublished)\b|\b(?:show|shows|showing|display|displays|displaying)\s+(?:the\s+)?(?:contents?\s+of\s+)?(?:[\w-]+\s+){0,2}?(?:sensitive|confidential|private|secret|protected|restricted)\b|(?<!\b(?:when|while|during|before|after|upon)\s)\b(?:obtain|obtaining|read|reading|view|viewing|discover|discovering|disclose|expose|exposes|exposing|leak|leaking|retrieve|steal|dump|extract|enumerate)\s+(?!from\b|into\b|in\b|by\b|past\b|beyond\b|outside\b|only\b)(?:the\s+)?(?:[\w-]+\s+){0,3}(?:information|credentials?|passwords?|password hashes|hashes|tokens?|keys?|cookies?|session (?:ids?|identifiers?|tokens?)|memory|files?|documents?|contents?|details|usernames?|user names|accounts?|e-?mail addresses|source code|configuration|data|database|paths?|installation path|export|logs?|messages)\b(?!\s+(?:upload|uploads|uploader|uploading|mechanism|endpoint|interface|feature|functionality|manager|browser)\b)|\b(?:information|data|credential) (?:disclosure|exposure|leak(?:age)?)\b|\bmemory (?:disclosure|exposure)\b|\bdisclosure of (?:sensitive )?(?:information|data|memory)\b|\b(?:exposure|disclosure) of (?:sensitive|private|confidential)\b|(?<!\bto\s+(?:modify|alter|change|overwrite|delete|corrupt|tamper with)\s+)\bsensitive (?:information|data(?! storage in improperly locked memory)|tokens|credentials|details)\b|\brecover (?:\w+ ){0,3}(?:passwords?|credentials|keys?|plain ?text)\b|\b(?:(?:private|secret|session|signing|encryption)[- ])?key[- ]recovery\b|\bplain ?text[- ]recovery\b|\brecovery of (?:\w+ ){0,2}(?:keys?|plain ?text|passwords?|credentials)\b|\bdetermine whether\b|\bdetermine the (?:presence|existence) of\b|\bread (?:access|arbitrary)\b|\baffect(?:s|ing)? (?:the )?confidentiality\b|\bconfidentiality impact\b|\b(?:is|are) (?:stored|logged|transmitted|sent|kept|written) (?:\w+\s+){0,3}(?:in (?:plain ?text|clear ?text|cleartext|the clear|logs?|log files?|audit (?:event )?logs?)|unencrypted|without encryption)\b|\b(?:logged|stored) in (?:\w+ ){0,2}logs?\b|\binformation leak\b|\bside[- ]channel\b|\bunauthorized read\b|\bread access to\b|\b(?:gain|obtain|get)s? read-only access to\b|\bmemory read\b|\boverread buffers\b|\baccess (?:\w+ ){0,2}data\b|\b(?:serv(?:e|es|ing)|expos(?:e|es|ing)|leak(?:s|ing)?) (?:\w+ ){0,2}(?:private|sensitive|confidential|internal)\b|\b(?:unauthorized|complete) access to (?:\w+ ){0,3}(?:data|information)\b|\baccess to (?:the )?(?:file ?system|files|arbitrary files)\b|(?<!\bcalled to )\b(?:decrypt|eavesdrop on|capture) (?:the )?(?:\w+ ){0,2}(?:data|communications?|traffic|messages|sessions?|passwords?|credentials)\b|\b(?:determine|identify|guess|calculate|compute|predict|derive) (?:\w+ ){0,2}(?:usernames|user names|accounts|users|passwords?)\b|\b(?:clear ?text|plain ?text|unencrypted) (?:\w+ )?(?:credentials|passwords?|keys?|secrets?)\b|\b(?:view|read|access)(?:,| or| and)\s+(?:\w+,?\s+(?:or\s+)?){0,3}(?:data|files|information|records|settings|configuration)\b/i,
  ],
  [
    'data_tampering',
    // gzip's "when the creation of a temp file fails" (CVE-2004-0603, h54): the program's own file, no attacker's write. A
    // page or feature named by its action is no gain: phpMyFAQ's 'the "add content" page' (CVE-2005-3734, the twenty-eighth
    // reading); a quoted gain still is (Drupal Colorbox's 'to … "add unexpected content"'). A file handle or descriptor
    // is no file (Midnight Commander's "manipulating non-existing file handles", CVE-2004-1174, h59).
    /\b(?:write|writing|create|creating|overwrite|overwriting|modify|modifying|alter|altering|change|changing|delete|deleting|remove|removing|truncate|corrupt|corrupting|tamper with|manipulate|manipulating|insert|inserting|append|replace|replacing|add|adding|reconfigure|reconfiguring|reset|set|setting|poison|poisoning|configure|configuring)\s+(?:[\w-]+\s+){0,4}?(?:arbitrary|files?|data|database|records?|settings?|configuration|contents?|accounts?|user accounts?|passwords?|passcodes?|values?|entries|posts?|pages?|messages|balance|tokens?|cache|logs?|objects?|attributes?|parameters?|permissions|setups?|(?:\w+-)?limit|hop[- ]limit|cron ?jobs?|crontab)\b(?!\s+(?:handles?|descriptors?)\b)(?!["”]\s+(?:page|feature|window|forms?|buttons?|option|link|function(?:ality)?|dialog|menu|tab|screen|field|action|module|wizard|capability|permission|privilege|role|right)s?\b)|\bsteal (?:[\w'-]+ ){0,4}?(?:Ether|ETH|funds|tokens|coins|assets|money|cryptocurrency|balances?)\b|\barbitrary file (?:write|writes|deletion|overwrite|creation|modification|upload)\b|\bpush (?:malicious |arbitrary )?(?:code|commits)\b|\brewrite (?:\w+ )?(?:commits|history)\b|\b(?:file|data|record) (?:deletion|modification|tampering|corruption)\b|\baffect(?:s|ing)? (?:the )?integrity\b|\bintegrity impact\b|\bunauthorized (?:update|insert|delete|modification|creation|write)\b|\b(?:update|insert|delete|modification) access\b|\b(?:HTTP )?response splitting\b|\binject (?:arbitrary )?(?:HTTP )?headers\b|\bCRLF injection\b|\blog (?:injection|forging|forgery)\b|\binject (?:arbitrary )?(?:log entries|content)\b|"overwrite"|\b(?:modification|alteration|deletion|removal|overwriting|tampering|creation) of (?!(?:an? |the )?(?:temp|temporary|tmp|lock) files?\b)(?:\w+ ){0,4}?(?:arbitrary|files?|data|database|records?|settings?|configuration|contents?|accounts?|passwords?|values?|entries|posts?|pages?|options?)\b|\b(?:file|media|data|record|content|account|user|post|page|arbitrary)\s+(?:deletion|removal|modification|overwrite|creation)\b|\b(?:corrupt|poison|modify|alter|manipulate|tamper with)(?:s|ing)? (?:the )?(?:[\w-]+ ){0,2}?(?:routing|forwarding|ARP|MAC(?: address)?|neighbou?r) (?:tables?|entries|cache)\b/i,
  ],
  [
    'denial_of_service',
    /\bdenial[- ]of[- ]service\b|\bDoS\b|\bcrash(?:es|ed|ing)?\b|\bhang(?:s|ing)?\b|\breboot(?:s|ing)?\b|\b(?:cause|causing) (?:an? |the )?(?:unexpected )?reloads?\b|\b(?:device|system|switch|router|appliance|firewall) to reload\b|\brestart(?:s|ing)? (?:of )?(?:the )?(?:device|system|service|process|server|application)\b|\bkernel panic\b|\bpanic\b|\b(?:infinite|endless) loop\b|\bresource (?:exhaustion|consumption)\b|\bexhaust(?:ion)?\b|\bconsume (?:\w+ ){0,3}(?:CPU|memory|resources|disk|bandwidth)\b|\b(?:application|process|daemon|service) (?:termination|outage|shutdown|exit|abort)\b|\bterminat(?:e|ion of) (?:the )?(?:application|process|service|daemon|program)\b|\bshut ?down (?:the |an? )?(?:affected |target )?(?:[\w-]+ )?(?:service|server|daemon|system|device|application|process|program)\b|\baffect(?:s|ing)? (?:the )?availability\b|\bavailability impact\b|\boutage\b|\bstop (?:responding|working)\b|\b(?:inoperable|unusable|bricked)\b|\bruns? out of memory\b|\ballows (?:\w+ )?flooding\b|\bdisable (?:\w+ ){0,3}(?:services?|functionality|features?|protections?)\b|\bunresponsive\b|\bsegmentation fault\b|\bsegfault\b|\bassertion failure\b|\bout[- ]of[- ]memory condition\b/i,
  ],
  [
    'security_bypass',
    // Hard-coded credentials let anyone in; a hard-coded DES or AES key decrypts what it protects (a disclosure, IGEL UMS, CVE-2022-25806).
    /\bbypass(?:es|ed|ing)?\b|\bcircumvent(?:s|ed|ing)?\b|\b(?:make|open|establish) unauthori[sz]ed (?:network )?connections?\b|\b(?:does not|do not|did not|fails? to|failed to|not) (?:properly )?(?:verify|check|validate|require|enforce) (?:(?!(?:during|when|while|before|after|in|on|at)\b)\w+ ){0,2}(?:authentication|authorization|authorisation|permissions?|access)\b(?! from the attackers?\b)|\bwithout (?:authentication|authorization|logging in|valid credentials|credentials|being (?:authenticated|authori[sz]ed|logged in))\b|\bunauthenticated access\b|\baccess (?:restricted|protected|administrative|admin) (?:\w+ )?(?:functions?|pages?|areas?|interfaces?|resources?|features?)\b|\bhijack"?\s+(?:\w+\s+){0,2}accounts?\b|"hijack"|\btake over (?:\w+ ){0,2}accounts?\b|\baccount take-?over\b|\bsandbox escape\b|\bescape (?:the |a )?sandbox\b|\bauthentication bypass\b|\bperform (?:arbitrary|unauthori[sz]ed) (?:administrative|admin|administrator|privileged) (?:actions|functions|operations|tasks)\b|\blog ?in as (?:any|another|other|arbitrary)\b|\bbackdoor\b|\bviolate (?:\w+ )?(?:access[- ]control|security|authori[sz]ation) (?:rules|policy|policies|restrictions|model)\b|\b(?:gain|obtain|get)\s+(?:read-only\s+|read\s+|write\s+)?access\s+to\s+unauthori[sz]ed\b|\bunauthori[sz]ed (?:sources?|parties|clients?|callers?) to (?:interact with|access|use|invoke|call)\b|\b(?:hard-?coded|default|built-in|undocumented) (?!(?:DES|3DES|AES|RC4|Blowfish|encryption|decryption|cipher|crypto(?:graphic)?|symmetric|XOR)[- ]keys?\b)(?:\w+ )?(?:credentials|passwords?|accounts?|keys?)\b|\b(?:obtain|obtaining|gain|gaining|get|getting)\s+(?:unauthori[sz]ed\s+)?access\s+to\s+(?:(?!the underlying operating system\b)[\w-]+\s+){0,3}?(?:services?|systems?|interfaces?|functionality|endpoints?|features?|panels?|consoles?|devices?|networks?|areas?)\b/i,
  ],
  [
    'spoofing',
    /(?<!anti-)\bspoof(?:s|ed|ing)?\b|\bhide (?:\w+ ){0,2}(?:processes|files|activit(?:y|ies)|connections|log entries|IP address(?:es)?)\b|\bskips? (?:the )?certificate (?:verification|validation)\b|\bcertificate (?:verification|validation) (?:is |was )?(?:skipped|bypassed|disabled|not performed)\b|\bhide the contents of\b|\bobfuscate (?:\w+ ){0,2}(?:origin|URL|address|data)\b|\bimpersonat(?:e|es|ing|ion)\b|\bmasquerade\b|\bredirect (?:\w+ ){0,2}to (?:\w+ ){0,2}(?:arbitrary|malicious|other|external|attacker)\b|\bphishing\b|\bpose as\b|\bforge (?:\w+ ){0,2}(?:signatures?|certificates?|messages?|emails?|responses?|requests? from)\b|\bDNS (?:cache )?poisoning\b/i,
  ],
  ['unspecified', new RegExp(String.raw`${OTHER_HARM}|\b(?:out[- ]of[- ]bounds|invalid) memory access\b`, 'i')],
];

/**
 * "allows man-in-the-middle attacks", "vulnerable to MITM attacks": an on-path attacker reads and
 * alters the traffic. That is the gain only where the text names no other: "vulnerable to MITM
 * attacks. It may be possible to cause remote code execution" says what the on-path attacker gets.
 */
const ON_PATH_ATTACKS =
  /\b(?:allows?|allowing|permits?|enables?|perform|conduct|facilitates?|easier|vulnerable to|susceptible to)\b[^.]{0,30}\b(?:man|machine)-in-the-middle (?:\(MitM\) )?attacks?\b|\bMitM attacks?\b/i;
const ON_PATH_GAINS: readonly Impact[] = ['information_disclosure', 'data_tampering'];

/**
 * Fortinet's "execute limited and temporary operations on the underlying database" (CWE-77,
 * CVE-2024-33508): what the injected commands do is stated, and it is the database's data that
 * changes; the command-injection class gives that, not code running on the host.
 */
const DATABASE_OPERATIONS =
  /\b(?:execute|perform|run)\s+(?:[\w-]+\s+){0,4}?operations\s+(?:on|against|in)\s+(?:the\s+)?(?:underlying\s+|back-?end\s+)?(?:database|DB)\b/i;

/**
 * The CNAs' own wordings of a consequence, read like the phrases above: Apple's "An app may be
 * able to access information about a user's contacts", "may lead to unexpected app termination",
 * "break out of its sandbox"; Linux's "can trigger a hard lockup"; "excessive CPU consumption",
 * "the Bluetooth function to be unavailable", credentials "exposed to unintended hosts".
 */
const CNA_CONSEQUENCES: readonly Phrase[] = [
  ['information_disclosure', /\btrack (?:\w+ )?users\b|\ballows? access to (?:\w+ ){0,3}(?:configurations?|data|files|information|records|documents)\b/i],
  ['data_tampering', /\b(?:alter|tamper with) (?:\w+ ){0,2}(?:traffic|communications?|messages|responses|requests)\b|\bhijack (?:the )?(?:\w+ )?traffic\b/i],
  // "to modify sensitive information" (Foundry EdgeIron, CVE-2002-0478), "gain, modify, and delete sensitive information": data changed.
  [
    'data_tampering',
    /\b(?:modify|modifying|alter|altering|change|changing|overwrite|overwriting|delete|deleting|corrupt|corrupting|tamper with)\s+(?:the\s+)?sensitive (?:information|data)\b/i,
  ],
  // LRM's "allow a malicious actor to upload outside the intended directory structure" (CVE-2022-1518, h54): files written where they should not be.
  ['data_tampering', /\bupload(?:s|ing)?\s+(?:(?:arbitrary|malicious|any)\s+)?(?:files?\s+)?(?:outside|beyond|anywhere)\b/i],
  // R-HUB's "resetting the administrator's password" (CVE-2024-38287): another's password changed.
  ['data_tampering', /\b(?:reset|resetting|change|changing)\s+(?:the\s+|any\s+|other\s+)?(?:[\w-]+(?:'s|’s)\s+)(?:[\w-]+\s+)?passwords?\b/i],
  // F5's "undisclosed requests can cause an increase in memory resource utilization" (CVE-2025-41399, h55): resources used up.
  ['denial_of_service', /\bincrease in (?:memory |CPU |system |disk )?(?:resource )?(?:utili[sz]ation|usage|consumption)\b/i],
  // Jenkins' "allows attackers … to connect to an attacker-specified URL": a request the server makes for them.
  ['request_forgery', SERVER_SENDS_REQUESTS],
  // Cisco's "to increase user-account privileges" (CVE-2016-1458): the attacker's own account gains the rights.
  ['privilege_escalation', /\bincrease (?:(?:their|his|her|its) own|user[- ]account|account) (?:permissions|privileges|rights|role)\b/i],
  // KNIME's "to read and manipulate swapped jobs" (CVE-2025-2402): what is read is disclosed, whatever the noun.
  ['information_disclosure', /\bto read and (?:manipulate|modify|change|alter|write|delete|tamper with)\b/i],
  [
    'information_disclosure',
    /\b(?:be able to|may|can|could|might) (?:(?!be\b)\w+ )?(?:access|read|view|see|observe|capture|intercept|download|exfiltrate|track|monitor|record|determine|infer|fingerprint) (?!from\b|into\b|to\b|out\b)(?:[\w’'-]+ ){0,4}?(?:information|data|files?|contents?|contacts|photos|locations?|messages|notes|notifications|calendars?|keychain|history|e-?mails?|memory|recordings?|audio|camera|microphone|keystrokes|screen|clipboard|activity|identifiers?|images?|videos?|streams?|traffic|phone numbers?|paths?|usernames?|user names?|passwords?|credentials|tokens?|keys?|logs?|communications?|connections?|sessions?)\b|\bfingerprint (?:the )?users?\b|\b(?:allows?|allowing|lets?|enables?|permits?) (?:[\w/-]+ ){1,4}to (?:see|access|read|view|download|obtain|get|capture) (?:and (?:capture|read|view|obtain) )?(?!from\b|into\b|out\b)(?:[\w’'-]+ ){0,4}?(?:information|data|files?|contents?|contacts|photos|locations?|messages|notes|notifications|calendars?|keychain(?: items)?|history|e-?mails?|memory|recordings?|audio|camera|microphone|keystrokes|screen|clipboard|activity|identifiers?|images?|videos?|streams?|traffic|phone numbers?|paths?|usernames?|user names?|passwords?|credentials|tokens?|keys?|logs?|documents|records|database)\b|\b(?:gain|gains|obtain|get|gets|have|has) (?:unauthori[sz]ed |full |complete |read )?access to (?:[\w’'-]+ ){0,3}?(?:keychain|files?|data|information|messages|e-?mails?|contacts|photos|documents|records|credentials|passwords|secrets|logs|database)\b|\b(?:leaks?|leaking|exposes|discloses|reveals) (?:\w+ ){0,3}(?:information|data|memory|credentials|secrets?|tokens?|keys?|passwords?)\b|\bleakage of\b|\bget (?:\w+ ){0,3}information\b|\b(?:logs|logged|writes|wrote) (?:the )?(?:[\w-]+ ){0,3}(?:credentials?|access tokens?|tokens?|passwords?|secrets?|keys?|SQL quer(?:y|ies))\b|\bsensitive information into (?:a )?log|\b(?:stored|logged|kept|saved|written|transmitted|sent) (?:\w+ ){0,2}in (?:plain ?text|clear ?text|cleartext)\b|\binfo-?leak\b|\bdisclose information\b|\b(?:does not|do not|did not|fails? to) (?:properly )?(?:redact|mask|encrypt|protect|hide|obfuscate) (?:\([^)]*\) )?(?:[\w.-]+ ){0,4}(?:credentials?|passwords?|secrets?|tokens?|keys?)\b|\b(?:credentials?|passwords?|secrets?|tokens?) (?:\w+ ){0,2}not (?:being )?(?:masked|redacted|encrypted)\b|\bcontain(?:s|ing)? (?:[\w/-]+ ){0,4}(?:secrets?|credentials|passwords?|private (?:[\w/-]+ ){0,3}keys?|(?:access|auth|API|session|bearer) tokens?)\b|\bexposure of (?:[\w-]+ ){0,4}(?:tokens?|secrets?|credentials|keys?|passwords?|e-?mail addresse?s?|information|data|identit(?:y|ies)|addresse?s?)\b|\b(?:video|camera|audio|stream|screenshot)(?: \w+)? access\b|\btransmitted over (?:unencrypted|plain ?text|clear ?text|HTTP)\b|\btracking of (?:a |the )?(?:devices?|users?)\b|(?<!\bto\s+(?:modify|alter|change|overwrite|delete|corrupt|tamper with)\s+)\bsensitive (?:\w+ )?data\b(?! storage in improperly locked memory)|\b(?:obtain|obtaining|steal|read|retrieve)s? (?:the )?(?:\w+ ){0,2}hash(?:es)?\b|\b(?:sensitive|secret|confidential) (?:\w+ ){0,2}(?:being |are |is |was |were )?logged\b|(?<!\bnot )\b(?:impact|compromise|affect)(?:s|ing)? (?:the )?(?:\w+ ){0,2}confidentiality\b|\bde-?anonymi[sz]\w*|\b(?:reveal(?:s|ing)?|discover(?:ing)?) (?:\w+ ){0,4}(?:identit\w+|addresses|information|data|names|locations?|passwords?|credentials|secrets?)\b|\bloss of confidentiality\b|\b(?:user(?:name)?|account|e-?mail) enumeration\b|\bdetermine if\b|\barbitrary file (?:read|download|disclosure|access)\b|\b(?:keys?|passwords?|credentials?|tokens?|path|source code|secrets?|PII|personal data) (?:disclosure|leak(?:age)?|exposure)\b|\b(?:PII|personal data) retrieval\b|\bstores? (?:\w+ ){0,2}(?:passwords?|credentials|keys|secrets|tokens) (?:\w+ )?(?:in (?:plain ?text|clear ?text|cleartext)|unencrypted)\b|\b(?:passwords?|credentials|data|information|contents?|tokens?|keys?)\b[^.]{0,30}?\b(?:be |is |are )?visible (?:on|in|to)\b|\bexfiltrat\w*\b|\blog keystrokes\b|\bkeylog|\b(?:can|could|may|might) be read by (?:any|all|other|unprivileged|local|remote|unauthenticated|an?)\b|\b(?:is|are) (?:world[- ])?readable\b|\bdisclosure of (?:\w+ ){0,3}(?:memory|information|data|credentials|secrets?|passwords?|login names?|user ?names?|tokens?|keys?|hashes|cookies)\b|\b(?:credentials|passwords?|tokens?|keys?|secrets?|cookies|headers?|information|data|bits of secret \w+|tags|paths?|usernames?)\b[^.]{0,60}?\b(?:(?:be|are|is|was|were|being|get|gets) (?:\w+ )?(?:exposed|leaked|disclosed|revealed|discovered(?! (?:in|on|that|during|within|when|while|as)\b)|enumerated|obtained|stolen|transmitted in cleartext))\b|\bdownload (?:\w+ ){0,3}(?:files|videos|recordings|documents|backups|data)\b/i,
  ],
  [
    'data_tampering',
    // SAP's "An attacker could thereby delete some critical information" (CVE-2021-33678, the twenty-eighth reading).
    /\b(?:delete|deleting|erase|erasing|wipe|wiping)\s+(?:some |any |all |the )?(?:[\w-]+\s+)?(?:information|info)\b/i,
  ],
  [
    'data_tampering',
    // Postie's "allows remote attackers to publish posts by spoofing the From information" (CVE-2019-20203): content the attacker
    // puts up; not a post that carries script, a privilege named "post comments", or a forged request's change (request forgery alone).
    /(?<!\b(?:with|has|have|having) (?:an? |the )?["“]?|["“]|\b(?:allows?|lets?|enables?) (?:its |the )?users to )\b(?:publish|publishing|post|posting|create|creating) (?:arbitrary |unauthori[sz]ed |new |fake |their own )?(?:posts|articles|blog entries|pages|comments|reviews)\b(?!["”]? (?:privileges?|permissions?|rights?|capabilit|roles?|access|menu)\b| (?:by|as) (?:the )?(?:administrator|admin|victim)| (?:containing|that contains?|which contains?|including|with (?:a |an )?(?:crafted|malicious))\b|[^.]*\b(?:forged request|granted they can trick))|\bmodify (?:\w+ ){0,3}(?:state|file ?system|system files|protected (?:parts|files|data))\b|\bmake (?:\w+ ){0,2}changes to\b|\b(?:unauthori[sz]ed|unauthenticated) (?:\w+ )?(?:changes|modifications?|edits?|alterations?)\b|\bupdate (?:arbitrary|other|any) (?:\w+ ){0,2}(?:details|profiles?|data|records?|settings|accounts?|information)\b|\b(?:delete|deleting|remove|removing) (?:[\w-]+ ){0,2}(?:directories|folders)\b|\bloss of integrity\b|(?<!\bnot )\b(?:impact|compromise|affect)(?:s|ing)? (?:the )?(?:\w+ ){0,2}integrity\b|\btamper(?:s|ed|ing)? (?:with )?(?:the )?(?:\w+ ){0,2}(?:files?|data|records?|settings|configuration|contents?)\b|\bperform tampering\b|\bclear (?:\w+ ){0,2}(?:queues?|logs?|data|cache|history|records)\b|\b(?:deletion|modification|removal) of (?:\w+ ){0,2}(?:responses|comments|items|sections|users|groups|documents|reports|tickets|files)\b|\b(?:deletes|modifies|overwrites|removes|alters|corrupts|wipes|erases) (?:\w+ ){0,3}(?:data|files?|records?|settings|configuration|contents?|entries|accounts?)\b|\bwrite (?:\w+ ){0,2}(?:to )?(?:protected|restricted) (?:\w+ )?(?:files|locations|memory)\b/i,
  ],
  [
    'denial_of_service',
    /\bunexpected (?:\w+ )?(?:termination|restart|reboot|shutdown|exit)\b|\b(?:app|application|system|service|device|process) (?:termination|restart|reboot|shutdown|exit|crash)\b|\b(?:excessive|high|unbounded|uncontrolled|large) (?:\w+ )?(?:CPU|memory|resource|disk|bandwidth|stack) (?:consumption|usage|use|exhaustion)\b|\b(?:CPU|memory|resource|disk) exhaustion\b|\b(?:function|service|system|device|application|app|server|feature|network|interface|website|site|resource|it|them|functionality)s? (?:\w+ )?(?:to be|becomes?|became|is|are|being) (?:temporarily |completely |permanently )?unavailable\b|\b(?:render|rendering|renders|make|making|makes) (?:\w+ ){0,4}unavailable\b|\b(?:hard |soft )?lockups?\b|\bdead-?locks?\b|\blivelocks?\b|\bhung tasks?\b|\bgeneral protection fault\b|\bkernel (?:oops|BUG)\b|\boops(?:es)?\b(?! in)|\bstack (?:exhaustion|overflow due to (?:unbounded |infinite )?recursion)\b|\b(?:unbounded|infinite|uncontrolled) recursion\b|\b(?:force|forcing|cause|causing) (?:\w+ ){0,3}(?:to )?disconnect\b|\bdeny service\b|\bloss of availability\b|(?<!\bnot )\b(?:impact|compromise|affect)(?:s|ing)? (?:the )?(?:\w+ ){0,2}availability\b|\b(?:stack|CPU|memory|resource) consumption\b|\bperformance degradation\b|\bfill (?:up )?(?:the )?(?:[\w.-]+ ){0,2}(?:disk|logs?|\w+\.log|storage)\b|\bexpend (?:\w+ ){0,2}CPU\b|\bsignificant CPU\b|\b(?:segmentation|access) violation\b|\bdisrupt(?:s|ing|ion of)? (?:\w+ ){0,3}(?:connections?|services?|operations?|communications?|traffic|sessions?)\b|\breset (?:a |the )?(?:session|connection)s?\b/i,
  ],
  [
    'security_bypass',
    // Kaspersky's "prevent malicious code from being detected" (CVE-2003-1444, the twenty-eighth reading): a scanner blinded.
    /\bprevent (?:\w+ ){0,3}from being (?:detected|scanned|quarantined|blocked)\b|\bbreak out of (?:[\w-]+ ){0,3}sandbox\b|\bcontainer escape\b|\bescape (?:the |a )?container\b|(?<!\bto an? )\bunauthori[sz]ed access (?:vulnerability|issue|flaw)\b|\blog ?in with (?:an? )?(?:already )?(?:expired|revoked|old|disabled|deleted)\b|\bremove (?:\w+ ){0,2}restrictions\b|\b(?:complete|full|unrestricted) access to (?:the )?(?:\w+ ){0,2}(?:systems?|devices?|accounts?|services?|application|network)\b|\b(?:gain|obtain|get|have|getting|gaining|obtaining) (?:unauthori[sz]ed|improper|illegitimate) access\b|\bsession hijacking\b|\bgain (?!privileged\b)(?:\w+ )?access to (?:an? |the )?(?!underlying operating system)(?:\w+ ){0,2}(?:installation|instance|systems?|devices?|servers?|hosts?)\b|\b(?:session|token|cookie)s? (?:could|can|may|might) (?:still )?be (?:re-?)?used\b|\bdisable (?:\w+ ){0,3}(?:firewall|security|protections?|authentication|encryption|antivirus|logging)\b|\bbrute[- ]?force\b|\bwithout (?:the )?user(?:'s|’s)? (?:consent|permission|knowledge|authori[sz]ation)\b|\bgain access to (?:\w+ ){0,3}accounts?\b|\bgain (?:unauthori[sz]ed|unauthenticated|full|administrative|admin) access\b|\bwithout (?:proper |any |prior )(?:authentication|authori[sz]ation)\b|\bunauthori[sz]ed (?:users?|attackers?|parties) (?:\w+ ){0,3}(?:to )?(?:access|use|perform|invoke|call)\b/i,
  ],
];

/** Bug classes that are an impact of their own, read anywhere in the stated prose. */
const CLASSES: readonly Phrase[] = [
  // Fortinet's "improper neutralization of special elements used in an SQL command … execute arbitrary commands on the
  // underlying SQL database" (CVE-2021-32590, h47): statements the database runs, not code on the system.
  [
    'sql_injection',
    /\bSQL injection\b|\bSQLi\b|\bexecute arbitrary SQL\b|\barbitrary SQL (?:commands|queries|statements|code)\b|\bblind SQL\b|\bspecial elements used in an SQL (?:command|query|statement)\b|\b(?:commands|queries|statements)\s+(?:on|against|in)\s+(?:the\s+)?(?:underlying\s+|back-?end\s+)?SQL\s+database\b/i,
  ],
  [
    'cross_site_scripting',
    // Chrome's "inject scripts or HTML into a privileged page" (CVE-2022-2619): script the attacker puts in a page.
    /\binject (?:arbitrary |malicious )?scripts? or HTML\b|\bclient-side script execution\b|\brendered as HTML\b|\bcross[- ]site scripting\b|\bXSS\b(?! (?:Auditor|filter|protection))|\binject (?:arbitrary |malicious )?(?:web scripts?|HTML(?! headers?)|JavaScript|script code)\b|\bHTML injection\b|\bscript injection\b|\bexecute (?:arbitrary )?(?:JavaScript|web script|script code)\b|\bexecut\w* (?:\w+ )?scripts on\b|\barbitrary (?:web )?script (?:or HTML )?(?:in|into)\b/i,
  ],
  ['request_forgery', /\bcross[- ]site request forgery\b|\bCSRF\b|\bXSRF\b|\bhijack the authentication of\b|\bserver[- ]side request forgery\b|\bSSRF\b/i],
  ['data_tampering', /\b(?:HTTP )?(?:host )?header injection\b/i],
  [
    'spoofing',
    /\battributed to (?:arbitrary|other|another) users?\b|\bobfuscate (?:the )?(?:\w+ ){0,2}(?:UI|user interface|dialog|prompt)\b|\bhijack (?:\w+ ){0,2}click|\bopen redirect(?:ion|or)?\b|\bURL redirection to untrusted site\b|\bUI (?:redress|spoofing)\b|\bclickjacking\b/i,
  ],
  // Patchstack names the attack by its CAPEC name: "… vulnerability in X allows Object Injection".
  [
    'security_bypass',
    /\bexploiting incorrectly configured access control\b|\baccessing functionality not properly constrained by ACLs\b|\bprivilege abuse\b|\bauthentication abuse\b/i,
  ],
  // A file inclusion alone ("has Remote File Inclusion") states no code running: the vector speaks for it.
  // "inject arbitrary PHP code by specifying a URL" (Gallery CVE-2002-2123, the h58 blind set's neighbour): PHP code put
  // where the application runs it. Red Hat's "allowing the attacker to load another non-trusted code" (CVE-2022-1665, h58),
  // Puppet's "load arbitrary code", Payara's "load malicious code on the server": code loaded to run. SAP's "inject code
  // that can be executed by the application" (CVE-2021-33678), a-blog cms's "leveraged to execute an arbitrary script on
  // the server" (CVE-2025-31103; the twenty-eighth reading).
  // Sendmail's "to execute root commands", BMC's "remote commands execution", Siemens' "insert arbitrary code which is
  // executed" (CVE-1999-0163, CVE-2019-16755, CVE-2019-10938, the twenty-sixth reading): commands run.
  [
    'code_execution',
    /\b(?:PHP )?object injection\b|\bexecute (?:root|system|shell|OS|operating system|privileged) commands\b|\b(?:remote )?commands execution\b|\barbitrary code (?:which|that) (?:is|will be|gets|can be) executed\b|\b(?:OS |shell |operating system |remote )?command injection\b|\bcode injection\b|\barbitrary (?:kernel |code |command )?execution\b(?! of (?:arbitrary )?(?:JavaScript|web script|script|HTML)\b)|\b(?:PHP|server-side template|expression language|OGNL) injection\b|\binject (?:arbitrary |malicious )?(?:PHP|Perl|Python|shell) code\b|\bload (?:another |other )?(?:non-trusted|untrusted|unsigned|arbitrary|malicious) code\b|\binject (?:arbitrary |malicious )?code (?:which|that) (?:is|will be|gets|can be|could be|may be) executed\b|\b(?:execute|run)s? (?:[\w-]+ ){0,5}?(?:code|commands?|programs?) with (?:root|SYSTEM|LocalSystem|elevated|kernel) privileges?\b|\bexecute (?:an? )?arbitrary scripts? on the (?:server|system|host|device|target)\b|\bunrestricted (?:file )?upload\b.*\bexecut/i,
  ],
];

/**
 * Where the description states no consequence but names a weakness whose nature is one (the
 * CWE fallback's rule, for the weakness the text names: "path traversal", "missing
 * authentication", "unrestricted upload").
 */
const NAMED_WEAKNESS: readonly Phrase[] = [
  [
    'information_disclosure',
    /\b(?:directory|path) traversal\b|\bXML external entit|\bXXE\b|\bcleartext (?:storage|transmission)\b|\binformation (?:exposure|leak)\b/i,
  ],
  ['data_tampering', /\b(?:request|response) smuggling\b|\bzip[- ]slip\b|\bprototype pollution\b|\bmass assignment\b/i],
  [
    'security_bypass',
    /\bmissing (?:authentication|authori[sz]ation)\b|\bimproper (?:authentication|authori[sz]ation|access controls?)\b|\bincorrect (?:authori[sz]ation|access controls?|default permissions?)\b|\bexcessive authentication attempts\b|\bpolicies are not (?:being )?applied\b|\bbroken access control\b|\binsecure direct object reference\b|\bauthentication bypass\b|\bsession fixation\b|\bhard-?coded (?:credentials?|passwords?|keys?)\b/i,
  ],
  // A hijacked DLL search (CAPEC's "Hijack Execution Flow: DLL Hijacking") loads the attacker's library: their code runs.
  [
    'code_execution',
    /\b(?:untrusted|unquoted) search path\b|\bunrestricted (?:file )?upload\b|\barbitrary file upload\b|\bDLL (?:search[- ]order )?hijacking\b|\bHijack Execution Flow\b/i,
  ],
  // "PHP remote file inclusion … allows remote attackers to include arbitrary files via a URL" (CVE-2006-2152, the h57
  // blind set): PHP runs the file it includes from the attacker's URL. (A remote file inclusion of no language named,
  // Dompdf's fonts or a TV's video URL, stays with its vector.)
  ['code_execution', /(?<!\(')\bPHP remote file inclusion\b(?!'\))/i],
  [
    'denial_of_service',
    /\b(?:infinite|endless) loop\b|\bresource exhaustion\b|\buncontrolled resource consumption\b|\bnull[- ]pointer[- ]dereference\b|\bmemory leak(?:age)?\b|\breachable assertion\b|\bNullPointerException\b|\bnull[- ](?:ptr[- ])?deref\w*|\bnullptr (?:deref\w*|dereference|access)\b|\bNULL pointer (?:access|use|crash|issue|bug)\b|\b(?:use|access\w*|dereferenc\w*) (?:of )?(?:a |an |the )?(?:\w+ )?NULL pointers?\b|\bdivide[- ]by[- ]zero\b|\bdivision by zero\b|\bdivide error\b|\b(?:memory|refcount|reference(?: count)?|resource|socket|skb|page|object|DMA mappings?|fd|file descriptor|kobject|device node|node|clock|irq|mem|buffer|handle)s? leaks?\b|\bmemleak\b|\bleak(?:s|ed|ing)? (?:of )?(?:memory|refcounts?|references?|resources)\b|\b(?:un)?reachable (?:BUG|assert\w*)\b|\b(?:check|checks|checking) (?:\w+ ){0,2}(?:for )?(?:non-)?NULL\b|\bnon-NULL\b|\b(?:is|be|are|returns?|pass(?:es)?|becomes?) (?:a )?(?:null|NULL)\b|\bnull (?:check|checks|pointer)\b|\b(?:potential|possible|endless|dead) loop\b|\b(?:fix|fixes|fixed|avoid|avoids|prevent|prevents|plug|plugs)\w* (?:a |an |the |possible |potential )?(?:[\w/-]+ ){0,4}?leaks?\b|\b(?:system|kernel|rendering|UI|screen|device|machine)(?:-wide)? (?:\w+ )?freezes?\b|\bcircular locking dependency\b|\binconsistent lock state\b|\b(?:possible|potential) (?:circular |recursive )?(?:locking|deadlock)\b|\bscheduling while atomic\b|\bsleeping function called from invalid context\b|\b(?:RCU|CPU|task) stalls?\b|\bself-detected stall\b|\bk?memleak\b|\bunreferenced object\b|\bfreez(?:e|es|ing) (?:the )?(?:system|kernel|device|machine)\b/i,
  ],
  ['request_forgery', /\bserver[- ]side request forgery\b/i],
  ['spoofing', /\bopen redirect\b|\bclickjacking\b|\bURL redirect(?:ion)?\b|\bexternal redirection\b/i],
  ['information_disclosure', /\binsecure (?:file |default )?permissions\b|\bincorrect permission assignment\b/i],
  ['data_tampering', /\binsecure (?:file |default )?permissions\b|\bincorrect permission assignment\b/i],
];

/**
 * Memory-safety classes: what they give depends on the bug (a crash, or code running), so the
 * CVSS impact metrics speak for them. Where the record has no vector either (the Linux kernel's
 * CNA records: "fix use-after-free in …"), corrupted or overread memory at least can bring the
 * program (or the kernel) down, and the record names nothing beyond: a crash and an unnamed rest,
 * never code execution.
 */
const MEMORY_SAFETY =
  /\buse[- ]after[- ]free\b|\bUAF\b|\bout[- ]of[- ]bounds\b|\bOOB\b|\b(?:heap|stack|global|buffer|slab|integer)[- ](?:based )?(?:buffer )?(?:overflow|overrun|underflow|over-?read)s?\b|\bbuffer (?:overflow|overrun|over-?read|underflow)s?\b|\bdouble[- ]free\b|\bmemory corruption\b|\binvalid (?:memory|pointer) (?:access|read|write|free)(?:es|s)?\b|\bwrite access violation\b|\bwild pointer\b|\bslab-(?:out-of-bounds|use-after-free)\b|\bshift-out-of-bounds\b|\barray[- ]index[- ]out[- ]of[- ]bounds\b|\bindex out of (?:bounds|range)\b|\btype confusion\b|\brefcount(?:ing)? underflow\b|\bOVERRUN\b|\barray index (?:check|validation|out)\b|\bKASAN\b|\bcorrupt(?:s|ed|ion of)? (?:\w+ ){0,2}(?:memory|nodes?|the reader|data structures?|pointers?|lists?)\b|\b(?:read|write|reads|writes|access(?:es)?) (?:past|beyond) (?:the )?(?:end|bounds?|"?commit"?)\b|\b(?:can|could|may|might|will) (?:\w+ )?overflow\b|\boverflow assignment\b|\bunderflow\b|\bout[- ]of[- ]range\b|\bout[- ]of[- ]bound\b|\brun(?:s|ning)? off the end\b|\b(?:invalid|ERR_PTR|wild|dangling|stale|bad) pointer de-?referenc\w*|\bERR_PTR dereference\b|\bcorrupts (?:the )?\w+|\bcorruption of (?:the )?\w+|\b(?:possible|potential) (?:integer |buffer )?overflows?\b|\bpossible to overflow\b|\b(?:fix|fixes|avoid|avoids|prevent|prevents)\w* (?:an? |the )?(?:[\w/-]+ ){0,3}?overflows?\b|\b(?:already|being) freed\b|\bafter (?:it |they )?(?:is |was |were |has been |have been )?(?:being )?freed\b|\bdouble (?:memory )?(?:deallocation|free|put|release)\b|\buse[- ]after[- ](?:put|release|unmap)\b|\buninit(?:iali[sz]ed|ali[sz]ed)?[- ](?:value|memory|variable|data|pointer|field|struct\w*)\b|\bKMSAN\b|\b(?:data|memory|stack|heap|list|page|stream|filesystem|file system) corruption\b/i;

export function memorySafetyImpacts(description: string): Impact[] {
  return MEMORY_SAFETY.test(statedProse(description)) ? ['denial_of_service', 'unspecified'] : [];
}

/**
 * Adobe's "have an out of bound read vulnerability. Successful exploitation could lead to memory leak" (CVE-2019-8000,
 * the fifteenth reading): memory read out past the buffer, Adobe's word for a disclosure, not memory never freed.
 */
const READ_LEAK =
  /\b(?:out[- ]of[- ]bounds?|OOB|buffer over-?)[- ]?read\b[^]{0,120}?\b(?:lead|leads|leading|result|results|resulting|cause|causes|causing)\s+(?:to\s+|in\s+)?(?:an?\s+)?(?:(?:kernel|heap|process)\s+)?memory leak(?:s|age)?\b/i;

export function namedWeaknessImpacts(description: string): Impact[] {
  const stated = statedProse(description);
  if (READ_LEAK.test(stated)) return ['information_disclosure'];
  return orderImpacts(NAMED_WEAKNESS.filter(([, pattern]) => pattern.test(stated)).map(([impact]) => impact));
}

/**
 * Gains stated without the usual verbs: a check the attacker gets past ("pass the CAPTCHA test",
 * "the check passed for any two strings of the same length", "access to areas of the server file
 * system not exported under the share definition", code run "outside sandbox"); acting as someone
 * else ("use another Consumer's credentials"); code run "in the context of root"; a planted
 * library that the program loads ("this malicious DLL will be loaded"), or files put there and run; a thread that never ends.
 */
const OTHER_WORDINGS: readonly Phrase[] = [
  // The passive "an arbitrary code may be executed on the developer's build environment" (CVE-2024-40897), "arbitrary
  // commands can be executed": a sample of the records whose gains came from the CVSS vector found them unread.
  [
    'code_execution',
    // Not the script of a stored XSS ("JavaScript Code is stored … This means, arbitrary code can be executed", CVE-2021-27910).
    /(?<!\b(?:JavaScript|script|XSS|cross[- ]site)\b[^]{0,300})(?:\b(?:an? )?(?:arbitrary|malicious|attacker[- ](?:controlled|supplied)|remote|unauthori[sz]ed) (?:code|(?:OS |system |shell )?commands) (?:may|can|could|might|will|would) (?:then )?(?:be|get) (?:executed|run)\b|\barbitrary (?:code|(?:OS |system |shell )?commands) (?:is|are|was|were|gets?) (?:executed|run)\b)/i,
  ],
  // The h49 blind set's unread gains: Linksys' "makes it easier for attackers to crack the keys" (CVE-2002-0426) and
  // MiraMail's "stores … POP usernames and passwords in plaintext in a .ini file" (CVE-2002-0110) disclose secrets;
  // FTGate's "lock the mailboxes of other users" (CVE-2002-2082) keeps them out.
  [
    'information_disclosure',
    /\bcrack(?:ing)? (?:the |those |user )?(?:hashed )?(?:keys?|passwords?|hashes|credentials)\b|\bstores? (?:[\w-]+ ){0,8}?(?:passwords?|credentials) (?:[\w-]+ ){0,3}?in (?:plain ?text|clear ?text|cleartext)\b/i,
  ],
  [
    'denial_of_service',
    // SonicOS's "leave the firewall in an unstable state" (CVE-2019-7474, the twentieth reading).
    /\b(?:leave|leaves|leaving|put|puts|putting) (?:the |an? )?(?:[\w-]+ ){0,2}?(?:firewall|device|system|server|appliance|router|switch|service|application|controller) in an unstable state\b|\block(?:s|ing)? (?:the )?(?:\w+ )?(?:mailboxes|accounts|files) of other users\b|\block(?:s|ing)? out (?:legitimate |valid |other |all )users\b/i,
  ],
  // wolfSSL's "leads to ECDSA key disclosure" (CVE-2024-5288); xFlow's "determine the installation path" (CVE-2006-1851).
  [
    'information_disclosure',
    /\b(?:private |secret |signing |ECDSA |RSA |DSA |encryption |session |API )?keys? disclosure\b|\b(?:determine|discover|learn|obtain|reveal) the (?:full |absolute |physical |local )?(?:installation|install|web ?root|physical|absolute|full) path\b/i,
  ],
  // "execute arbitrary code or conduct external XML entity (XXE) attacks" (CVE-2015-0254, the h45 blind set): an XXE
  // attack reads what the parser can reach, as the weakness's own name says where nothing else is stated.
  ['information_disclosure', /\b(?:conduct|perform|launch|carry out) (?:an? )?(?:external XML entity|XML external entit(?:y|ies)|XXE)\b/i],
  [
    'security_bypass',
    // WordPress shortcodes run the site's own plugin features, not code of the attacker's: what the site allows to
    // its editors, done by anyone ("unauthenticated attackers to execute arbitrary shortcodes").
    /\b(?:execute|run) arbitrary shortcodes?\b|\barbitrary shortcode execution\b|\bpass(?:es|ed|ing)? (?:the |a |any )?(?:CAPTCHA|authentication|verification|security|signature|integrity|login) (?:tests?|checks?|challenges?)\b|\b(?:check|comparison|verification|validation|test)s? (?:always )?(?:pass(?:es|ed)?|succeed(?:s|ed)?) for (?:any|all|every|arbitrary)\b|\baccess to (?:[\w-]+ ){0,6}?(?:not exported|outside (?:of )?(?:the |its )?(?:share|exported|intended|allowed|permitted))\b|\boutside (?:of )?(?:the |its |a )?sandbox\b/i,
  ],
  // Qualcomm's "integer underflow … may lead to arbitrary writing of secure memory" (CVE-2015-9198, the twentieth reading:
  // its gains had come from the CVSS vector, "see information" first): memory the attacker writes is changed.
  [
    'data_tampering',
    /\b(?:lead|leads|leading|result|results|resulting)\s+(?:to|in)\s+(?:an?\s+)?arbitrary (?:kernel )?memory (?:writes?|writing|overwrites?)\b|\barbitrary (?:writes?|writing) (?:of|to) (?:secure |kernel |physical |TZ kernel )?memory\b/i,
  ],
  // OpenFGA's "not validating the authorization header, resulting in disclosure of objects in the store" (CVE-2022-39340,
  // the h52 blind set): whatever is disclosed, the consequence is disclosure.
  [
    'information_disclosure',
    /\b(?:result(?:s|ed|ing)? in|lead(?:s|ing)? to|led to|caus(?:es|ed|ing)) (?:the |an? )?(?:unauthori[sz]ed |potential |possible )?disclosure of\b/i,
  ],
  // HackerOne's prototype pollution: "modify the prototype of 'Object' via __proto__, causing the addition or
  // modification of an existing property that will exist on all objects" (merge-deep, CVE-2018-3722, the nineteenth
  // reading: the gains had come from the CVSS vector): every object's properties are changed.
  ['data_tampering', /\b(?:modify|modifying|pollute|polluting) the prototype of\b|\binject(?:ing)? properties (?:into|on) Object\.prototype\b/i],
  // saned's "allows remote attackers to use that call even if they are restricted in saned.conf" (CVE-2003-0773, the
  // h51 blind set): what a restriction forbids is done anyway.
  [
    'security_bypass',
    /\beven (?:if|though|when) (?:they are|it is|he is|she is|the (?:user|client|host|attacker) is|access is|they have been) (?:restricted|not (?:allowed|permitted|authori[sz]ed)|denied|forbidden|blocked)\b/i,
  ],
  // Mozilla's "the misleading hover text could trick users into downloading content from untrusted sources".
  [
    'spoofing',
    /\buse (?:another|other|a different|any other|arbitrary) (?:[\w-]+(?:'s|’s|s')? ){0,2}?(?:credentials|identit(?:y|ies)|accounts?|sessions?)\b|\bmisleading\b[^.;]{0,60}?\btrick\w* (?:the |a )?(?:users?|victims?)\b/i,
  ],
  // Jenkins' "allowing any user with Overall/Read permission to get a list of valid credentials IDs": what is listed is disclosed.
  [
    'information_disclosure',
    /\b(?:get|gets|getting|obtain|obtaining|retrieve|retrieving|view|viewing|see|enumerate|read) (?:a |the )?(?:full |complete )?list(?:ing)? of\b/i,
  ],
  // GitLab's "The runtime profiling data of a specific service was accessible to unauthenticated users".
  [
    'information_disclosure',
    /\b(?:data|information|details|files?|contents?|logs?|records|documents|metrics)\b[^.;]{0,40}?\b(?:was|were|is|are|became|becomes|be) (?:publicly )?(?:accessible|readable|visible|available) (?:to|by) (?:any |all |other )?(?:unauthenticated|unauthori[sz]ed|anonymous|unprivileged|low-privileged|other|arbitrary) (?:users|visitors|attackers|parties|callers|clients)\b/i,
  ],
  // Dell's "execution of arbitrary code in the SYSTEM security context".
  [
    'privilege_escalation',
    /\bin the context of (?:the )?(?:root|SYSTEM|LocalSystem|an? administrator)(?: user| account)?\b|\bin the (?:root|SYSTEM|LocalSystem|kernel) (?:security )?context\b/i,
  ],
  // ASPCMS's "ordinary users … can be registered with the super administrators GroupID", "register a new user with
  // admin privileges": an account the attacker makes or holds gets the administrators' rights.
  [
    'privilege_escalation',
    /\b(?:register(?:ed|ing)?|sign(?:ed|ing)? up|creat(?:e|ed|ing)) (?:[\w-]+ ){0,4}?(?:with|as|into) (?:the |an? )?(?:super ?)?admin(?:istrator)?s?(?:'s?)? (?:GroupID|group|role|account|privileges|rights)\b/i,
  ],
  // ircu's "gain control of a channel": the operator's rights over it.
  ['privilege_escalation', /\bgain (?:\w+ )?control (?:of|over) (?:a|an|the|any) (?:\w+ )?(?:channels?|chat ?rooms?|rooms?|conferences?)\b/i],
  // OpenLDAP's "delete non-mandatory attributes that would otherwise be protected by ACLs": the access control is overcome.
  // ColdFusion's "create an object despite the specified configuration", Cisco's "connections despite an access control
  // list": what the configuration forbids is done anyway.
  [
    'security_bypass',
    /\b(?:would|should) otherwise be (?:protected|restricted|blocked|denied|prevented) by\b|\bdespite (?:the |an? )?(?:specified |intended |configured |export )?(?:configuration|polic(?:y|ies)|restrictions|access control lists?)\b/i,
  ],
  // "can lead to a problem where the ksmbd thread does not terminate": it hangs.
  [
    'denial_of_service',
    /\b(?:thread|kthread|process|task|daemon|worker)s? (?:does|do|did|will|would|could|can|may|might) not (?:terminate|exit|stop)\b(?!\s+(?:the|a|an|its|their|any|all|other|existing|active)\b)/i,
  ],
  // IBM's "inject commands that would be executed with unnecessary higher privileges": injected commands that run.
  [
    'code_execution',
    /\binject(?:s|ed|ing)? (?:arbitrary |malicious )?(?:OS |shell |system )?commands? (?:that|which) (?:would|will|could|can|may|might|are|is|get) (?:be )?(?:executed|run)\b/i,
  ],
  // A shell the attacker gets runs their commands: "create a reverse shell", "obtain a root shell on the device".
  ['code_execution', /\b(?:create|open|spawn|obtain|get|gain|establish)s?\s+(?:a\s+|an\s+)?(?:reverse|remote|interactive|root|command)\s+shell\b/i],
  // Files the attacker puts there and then runs: "upload arbitrary code and execute it", "plant custom binaries and execute them".
  [
    'code_execution',
    /\b(?:download|upload|create|drop|place|install|plant|copy|put)(?:s|ed|ing)?\b[^.;]{0,100}?,?\s+(?:and|then|and then)\s+(?:\w+\s+)?(?:execute|run|launch)\s+(?:these|those|them|it|the (?:files?|binar(?:y|ies)|executables?|programs?|code))\b/i,
  ],
  // Admin Columns' CSV injection "allows malicious users to gain remote control of other computers" (CVE-2019-17661, h50).
  [
    'code_execution',
    /\bgain(?:s|ed|ing)? (?:full )?remote (?:control|access) (?:of|to|over) (?:other |the (?:user|victim)(?:'s|s')? |a (?:user|victim)(?:'s|s')? |their )?(?:computers?|PCs?|machines?|workstations?)\b/i,
  ],
  // "execute privileged commands" (a privilege gain, PRIVILEGED_ACTIONS) runs commands as well.
  ['code_execution', /\b(?:execute|executing|run|running)\s+(?:arbitrary\s+)?privileged\s+commands?\b/i],
  // Apple's "An app may be able to retrieve Safari bookmarks", "access user contacts": the user's own records.
  [
    'information_disclosure',
    /(?<=\b(?:to|and|or|allowed|allows?|permits?)\s+)(?:access|read|retrieve|obtain|view|see|enumerate|learn)\s+(?:to\s+)?(?:the\s+)?(?:user(?:'s|s')?\s+|a user(?:'s|’s)\s+)?(?:[\w-]+\s+){0,2}?(?:bookmarks|browsing history|contacts|photos|calendars?|location (?:data|history)|call (?:logs|history)|SMS messages|text messages|keychain items|clipboard(?: contents)?|screen contents)\b/i,
  ],
  // ProNews' "allows remote attackers to add or delete information within an item": the site's content changed.
  [
    'data_tampering',
    /(?<!\b(?:not|never) (?:possible|able) to\s+)(?<=\bto\s+)(?:add|delete|modify|alter|edit)(?:\s+(?:or|and)\s+(?:add|delete|modify|alter|edit))?\s+(?:[\w-]+\s+){0,2}?information\b/i,
  ],
  // RSA's XXE "resulting in attacker-controlled files being stored on the product's server" (CVE-2024-25066): files written.
  ['data_tampering', /\b(?:attacker-controlled|arbitrary|malicious)\s+files?\s+(?:being|to be)\s+(?:stored|written|created|placed|saved)\s+(?:on|to|in)\b/i],
  // Jenkins' "… to copy an agent, gaining access to encrypted secrets in its configuration" (CVE-2025-31721, h47): what the
  // act gains, after its comma; not "Gaining access to that database should be difficult", a step it needs.
  [
    'information_disclosure',
    /,\s*gaining (?:unauthori[sz]ed |full |complete |read )?access to (?:[\w’'-]+ ){0,3}?(?:secrets|credentials|passwords|data|information|files|keys|tokens|messages|e-?mails|database)\b/i,
  ],
  // VeryFitPro's "This allows information theft and account takeover via network sniffing" (CVE-2021-32612, h47).
  ['information_disclosure', /\b(?:information|data|credential) theft\b/i],
  // Geutebruck's CSRF "may allow an unauthorized user to be added to the system" (CVE-2018-7524): an account the attacker
  // did not have, or an administrator's.
  [
    'security_bypass',
    /\b(?:an?|new|rogue|unauthori[sz]ed|arbitrary)\s+(?:(?:new|rogue|unauthori[sz]ed|arbitrary)\s+)?(?:users?|accounts?|user accounts?)\s+to be\s+(?:added|created|registered)\b/i,
  ],
  [
    'privilege_escalation',
    /\b(?:an?|new|rogue|unauthori[sz]ed|arbitrary)\s+(?:(?:new|rogue|unauthori[sz]ed|arbitrary)\s+)?(?:administrators?|admins?|administrator accounts?|admin accounts?)\s+to be\s+(?:added|created|registered)\b/i,
  ],
  // DCForum's "request a new password on behalf of another user and use the sessionID to calculate the new password":
  // another user's password reset and learnt, their account taken.
  [
    'security_bypass',
    /\b(?:request|reset|change|set)\s+(?:a\s+|the\s+)?(?:new\s+)?password\s+(?:on behalf of|for)\s+(?:another|other|any|arbitrary)\s+users?\b/i,
  ],
  // FlashFXP's "decrypt the passwords and gain access": access, with nothing after it, is getting in.
  ['security_bypass', /\bgain (?:unauthori[sz]ed )?access\s*(?:[.;]|$)/i],
  // Thunderbird's "emails to be shown … as having a valid digital signature", "reuse a valid S/MIME signature to craft an
  // email message with arbitrary content": a message passed off as signed by someone else.
  [
    'spoofing',
    /\b(?:shown|displayed|presented|appear|appears|treated)\s+(?:[\w-]+\s+){0,3}?as (?:having )?(?:a )?valid(?:ly)? (?:digital(?:ly)? )?sign(?:ature|ed)\b|\b(?:reuse|replay)\s+(?:a\s+|the\s+)?(?:valid\s+)?(?:S\/MIME\s+|PGP\s+|OpenPGP\s+|digital\s+)?signatures?\b/i,
  ],
  // curl's "Heap-based Buffer Overflow vulnerability in denial of service and more": more than the one named.
  ['unspecified', /\b(?:denial of service|DoS|crash(?:es)?|code execution|information disclosure)\s+and more\b/i],
  // GitLab's "allows an unauthorized user to access pipeline analytics even when public pipelines are disabled": the
  // figures a project keeps are read. Only as what the attacker does ("to access"), not "when administrators view" nor
  // what they must be "permitted to view".
  [
    'information_disclosure',
    /(?<!\b(?:permitted|allowed|able|authori[sz]ed|privileges?|permissions?|rights?|access)\s+)\bto (?:access|view|see|read|obtain)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:analytics|statistics|metrics|insights|reports?)\b/i,
  ],
  // Kiosk mode and a browser's iframe sandbox are restrictions: "break out of kiosk mode", Apple's "may violate iframe
  // sandboxing policy", "escape iframe sandbox".
  [
    'security_bypass',
    /\b(?:escape|escaping|break(?:ing)? out of|exit|exiting|leave|leaving|bypass(?:ing)?)\s+(?:from\s+)?(?:the\s+)?(?:[\w-]+\s+)?kiosk(?: mode)?\b|\bviolate (?:the )?(?:[\w-]+ )?(?:sandbox(?:ing)?|same[- ]origin|content security) polic(?:y|ies)\b|\bescape (?:the |an? )?(?:[\w-]+ )?sandbox\b/i,
  ],
  [
    'code_execution',
    /\b(?:malicious|attacker-controlled|rogue|trojan(?:ed)?)\s+(?:DLL|library|shared object|module|plugin)s?\b[^.;]{0,40}?\b(?:will|would|could|can|may|might|is|are|gets?)\s+(?:then\s+|be\s+)*(?:loaded|executed|run)\b|\b(?:malicious|attacker-controlled|rogue|foreign|planted)\s+(?:DLL|library|shared object)\s+(?:running|executing|executed|run)\s+(?:under|in|with)\s+the\s+(?:context|privileges|rights)\b/i,
  ],
];

/**
 * "obtain access to restricted resources contrary to the specified authentication configuration":
 * getting past access control, not reading something; read as a bypass and taken out before the
 * disclosure phrases ("obtain … restricted") see it.
 */
const RESTRICTED_ACCESS =
  /\b(?:obtain|gain|get|have)\s+(?:unauthori[sz]ed\s+)?access\s+to\s+(?:\w+\s+){0,2}?(?:restricted|protected)\s+(?:resources|areas|pages|directories|functions|functionality|content|locations|URLs)\b(?:\s+contrary to (?:the )?(?:\w+ ){0,3}(?:configuration|policy|settings|rules))?/i;

/**
 * "cause a denial of service (out-of-bounds read and memory corruption)": a parenthesis after a
 * denial of service names the bug behind it, not a second gain; one that states a further gain
 * ("(crash) or possibly execute", "(and possibly obtain sensitive information)") is kept.
 */
const DENIAL_DETAIL = /\b(denial[- ]of[- ]service|DoS|crash(?:es)?)\s*\(([^)]*)\)/gi;
const FURTHER_GAIN =
  /\b(?:possibly|might|may|could|or|and)\s+(?:to\s+)?(?:obtain|execute|run|gain|read|write|modify|disclose|leak|expose|bypass|overwrite|delete)\b/i;

/** "an out-of-bounds write while processing project files": the bug's class, not a write the attacker makes. */
const WRITE_BUG = /\b(?:out[- ]of[- ]bounds|OOB|heap[- ]based|stack[- ]based|buffer) write\b/gi;
/** Fatek's "an out-of-bounds read while processing project files" (CVE-2022-21209, the twenty-fifth reading): the bug's class, not files read. */
const READ_BUG = /\b(?:out[- ]of[- ]bounds|OOB|buffer over-?) ?read\b(?=\s+(?:while|when|during)\b)/gi;

/**
 * "insert arbitrary HTML and web script": script or markup put in a page is cross-site scripting,
 * read as such from the bug classes below, not data the attacker changes; so is a name given a script
 * (October CMS's "creating arbitrary folder name with XSS content", CVE-2018-1999008, the twenty-third reading).
 */
/**
 * A feature named in capitals is a place, not a consequence: Pagekit's "The Reset Password feature … gives a different
 * response" (CVE-2019-16669, the twenty-sixth reading) resets no one's password, Checkmk's "the Crash Report page" crashes
 * nothing; only a sentence's subject or a place ("in the …") where the text places the flaw ("… in Pagekit"), not "cause
 * the Bluetooth function to be unavailable" nor Magento's "can manipulate the Synchronization feature in …".
 * Not a form: Jenkins' "does not mask the QEngine API Key form field" names the secret exposed.
 */
export const NAMED_FEATURE =
  /(?<=^|[.!?]\s+|\b(?:in|on|of|via|through)\s+)[Tt]he (?:[A-Z][\w-]*\s){1,4}(?:feature|function|functionality|page|module|option|button|dialog|screen|wizard|tab)(?=\s+(?:in|of|on)\b)/g;

/** Siemens' "insert arbitrary code which is executed before firmware verification": code run, not data inserted. */
const INSERTED_CODE = /\binsert(?:s|ing)?\s+arbitrary\s+code\s+(?:which|that)\s+(?:is|will be|gets|can be)\s+executed\b/gi;

const INSERTED_SCRIPT =
  /\b(?:insert|inserting|inject|injecting|add|adding|append|appending|embed|embedding)\s+(?:arbitrary\s+|malicious\s+)?(?:HTML|web scripts?|scripts?|JavaScript)(?:\s+(?:and|or)\s+(?:arbitrary\s+)?(?:HTML|web scripts?|scripts?|JavaScript))?\b|\b(?:create|creating|edit|editing|set|setting|change|changing)\s+(?:an?\s+|the\s+)?(?:arbitrary\s+)?(?:[\w-]+\s+){0,2}?(?:names?|titles?|labels?)\s+(?:with|containing)\s+(?:an?\s+)?(?:XSS|script|JavaScript|HTML)\b/gi;

/**
 * "coraza will set a wrong value in REQUEST_FILENAME": the program's mistake, which the text goes
 * on to say leads to a gain ("This can lead to a rules bypass"); no value the attacker sets.
 */
const WRONG_VALUE_SET = /\b(?:set|sets|setting)\s+(?:a|an|the)\s+(?:wrong|incorrect|invalid|improper|bad|erroneous)\s+values?\b/gi;

/** "an integer overflow leading to a bound check bypass" (CVE-2022-23884): memory safety lost, no security control passed. */
const BOUNDS_CHECK_BYPASS = /\b(?:bounds?|length|size|range)[- ]check(?:s|ing)?\s+bypass(?:es|ed)?\b/gi;

/**
 * go-jose's "users of the library might mistakenly read protected header values from an attached signature that was
 * different from the one originally validated" (CVE-2016-9122): the victim's own code reads and trusts the wrong data; the
 * attacker reads nothing.
 */
const MISTAKEN_READER =
  /\b(?:users?|developers?|applications?|apps|callers?|consumers?|clients?|code)\b(?: of the (?:library|API|package|module))? (?:might|may|could|can|would|will) (?:mistakenly|wrongly|erroneously|incorrectly|inadvertently|accidentally) (?:read|use|trust|accept|rely on|process)\b[^.;]*/gi;

/**
 * "download arbitrary files to the client system", "force the download of arbitrary files onto a
 * client system": files put on the victim's machine, data tampering (the ActiveX records of
 * 2007–2008); not files the attacker reads, which "download arbitrary files" alone says.
 */
const DOWNLOADED_ONTO_CLIENT =
  /\bdownload(?:s|ing)?\s+(?:of\s+)?(?:(?:arbitrary|malicious|attacker-(?:controlled|chosen|specified)|any)\s+)?(?:\w+\s+)?files?\s+(?:on)?to\s+(?:the\s+|a\s+|an\s+|their\s+)?(?:client|victim|user|target)(?:'s|’s|s')?(?:\s+(?:system|machine|computer|host|disk|device|workstation))?s?\b/gi;

/**
 * Opera's "allows a remote web site to upload arbitrary files from the client system" (CVE-2002-0898, h53): the
 * victim's files sent to the site, a disclosure; not a file the attacker uploads to a server.
 */
const UPLOADED_FROM_CLIENT =
  /\bupload(?:s|ing)?\s+(?:(?:arbitrary|any)\s+)?(?:\w+\s+)?files?\s+from\s+(?:the\s+|a\s+|their\s+)?(?:client|victim|user|target|visitor)(?:'s|’s|s')?(?:\s+(?:system|machine|computer|host|disk|device|workstation))?s?\b/gi;

/**
 * "extract files into arbitrary directories via a crafted ZIP archive" (MailHunter's Zip Slip, CVE-2023-34208): an
 * archive's files written where the attacker chooses, data tampering; not files read out of something, which
 * "extract files" alone would say.
 */
const EXTRACTED_ANYWHERE =
  /\b(?:extract(?:s|ed|ing)?|extraction\s+of)\s+((?:an?\s+)?(?:arbitrary\s+)?(?:[\w.-]+\s+)?files?\s+(?:in)?to\s+)(?=(?:an?\s+|the\s+)?(?:arbitrary|any|external|attacker-(?:controlled|chosen|specified))\b)/gi;

/** SQL "commands" are not code execution: "execute arbitrary SQL commands". */
const SQL_COMMANDS = /\bexecute arbitrary (?:SQL|database|SOQL|HQL|LDAP|XPath) (?:commands|queries|statements)\b/gi;

/**
 * Oracle's "affect confidentiality, integrity, and availability" (and "affect integrity", YesWiki's "impacting the
 * integrity, availability and confidentiality"): each property named is an impact (README of shared/gold).
 */
const CIA_LIST =
  /(?<!\bnot\s+)\b(?:affect|impact)(?:s|ing)?\s+(?:the\s+)?(?:service\s+|system\s+|data\s+)?((?:confidentiality|integrity|availability)(?:,?\s*(?:and\s+|or\s+)?(?:confidentiality|integrity|availability))*)/gi;
const CIA: Readonly<Record<string, Impact>> = { confidentiality: 'information_disclosure', integrity: 'data_tampering', availability: 'denial_of_service' };
/**
 * Red Hat's "The highest threat from this vulnerability is to data confidentiality and integrity as well as system
 * availability" (110 records): the properties it names are what the attacker gains (mbsync's CVE-2021-20247, the h51
 * blind set, had lost its integrity).
 */
const HIGHEST_THREAT = /\bhighest threat (?:from|of|posed by) this (?:vulnerability|flaw|issue) is (?:to|against) ([^.;]+)/gi;

/** Oracle's "can result in takeover of X": confidentiality, integrity and availability all lost. */
const TAKEOVER = /\bresult in (?:a )?(?:complete )?takeover of\b/i;

/**
 * "execute commands into the web administration tool that would cause the tool to crash": the
 * commands' stated result is a crash, so they are input that brings the program down, not code
 * the attacker runs. The crash is kept and read as a denial of service.
 */
const COMMANDS_THAT_CRASH =
  /\b(?:execute|run|send|issue)\s+(?:\w+\s+){0,2}?commands?\b([^.;]{0,80}?\b(?:that|which)\s+(?:would|could|can|may|might|will)?\s*(?:cause|result in|lead to|trigger)\s+(?:\w+\s+){0,4}?(?:crash|crashes|denial[- ]of[- ]service|hang|hangs|restart|reboot)\b)/gi;

/**
 * "allows remote attackers to upload arbitrary files": a file put on the server is data
 * tampering, the consequence stated, so the CWE's "unrestricted upload" gloss (code execution) is
 * not reached. Where the text says the upload runs code ("upload arbitrary files, resulting in
 * remote code execution"), the upload is the means and code execution the gain.
 */
const UPLOADED_FILES = /\bupload (?:an? )?(?:\w+ )?(?:arbitrary|malicious|dangerous) (?:\w+ )?files?\b|\bupload files to (?:a|an|the|any|other)\b/i;
/** "upload malicious files that would be automatically executed by the server": the upload runs as code. */
const UPLOAD_RUNS = /\bupload\b[^.;]{0,120}?\b(?:be |is |are |gets? )?(?:automatically |then |later )?(?:executed|excuted|run) (?:by|on|as|with|in)\b/i;

/**
 * "hijack the authentication of administrators for requests that change the administrator
 * password": a change the forged request makes is the request forgery itself (the gold's CSRF
 * records that delete or change settings are request_forgery alone). Every other gain it names
 * ("for requests that execute arbitrary commands", "… obtain sensitive information", "… cause a
 * denial of service") is still said.
 */
const FORGED_REQUESTS =
  /(\bhijack the authentication of\b[^.;]*?)\s+for (?:requests|actions) (?:that|which)\b[^.;]*?(?=\s+via\b|,?\s+(?:and|or) (?:to|cause|execute|obtain)\b|[.;]|$)/gi;

/**
 * Apache Sling's "exploitable by an attacker that is able to include a resource … (i.e. writing content)": what the
 * attacker must already be able to do, not what they gain, to the sentence's end ("i.e." does not end it: case-sensitive).
 */
const ATTACKER_ALREADY_ABLE =
  /\b[Ee]xploitable (?:only )?by an? (?:[\w-]+ )?(?:attackers?|users?|actors?) (?:that|who) (?:is|are) (?:already )?able to\b(?:[^.;]|\.(?!\s+[A-Z]|\s*$))*/g;

/**
 * "any pre-installed app … which can obtain signatureOrSystem permissions that are required by
 * other apps": permissions the attacker must already hold are a requirement, not a gain. So is
 * Mattermost's "a guest user with read access to upload files" (CVE-2024-43780: the gain is the upload); "with read
 * access to the local filesystem" still says what is read.
 */
const REQUIRED_PERMISSIONS =
  /\b(?:obtain|gain|acquire|hold|have)\s+(?:[\w-]+\s+){0,2}(?:permissions?|privileges?)\s+(?:that|which)\s+(?:are|is)\s+required\b|\bwith read(?:-only)? (?:access|permissions?|rights|privileges)(?= to (?:upload|create|modify|delete|write|change|add|edit|send|post|execute|run|invoke|perform|make)\b)/gi;

/**
 * "an authenticated user with authority to create a cluster object to cause a denial of service": what the attacker
 * may already do is a requirement, not a gain. Only a clause followed by a gain's own "to" and verb is one: in "with
 * administrator rights to execute arbitrary OS commands" the first "to" says the gain, and in "with shell privilege to
 * escalate their privileges to root" the second "to" is no verb's. The clause ends where the sentence goes on ("with the
 * ability to transmit crafted traffic to a controller could exploit this … or to execute") or another attacker's starts
 * ("with the view_reports permission to read reports … or (2) … with the destroy_reports permission to delete").
 */
const REQUIRED_AUTHORITY =
  /\bwith (?:the )?(?:\w+ )?(?:authority|permissions?|privileges?|rights?|capabilit(?:y|ies)|ability) to\s+(?:(?!\b(?:could|can|may|might|would|will|should|must|exploit|with)\b|\(\d)[^,;.])*?(?=\s+to\s+(?:cause|execute|run|inject|insert|obtain|gain|read|view|access|modify|delete|escalate|elevate|bypass|conduct|perform|trigger|leak|steal|upload|overwrite|disclose|crash|hijack|take|install|change|create|write|add)\b)/gi;

/**
 * The kernel's "The user can set any speed value. If speed is greater than UINT_MAX/8, division by zero is
 * possible.": the value the user may set is the input that triggers the bug, not data they change.
 */
const USER_SETS_ANY_VALUE =
  /\b(?:the |a )?(?:users?|userspace|user space|callers?) (?:can|may|could) (?:set|pass|supply|provide|specify|write) any (?:[\w-]+ )?values?\b/gi;

/**
 * "access arbitrary user accounts, including administrators": taking accounts over, not reading data; an
 * administrator's account among them is more than the attacker's own rights.
 */
const ACCOUNT_ACCESS = /\baccess (?:arbitrary|any|other|another) (?:\w+ )?accounts?\b(,? including (?:the )?(?:site )?administrators?)?/gi;

/**
 * "gain access to the underlying operating system": leaving a restricted shell or kiosk for the system beneath it, a
 * bypass; where the record states the escalation it comes with (Cisco's "elevate privileges to root … because an
 * attacker could gain access to the underlying operating system"), it restates that gain and is no bypass beside it.
 */
const UNDERLYING_SYSTEM = /\bgain access to the underlying operating system\b/i;

/**
 * Apple's "allows local users to exit applications via the force-quit key combination, even when the system is running in
 * kiosk mode": what kiosk mode forbids is done; the restriction is named after the vector, so it is read in the whole text.
 */
const KIOSK_MODE_LEFT = /\b(?:exit|quit|close|leave|switch)\w*\b[^.;]{0,100}?\beven (?:when|while|if)\b[^.;]{0,40}?\bkiosk mode\b/i;

const PIN_CHANGE = /\b(?:[Rr]eset|[Cc]hange|[Mm]odify|[Ss]et|[Oo]verwrite)(?:s|ting|ing)?\s+(?:\w+\s+){0,3}PINs?\b/;

/**
 * Oracle's "unauthorized creation, deletion or modification access to critical data": write
 * access, an integrity impact; read as "… modification of critical data" so that "access to
 * critical data" (Oracle's words for reading it) is not also found there.
 */
const WRITE_ACCESS =
  /\b((?:creation|deletion|modification|update|insert|delete)(?:,?\s+(?:or\s+|and\s+)?(?:creation|deletion|modification|update|insert|delete))*)\s+access\s+to\b/gi;

/**
 * "read, change the ownership of, or have other unspecified impact on arbitrary files": a series
 * of verbs that share one object at its end. Each verb is read with the object ("read arbitrary
 * files", "change the ownership of arbitrary files"), since the phrases above read a verb beside
 * its object. Only a bare verb or one ending in a preposition waits for the shared object: "add
 * posts, and delete arbitrary files" gives "add posts" its own.
 */
const SHARED_OBJECT =
  /\b((?:(?:[a-z]+|[a-z]+(?: [a-z]+){0,4} (?:of|on|to|with|in|from)),\s+){1,4}(?:or|and)\s+[a-z]+(?: [a-z]+){0,5}?)\s+(arbitrary (?:files|directories|files or directories|data|records|accounts)|(?:the )?(?:\w+ )?(?:files|data) of (?:other|arbitrary) users)\b/gi;

function eachVerbWithItsObject(prose: string): string {
  return prose.replace(SHARED_OBJECT, (_all, series: string, object: string) =>
    series
      .split(/(,\s+(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)/)
      .map((piece, i) => (i % 2 === 0 ? `${piece.trim()} ${object}` : piece))
      .join(''),
  );
}

/**
 * IRIX's "causes snoop to process packets as the root user, with unknown implications"
 * (CVE-2003-0473, found reading twenty random records): the privileges the program holds while
 * it handles the input, not ones the attacker gains.
 */
const PROGRAM_RUNS_AS_ROOT =
  /\b(?:process(?:es)?|handles?|parses?|reads?) (?:\w+ ){0,3}?(?:packets|input|data|requests|files|messages) (?:\w+ ){0,2}?as (?:the )?(?:root|SYSTEM)(?: user)?\b/gi;

/**
 * GraphicsMagick's 'in a coders/xbm.c "Read hex image data" version==10 case' (CVE-2017-13777, the tenth reading): the
 * quoted words label a branch of the code where the bug is, not a thing the attacker does.
 */
const CODE_CASE_LABEL = /["“][^"“”]{2,60}["”](?=\s+(?:[^\s"]+\s+)?cases?\b)/g;

/**
 * NVD's closing "NOTE: this can be leveraged for code execution by creating a .php file" (net2ftp, CVE-2008-5275, h53):
 * the one note that states what the flaw itself yields. Notes are otherwise left out (`withoutNotes`); one that leans on
 * other flaws ("leveraged with other … vulnerabilities", "using CSRF") is not read.
 */
const LEVERAGED_NOTE = /\bNOTE: this (?:issue |vulnerability )?(?:can|could) (?:also )?be leveraged (?:for|to) ([^.]*)/i;

const SHELL_METACHARACTERS = /\bshell metacharacters\b/i;

export function describedImpacts(written: string): Impact[] {
  const description = withoutWorkaroundExamples(written);
  const leveraged = LEVERAGED_NOTE.exec(description)?.[1];
  const prose = consequenceProse(description) + (leveraged === undefined ? '' : ` ${consequenceProse(leveraged)}`);
  const read = eachVerbWithItsObject(prose)
    .replace(new RegExp(RESTRICTED_ACCESS.source, 'gi'), ' ')
    .replace(CODE_CASE_LABEL, ' ')
    .replace(REQUIRED_AUTHORITY, ' ')
    .replace(PROGRAM_RUNS_AS_ROOT, ' ')
    .replace(DENIAL_DETAIL, (all: string, denial: string, detail: string) => (FURTHER_GAIN.test(detail) ? all : denial))
    .replace(WRITE_BUG, ' ')
    .replace(READ_BUG, ' ')
    .replace(WRITE_ACCESS, '$1 of')
    .replace(SQL_COMMANDS, ' ')
    .replace(DOWNLOADED_ONTO_CLIENT, 'create arbitrary files on the client system')
    .replace(UPLOADED_FROM_CLIENT, 'read arbitrary files on the client system')
    .replace(EXTRACTED_ANYWHERE, 'write $1')
    .replace(NAMED_FEATURE, ' ')
    .replace(INSERTED_CODE, 'execute arbitrary code')
    .replace(INSERTED_SCRIPT, ' ')
    .replace(WRONG_VALUE_SET, ' ')
    .replace(MISTAKEN_READER, ' ')
    .replace(BOUNDS_CHECK_BYPASS, ' ')
    .replace(REQUIRED_PERMISSIONS, ' ')
    .replace(ATTACKER_ALREADY_ABLE, ' ')
    .replace(USER_SETS_ANY_VALUE, ' ')
    .replace(COMMANDS_THAT_CRASH, 'send input$1');
  const accounts = [...read.matchAll(ACCOUNT_ACCESS)];
  const forged = [...read.matchAll(FORGED_REQUESTS)].map((m) => m[0].slice(m[1]!.length));
  const consequences = read.replace(FORGED_REQUESTS, '$1').replace(ACCOUNT_ACCESS, ' ');
  const stated = statedProse(description);
  const found = new Set<Impact>();
  for (const account of accounts) found.add(account[1] ? 'privilege_escalation' : 'security_bypass');
  for (const clause of forged) {
    for (const [impact, pattern] of [...CONSEQUENCES, ...CNA_CONSEQUENCES]) if (impact !== 'data_tampering' && pattern.test(clause)) found.add(impact);
  }
  // "reset user PINs": upper case, as "IO pins" of a chip are no secret.
  if (PIN_CHANGE.test(consequences)) found.add('data_tampering');
  if (TAKEOVER.test(consequences)) for (const impact of Object.values(CIA)) found.add(impact);
  for (const match of [...consequences.matchAll(CIA_LIST), ...consequences.matchAll(HIGHEST_THREAT)]) {
    for (const word of match[1]!.toLowerCase().match(/confidentiality|integrity|availability/g) ?? []) found.add(CIA[word]!);
  }
  for (const [impact, pattern] of [...CONSEQUENCES, ...CNA_CONSEQUENCES, ...OTHER_WORDINGS]) if (pattern.test(consequences)) found.add(impact);
  if (RESTRICTED_ACCESS.test(prose) || KIOSK_MODE_LEFT.test(stated)) found.add('security_bypass');
  if (UNDERLYING_SYSTEM.test(consequences) && !found.has('privilege_escalation')) found.add('security_bypass');
  // Shell metacharacters are commands the shell runs: Cisco DPC3939's "NP Linux users to obtain root access … via shell
  // metacharacters in commands" (CVE-2017-9483, h56), nlog's "execute certain commands" (CVE-1999-1278).
  if (SHELL_METACHARACTERS.test(stated) && (found.has('privilege_escalation') || /\bexecute (?:certain |arbitrary )?commands\b/i.test(stated)))
    found.add('code_execution');
  const databaseOnly = DATABASE_OPERATIONS.test(consequences) && !CODE.test(consequences);
  for (const [impact, pattern] of CLASSES) if (pattern.test(stated)) found.add(databaseOnly && impact === 'code_execution' ? 'data_tampering' : impact);
  // A forged request's "perform privileged actions as administrators" is the request forgery itself (FORGED_REQUESTS).
  if (PRIVILEGED_ACTIONS.test(consequences) && !found.has('request_forgery')) found.add('privilege_escalation');
  if (UPLOADED_FILES.test(consequences)) {
    if (UPLOAD_RUNS.test(stated)) found.add('code_execution');
    else if (!found.has('code_execution')) found.add('data_tampering');
  }
  // "a denial of service (application crash) …, which leads to an invalid memory access": the crash's cause, not another gain.
  if (found.has('unspecified') && found.has('denial_of_service') && !OTHER_HARM_NAMED.test(consequences)) found.delete('unspecified');
  if (found.size === 0 && ON_PATH_ATTACKS.test(consequences)) for (const impact of ON_PATH_GAINS) found.add(impact);
  return IMPACT_ORDER.filter((i) => found.has(i));
}

/** An unnamed harm the text names beside a crash ("unspecified other impact", "possibly other impacts"), not a memory access. */
const OTHER_HARM_NAMED = new RegExp(String.raw`${OTHER_HARM}|\band more\b|\bother (?:context-dependent |unspecified |unknown )?impacts?\b`, 'i');

/** §9's order, the gravest first, so texts list what matters most first. */
const IMPACT_ORDER: readonly Impact[] = [
  'code_execution',
  'privilege_escalation',
  'sql_injection',
  'security_bypass',
  'information_disclosure',
  'data_tampering',
  'cross_site_scripting',
  'request_forgery',
  'spoofing',
  'denial_of_service',
  'unspecified',
];

export function orderImpacts(impacts: Iterable<Impact>): Impact[] {
  const set = new Set(impacts);
  return IMPACT_ORDER.filter((i) => set.has(i));
}
