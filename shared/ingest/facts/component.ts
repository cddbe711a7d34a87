/**
 * The named part where the bug is (§9 `component`): a file ("bannerclick.php"), a function or
 * method ("the importTextData method"), a module or component ("the Calendar component"), with
 * the parameter when the description names one ("search.php (q parameter)"). Null when the
 * description names no part: the product alone is not a component.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';
import {
  akaTitlePart,
  ciscoPart,
  leadingCode,
  oracleVectorPart,
  partBeforeProduct,
  invokedWith,
  portPart,
  quotedParameterPlace,
  quotedProgram,
  samsungPart,
  possessiveFile,
  spoofedBar,
  xenTitlePart,
} from './component-templates.js';
import { listedFiles, listedParameters, listedParts } from './listed-parts.js';
import { statedProse } from './prose.js';

// "include/body_comm.inc.php": a name with several extensions is one file; "/goform/form2userconfig.cgi" a path from the root;
// "httputils.rb in WEBrick in Ruby …": the template's first word is the file where no bug class comes first.
// "the driver file (mp110005.sys)": the name in brackets after "file".
const FILE_NAME = String.raw`(\/?(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:php\d?|aspx?|jsp|cgi|pl|py|rb|js|c|cc|cpp|h|hpp|java|cs|go|rs|xml|dll|exe|sys|so|ocx|inc|lua|sh|html?|swf|tpl|jar|class|ts|ya?ml|do|cfm|nsf))\b`;
const FILE = new RegExp(
  String.raw`(?:\b(?:in|to|within|of)\s+|^\s*(?:the\s+)?|\bfile\s+\(|\bthe\s+\x60(?=[^\x60]+\x60\s+(?:workflow\s+)?file\b))` + FILE_NAME,
  'i',
);
/**
 * "is vulnerable to SQL Injection via login.php" (Sourcecodester, CVE-2024-36673): a file the request goes to, taken only
 * where the description names no other part (an endpoint such as index.php is often not where the flawed code is).
 */
const VIA_FILE = new RegExp(String.raw`\bvia\s+(?:the\s+)?` + FILE_NAME, 'i');
/** "identified in the admin/edit-directory.php file of the PHPGurukul Directory Management System" (CVE-2025-45021, the seventeenth reading). */
const FILE_OF_PRODUCT = new RegExp(String.raw`\bin\s+the\s+` + FILE_NAME + String.raw`\s+(?:file|page|script|endpoint)\s+(?:of|in)\b`, 'i');
// Plugins, extensions and frameworks are products of their own (WordPress, Jenkins): not parts.
const PART_KINDS =
  'function|method|module|component|subcomponent|subsystem|driver|service|daemon|process|library|API|interface|handler|parser|interpreter|property|implementation|feature|engine|class|servlet|applet|console|utility|protocol implementation|agent|page|endpoint|filter';
/** "The ProgramBinary::linkAttributes function in …", "within the importTextData method", "in the Calendar component". */
const NAMED_PART = new RegExp(`\\b(?:the\\s+)((?:[\\w:.()\\[\\]/'-]+\\s+){0,4}?(?:${PART_KINDS}))\\b`, 'gi');
/** Oracle's "(subcomponent: Server: Optimizer)" and, in its later template, "(component: Server: Security: Privileges)". */
const ORACLE_SUBCOMPONENT = /\((sub-?)?component: ([^)]+)\)/i;
/** VulDB's template: "… of the file /view_member.php", "… of the component Login Page", "The manipulation of the argument id …". */
const VULDB_FILE = /\bof the file ([^\s,]+?)(?=\.?(?:\s|$)|,)/i;
const VULDB_COMPONENT = /\bof the component ((?:[^\s.,]+\s?){1,6}?)(?=\.(?:\s|$)|,|$|\s(?:leads|is|of)\b)/i;
const PARAMETER =
  /\bparameter ['"]([\w[\]-]+)['"]|\bthe ['"]?([\w[\]-]+)['"]? parameter\b|\bthe argument (?!(?:of|to|for|in|is|as|that|which|and|or|passed|with)\b)['"]?([\w[\]-]+)['"]?/i;
/**
 * A function or API the flawed code uses is no part of its own: "OVPNHelper uses the system
 * function to execute …", "use it with the Github API to push malicious code".
 */
const TOOL_USED = /\b(?:uses?|using|used|calls?|calling|invokes?|invoking)(?:\s+\w+)?(?:\s+with)?\s+$/i;
/**
 * A part the attacker controls the output of (Jenkins' "attackers able to … control the output of the ElectricFlow API",
 * CVE-2019-10335), or a library function the flawed code uses (apcupsd's overflows "related to usage of the vsprintf
 * function", CVE-2003-0099), names the place of nothing; nor does a bare "the class" ("Inside the namespace
 * PortalUsersDatabase, the class Users contains", CVE-2025-3426). Where one comes first, no later "the … <kind>" is taken:
 * the next one is a phrase such as "the secure child process" or "backup is in process". Nor does the program whose
 * rights the attacker gains or whose process they crash or must already control: MuleSoft's "read files accessible to the
 * Mule process" (CVE-2019-15630), Chrome's "a remote attacker who had compromised the renderer process" (the flaw is in
 * Blink), QEMU's "crash the QEMU process"; nor the one a value is "inherited from" (PIA's umask, "inherited from the
 * calling process", CVE-2019-12577).
 */
const NOT_THE_PLACE =
  /\b(?:(?:related to|due to|because of)\s+(?:the\s+)?(?:(?:incorrect|improper|unsafe|insecure)\s+)?(?:usage|use)\s+of|(?:control|controls|controlling)\s+(?:the\s+)?(?:output|responses?|contents?)\s+(?:of|from)|(?:accessible|available|readable|writable|writeable)\s+(?:to|by)|(?:privileges|permissions|rights)\s+of|(?:had|has|have|having)\s+(?:already\s+)?compromised|(?:inherited|grab|grabs|grabbed|obtained)\s+from|in the (?:context|memory|address space) of)(?:\s+the)?\s+$/i;
/** A process crashed or killed is the running program, not its flawed part; a daemon or service crashed is often both. */
const CRASHED_PROCESS = /\b(?:crash|crashes|crashing|crashed|terminate|terminates|kill|kills|restart|restarts)(?:\s+the)?\s+$/i;
const BARE_CLASS = /^class$/i;
/** The first "the … <kind>" that names a part (`NAMED_PART`), the ones `NOT_THE_PLACE` marks ending the search. */
function namedPart(prose: string): string | undefined {
  for (const m of prose.matchAll(NAMED_PART)) {
    const name = m[1]!.replace(/^.*\bthe\s+/i, '').trim();
    const nameAt = m.index + m[0].length - m[1]!.replace(/^.*\bthe\s+/i, '').length;
    const before = prose.slice(Math.max(0, nameAt - 40), nameAt);
    if (NOT_THE_PLACE.test(before) || BARE_CLASS.test(name) || (/\bprocess$/i.test(name) && CRASHED_PROCESS.test(before))) return undefined;
    // "the receiving server to process", "the disclosure of process memory": the verb, or the process's memory, not a part.
    if (/\b(?:to|of|another)\s+process$/i.test(name)) continue;
    if (/\bcontext\b/i.test(m[1]!) || TOOL_USED.test(prose.slice(Math.max(0, m.index - 30), m.index))) continue;
    // Icinga's "permission to access the Director is required (plus api access …)" (CVE-2025-23203): a clause, not a name.
    if (!TOO_GENERAL.test(name) && !/\bcontext\b|^(?:way|manner|how)\b|\b(?:the|a|an)\b|(?<![\w-])(?:is|are|was|were)(?![\w-])/i.test(name)) return name;
  }
  return undefined;
}

/**
 * Words that make a "part" no part: "the application", "the web interface" of a whole product; a bare "method" (Apache's
 * "when determining the method of a request" is the request's verb).
 */
const TOO_GENERAL =
  /^(?:(?:web|management|administrative|admin|user|graphical|remote|affected|vulnerable|same|specific|following|default|current)\s+)?(?:interface|service|process|feature|page|component|module|function|method|implementation|api|application|plugin|extension|engine|framework|agent)$/i;

/**
 * NVD's "Unspecified vulnerability in conv_lpd in Sun OpenSolaris": a program or function named
 * by its identifier (an underscore in a lower-case name) between the flaw and the product.
 */
const IDENTIFIER_PART = /\b(?:vulnerabilit(?:y|ies)|flaws?|issues?|errors?) in (?:the )?([a-z][a-z0-9]*_[a-z0-9_]*)\s+(?:in|of|on|for)\b/;
/**
 * Microsoft's "… exists when Microsoft WordPad improperly handles embedded OLE objects" ("when
 * Remote Procedure Call runtime improperly initializes"), and the
 * leading "The Touch Pal application can collect …": a program named by its capitalised name.
 * Taken only where it is not a product the record lists (Windows of Microsoft Windows).
 */
const WHEN_PROGRAM =
  /\bwhen (?:the )?(?:Microsoft )?((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*(?: (?:runtime|service|driver|kernel|library|engine|subsystem))?) (?:improperly|incorrectly|fails to|does not)\b/;
const LEADING_APPLICATION = /^(?:The\s+)?((?:[A-Z][\w-]*\s+){1,3}(?:application|app))\b/;

/**
 * Microsoft's template, where the whole description is the advisory's title: "<part> <impact>
 * Vulnerability" ("Windows Kernel Elevation of Privilege Vulnerability", "Windows Network Address
 * Translation (NAT) Denial of Service Vulnerability"), sometimes with "This CVE ID is unique from …".
 */
const MICROSOFT_TITLE =
  /^\s*(.+?)\s+(?:Remote Code Execution|Elevation of Privilege|Information Disclosure|Denial of Service|Security Feature Bypass|Spoofing|Tampering)\s+Vulnerability\.?(?:\s+This CVE ID is unique from\b[^]*)?\s*$/;
/** Words that name no part beside a product's own name: "Microsoft Photos App" is Photos. */
const PRODUCT_WORDS = /^(?:microsoft|app|application|for|the)$/;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !PRODUCT_WORDS.test(w));

/**
 * The part a Microsoft title names, unless it names a product: one the record lists ("Windows
 * Photos App" beside Photos), or any "Microsoft …" ("Microsoft Word" in a record listing Office).
 */
function namesAProduct(part: string, products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): boolean {
  const partWords = wordsOf(part);
  return (
    partWords.length === 0 ||
    products.some((p) => {
      const productWords = new Set(wordsOf(p.product.replace(/_/g, ' ')));
      return partWords.every((w) => productWords.has(w));
    })
  );
}

function microsoftPart(description: string, products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): string | undefined {
  const part = MICROSOFT_TITLE.exec(description)?.[1]?.trim();
  if (!part || /^Microsoft\b/i.test(part)) return undefined;
  return namesAProduct(part, products) ? undefined : part;
}

/**
 * The Android security bulletin's template, which Google, MediaTek and Unisoc write: "In vow
 * driver, there is a possible memory corruption …", "In ccu, there is …". "In X of Y.cpp" names a
 * file, read as any file is; "In TBD of TBD" names nothing.
 */
const BULLETIN_PART = /^In ((?!the\s)(?:[\w.-]+\s){0,2}[\w.-]+), there is a possible\b/;

/**
 * "For example, if the URI //bar/uploads/foo.php?a=b is passed to coraza: , REQUEST_FILENAME will
 * be set to /uploads/foo.php.": an example's file is the attacker's input, not the flawed part.
 */
const EXAMPLE_SENTENCE = /\bFor (?:example|instance),[^]*?\.(?=\s+[A-Z]|\s*$)/g;

/**
 * "in command.c in ppp (aka user-ppp), as distributed in FreeBSD 6.3 …": the program the part belongs to is named by
 * the description alone, the listed systems only ship it, so the part is "command.c in ppp".
 */
const DISTRIBUTED_PROGRAM = /^ in (?:the )?([\w.+-]*[\w+])(?: \(aka [^)]*\))?,? (?:as )?(?:distributed|shipped|included|bundled|used) (?:in|with|by)\b/;

function hostedIn(part: string, prose: string, products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): string {
  const at = prose.indexOf(part);
  const program = at < 0 ? undefined : DISTRIBUTED_PROGRAM.exec(prose.slice(at + part.length))?.[1];
  return program && !namesAProduct(program, products) ? `${part} in ${program}` : part;
}

/** A long list of parameters would make the part a paragraph: past five, the rest are counted. */
const MAX_PARAMETERS = 5;

function parameterNames(names: readonly string[]): string {
  if (names.length > MAX_PARAMETERS) return `${names.slice(0, MAX_PARAMETERS - 1).join(', ')} and ${names.length - MAX_PARAMETERS + 1} other parameters`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!} parameters`;
}

/** GetSimple's "which injects the XSS payload into any page" (CVE-2018-17835): what is injected, read where a part would stand, is no part. */
const INJECTED_PAYLOAD = /^(?:the\s+)?(?:XSS|malicious|crafted|attacker(?:'s|-supplied|-controlled)?)\s+payloads?\b/i;

/** OpenText's "Privilege Escalation in OpenText Dimensions RM allows …": the flaw's name, read where a part would stand, is no part. */
const FLAW_NAME =
  /^(?:(?:remote |local )?(?:privilege escalation|escalation of privileges?|elevation of privileges?|code execution|command execution|denial of service|information disclosure|security feature bypass|authentication bypass|access control bypass|arbitrary file (?:read|write|upload|deletion))(?: vulnerability)?)$/i;

/**
 * Apple's template (719 records): "iOS before 10.1 is affected. … The issue involves the "WebKit" component." (CVE-2016-4677,
 * the twentieth reading: no part was read, the title said only "Memory corruption in Apple Safari").
 */
const APPLE_COMPONENT = /\bThe issue involves the "([^"]{2,60})" component\b/;
/** Apple's named component, as a component ("the Kernel component"); not the product itself (Safari's "Safari" component). */
function applePart(prose: string, products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): string | undefined {
  const name = APPLE_COMPONENT.exec(prose)?.[1];
  return name && !namesAProduct(name, products) ? `${name} component` : undefined;
}

/**
 * MITRE's form template (CVE-2019-1010170, the eleventh reading): "Jsish 2.4.77 is affected by: Use After Free. The impact
 * is: denial of service. The component is: function Jsi_ObjFree (jsiObj.c:230). The attack vector is: …". The part is
 * the "component is:" field; a field that describes rather than names ("affected source code file, affected function …")
 * names none, and neither does the "impact is:" field beside it.
 */
const FORM_COMPONENT = /\bThe component is: (?<part>.+?)\.?(?=\s+The (?:attack vector|fixed version|impact)\b|\s*$)/;
const FORM_FIELD = /\b(?:impact|attack vector|fixed version) is:/i;

function formPart(prose: string): string | undefined {
  const part = FORM_COMPONENT.exec(prose)?.groups?.part?.trim();
  // A line of code ("$file = $_GET['id'] in download.php") is where, not what: the file read elsewhere names it.
  return part && !/\baffected\b|[=$]/i.test(part) && part.split(/\s+/).length <= 8 ? part : undefined;
}

/**
 * A clause read where a name stands: "is" alone, "MF910S was end of service", "like_escape is used in Quick-chat.php line
 * 399", Icinga's "Director is required (plus api" (CVE-2025-23203: "an information leak flaw in Director is required (plus
 * api"). A relative clause ("functionality that is available") or a name with the word in it ("IS-IS", "is-my-json-valid") is not one.
 */
const CLAUSE = /^(?:(?!(?:that|which|who)\s)[\w.()'/-]+\s+){0,5}(?<![\w-])(?:is|are|was|were)(?![\w-])/;

export function describedComponent(description: string, products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[] = []): string | null {
  const microsoft = microsoftPart(description, products);
  if (microsoft !== undefined) return microsoft;
  const prose = statedProse(description).replace(EXAMPLE_SENTENCE, ' ');
  const oracleMatch = ORACLE_SUBCOMPONENT.exec(prose);
  const oracle = oracleMatch?.[2]?.trim();
  const subcomponent = oracle ? `${oracle} ${oracleMatch?.[1] ? 'subcomponent' : 'component'}` : undefined;
  const vuldbComponent = VULDB_COMPONENT.exec(prose)?.[1]?.trim();
  // "Node.js is vulnerable …": a product whose name ends like a file's is no file of its own.
  const namedFile = FILE.exec(prose)?.[1] ?? FILE_OF_PRODUCT.exec(prose)?.[1];
  const file =
    VULDB_FILE.exec(prose)?.[1] ??
    (namedFile && !namesAProduct(namedFile, products) ? namedFile : undefined) ??
    (vuldbComponent ? `${vuldbComponent} component` : undefined);
  // The first "the … <kind>" that names a part: ZDI's "the target must visit a malicious page" names none, its "the
  // handling of the resetData method" names the method.
  const part = namedPart(prose);
  const bulletin = BULLETIN_PART.exec(prose)?.[1];
  const bulletinPart = bulletin && !/\bTBD\b|\sof\s/i.test(bulletin) && !TOO_GENERAL.test(bulletin) ? bulletin : undefined;
  const identifier = IDENTIFIER_PART.exec(prose)?.[1];
  const program = WHEN_PROGRAM.exec(prose)?.[1] ?? LEADING_APPLICATION.exec(prose)?.[1];
  const programPart = program && !namesAProduct(program, products) ? program : undefined;
  const aka = akaTitlePart(description);
  const named =
    formPart(prose) ??
    applePart(prose, products) ??
    subcomponent ??
    samsungPart(prose) ??
    oracleVectorPart(prose) ??
    file ??
    quotedParameterPlace(prose) ??
    possessiveFile(prose) ??
    identifier ??
    bulletinPart ??
    portPart(prose) ??
    leadingCode(prose) ??
    xenTitlePart(prose, products) ??
    invokedWith(prose) ??
    part ??
    ciscoPart(prose) ??
    partBeforeProduct(prose, products) ??
    VIA_FILE.exec(prose)?.[1] ??
    programPart ??
    spoofedBar(prose) ??
    quotedProgram(prose) ??
    (aka && !namesAProduct(aka, products) ? aka : undefined);
  // A numbered list of places wins over its first item alone, but not over a part named before it.
  const listed = listedParts(prose);
  if (listed && (!named || listedFiles(listed).includes(named.replace(/^\(\d+\)\s+/, '')))) return listed;
  if (!named || FLAW_NAME.test(named.trim()) || FORM_FIELD.test(named) || CLAUSE.test(named.trim()) || INJECTED_PAYLOAD.test(named.trim())) return null;
  // NVD's numbered list, "the (1) dbm_open function … and the (2) dbminit function": the number is the list's, not the part's.
  const listedPart = hostedIn(named.replace(/^\(\d+\)\s+/, ''), prose, products);
  const parameters = listedParameters(prose);
  if (parameters) return `${listedPart} (${parameterNames(parameters)})`;
  const found = PARAMETER.exec(prose);
  const parameter = found?.[1] ?? found?.[2] ?? found?.[3];
  return parameter && !listedPart.includes(parameter) ? `${listedPart} (${parameter} parameter)` : listedPart;
}
