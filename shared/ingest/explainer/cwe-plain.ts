/**
 * What each common weakness lets an attacker do, in plain words, written by the team for the
 * CWEs (and CWE categories) most common in NVD and CVE 5 data. `name` completes "This is a … flaw";
 * `effect` is one or two short sentences about the attacker, not the code.
 * A CWE missing here falls back to the catalogue's own name (see summary.ts).
 */
export interface PlainWeakness {
  readonly name: string;
  readonly effect: string;
  /**
   * The description grammar's plain impact (description.ts) that `effect` already says, so a
   * summary built from both does not say it twice ("can see information…" after "can see…").
   */
  readonly says?: readonly string[];
}

const SEE = 'see information they should not see';
const SCRIPT = "run their own script in other users' browsers";
const STOP = 'stop the software from working';
const READ_FILES = 'read files on the system they should not reach';
const NO_LOGIN = 'get in without logging in';
const CODE = 'run their own code';
const COMMANDS = 'run commands of their choice on the system';
const CORRUPT = 'corrupt memory in the program';

export const PLAIN_WEAKNESSES: Readonly<Record<string, PlainWeakness>> = {
  'CWE-79': {
    name: 'cross-site scripting (XSS)',
    effect:
      'An attacker can get the site to run their own script in the browser of someone who views a page. That script can steal the session or act as that person.',
    says: [SCRIPT],
  },
  'CWE-80': {
    name: 'cross-site scripting (XSS)',
    effect: 'An attacker can slip script tags into a page so that it runs in the browser of other visitors.',
    says: [SCRIPT],
  },
  'CWE-89': {
    name: 'SQL injection',
    effect: 'An attacker can change the database queries the software runs. This can let them read, change or delete data.',
    says: ['read and change data in the database through SQL injection'],
  },
  'CWE-119': {
    name: 'memory safety',
    effect: 'Crafted input can make the program read or write memory it should not touch. This can crash it, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-20': { name: 'input checking', effect: 'The software does not check input well enough. Crafted input can make it behave in ways it should not.' },
  'CWE-200': { name: 'information leak', effect: 'An attacker can see information they are not meant to see.', says: [SEE] },
  'CWE-352': {
    name: 'cross-site request forgery (CSRF)',
    effect: "An attacker can trick a signed-in user's browser into sending a request the user did not mean to send, such as changing a setting.",
    says: ["make a signed-in user's browser send requests the user did not mean to send"],
  },
  'CWE-787': {
    name: 'out-of-bounds write',
    effect: 'Crafted input can make the program write past the end of a memory buffer. This can crash it, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-22': {
    name: 'path traversal',
    effect: 'An attacker can use paths like "../" to reach files outside the folder the software means to use. This can expose or change files.',
    says: [READ_FILES],
  },
  'CWE-23': {
    name: 'path traversal',
    effect: 'An attacker can use relative paths to reach files outside the folder the software means to use.',
    says: [READ_FILES],
  },
  'CWE-125': {
    name: 'out-of-bounds read',
    effect: 'Crafted input can make the program read past the end of a memory buffer. This can leak data or crash it.',
    says: [SEE, STOP],
  },
  'CWE-416': {
    name: 'use-after-free',
    effect: 'The program can use memory after it has given it back. An attacker may use this to crash it or run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-284': {
    name: 'access control',
    effect: 'The software does not limit well enough who can use a feature or reach data. An attacker may get access they should not have.',
  },
  'CWE-862': {
    name: 'missing permission check',
    effect: 'The software does not check if a user may do an action. An attacker can do things their role should not allow.',
  },
  'CWE-863': {
    name: 'wrong permission check',
    effect: 'The software checks permissions the wrong way. An attacker can do things their role should not allow.',
  },
  'CWE-94': { name: 'code injection', effect: 'An attacker can get the software to run code they supply.', says: [CODE] },
  'CWE-95': {
    name: 'code injection',
    effect: 'An attacker can get the software to run code they supply, through input that is passed to an "eval" style call.',
    says: [CODE],
  },
  'CWE-264': { name: 'permissions and access control', effect: 'A gap in how the software grants rights can let an attacker do more than they should.' },
  'CWE-78': {
    name: 'OS command injection',
    effect: 'An attacker can get the software to run system commands of their choice on the machine.',
    says: [COMMANDS],
  },
  'CWE-77': { name: 'command injection', effect: 'An attacker can add their own commands to a command the software runs.', says: [COMMANDS] },
  'CWE-287': { name: 'authentication', effect: 'An attacker can get past the login check, or pass as someone else.', says: [NO_LOGIN] },
  'CWE-269': {
    name: 'privilege management',
    effect: 'An attacker can gain more rights than they should have, such as admin rights.',
    says: ['gain more rights on the system'],
  },
  'CWE-434': {
    name: 'unsafe file upload',
    effect: 'An attacker can upload a harmful file, such as a script, that the server may then run.',
    says: ['upload a harmful file that the server may run'],
  },
  'CWE-476': {
    name: 'null pointer',
    effect: 'Crafted input can make the program use a pointer that points to nothing. This usually makes it crash.',
    says: [STOP],
  },
  'CWE-400': {
    name: 'resource exhaustion',
    effect: 'An attacker can make the software use up memory, CPU or other resources until it slows down or stops.',
    says: [STOP],
  },
  'CWE-770': {
    name: 'resource exhaustion',
    effect: 'The software sets no limit on what it hands out. An attacker can use this to make it slow down or stop.',
    says: [STOP],
  },
  'CWE-190': { name: 'integer overflow', effect: 'A number can grow too large and wrap around. This can lead to wrong sizes, memory damage or a crash.' },
  'CWE-191': { name: 'integer underflow', effect: 'A number can drop below its lowest value and wrap around. This can lead to memory damage or a crash.' },
  'CWE-121': {
    name: 'stack buffer overflow',
    effect: 'Crafted input can overflow a buffer on the stack. This can crash the program, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-122': {
    name: 'heap buffer overflow',
    effect: 'Crafted input can overflow a buffer on the heap. This can crash the program, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-120': {
    name: 'buffer overflow',
    effect: 'The program copies data into a buffer without checking its size. This can crash it, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-502': {
    name: 'unsafe deserialization',
    effect: 'The software turns untrusted data back into objects. An attacker can use this to run their own code or change how it works.',
    says: [CODE],
  },
  'CWE-399': {
    name: 'resource management',
    effect: 'The software handles memory or other resources badly. An attacker can often use this to make it crash or stop.',
    says: [STOP],
  },
  'CWE-74': { name: 'injection', effect: 'An attacker can slip special characters into input so that the next part of the system reads it as a command.' },
  'CWE-918': {
    name: 'server-side request forgery (SSRF)',
    effect: 'An attacker can make the server send requests to places they choose, such as internal systems.',
    says: ['make the server send requests to places they choose'],
  },
  'CWE-732': { name: 'wrong permissions', effect: 'Important files or resources have loose permissions. Other users may read or change them.' },
  'CWE-798': {
    name: 'hard-coded password',
    effect: 'The software has a built-in password or key. Anyone who learns it can get in.',
    says: ['log in with a password built into the product'],
  },
  'CWE-362': {
    name: 'race condition',
    effect: 'Two actions can run at the same time in an unsafe way. An attacker who wins the race may crash the system or get around a check.',
  },
  'CWE-601': {
    name: 'open redirect',
    effect: 'An attacker can craft a link on a trusted site that sends people on to a site of their choice, such as a fake login page.',
    says: ["send users to a website of the attacker's choice"],
  },
  'CWE-611': {
    name: 'XML external entity (XXE)',
    effect: 'An attacker can send XML that makes the software read local files or reach other systems.',
    says: [READ_FILES],
  },
  'CWE-295': {
    name: 'certificate checking',
    effect:
      'The software does not check certificates properly. An attacker who can intercept its connections can pose as a trusted server and read or change what is sent.',
  },
  'CWE-59': { name: 'link following', effect: 'An attacker can use a link (a shortcut file) to make the software read or write a file it should not.' },
  'CWE-306': { name: 'missing login check', effect: 'An important feature can be used without logging in.', says: [NO_LOGIN] },
  'CWE-532': { name: 'secrets in log files', effect: 'The software writes private data, such as passwords, into log files that others may read.', says: [SEE] },
  'CWE-276': {
    name: 'unsafe default permissions',
    effect: 'Files or settings are open to more users than they should be when installed. Other users may read or change them.',
  },
  'CWE-522': { name: 'weakly protected passwords', effect: 'Passwords or keys are stored or sent in a way that lets an attacker get them.' },
  'CWE-639': { name: 'insecure direct object reference', effect: 'An attacker can change an id in a request to reach records that belong to someone else.' },
  'CWE-255': { name: 'password and key handling', effect: 'The software handles passwords or keys badly. An attacker may get them or get past them.' },
  'CWE-427': {
    name: 'unsafe search path',
    effect: 'The software looks for files or libraries in places an attacker can write to. The attacker can plant a file that then gets run.',
  },
  'CWE-426': { name: 'unsafe search path', effect: 'The software runs a program found through a search path that an attacker can change.' },
  'CWE-254': { name: 'security feature', effect: 'A security feature does not work as it should, which weakens the protection it is meant to give.' },
  'CWE-285': {
    name: 'authorization',
    effect: 'The software does not check well enough if a user may do an action. An attacker can do things they should not.',
  },
  'CWE-310': { name: 'cryptography', effect: 'The way the software uses encryption is weak. An attacker may read or change data that should be protected.' },
  'CWE-189': {
    name: 'number handling',
    effect: 'The software handles numbers badly, for example when they get too large. This can damage memory or crash it.',
  },
  'CWE-668': { name: 'resource exposure', effect: 'A file, port or other resource is open to people who should not reach it.' },
  'CWE-835': { name: 'endless loop', effect: 'Crafted input can make the software loop forever, so it stops responding.', says: [STOP] },
  'CWE-772': {
    name: 'resource leak',
    effect: 'The software does not give back memory or other resources. Over time, or under attack, it can run out and stop.',
    says: [STOP],
  },
  'CWE-401': {
    name: 'memory leak',
    effect: 'The software does not free memory it no longer needs. An attacker can use this to make it run out of memory.',
    says: [STOP],
  },
  'CWE-415': {
    name: 'double free',
    effect: 'The program can free the same memory twice. This can crash it, and at worst let an attacker run their own code.',
    says: [CORRUPT, STOP],
  },
  'CWE-319': { name: 'unencrypted data', effect: 'Private data is sent without encryption. Someone on the network can read it.', says: [SEE] },
  'CWE-312': { name: 'unencrypted storage', effect: 'Private data is stored without encryption. Anyone who can read the storage can read it.' },
  'CWE-311': { name: 'missing encryption', effect: 'Private data is not encrypted. Someone who can see it in storage or on the network can read it.' },
  'CWE-126': { name: 'buffer over-read', effect: 'The program reads past the end of a buffer. This can leak data or crash it.', says: [SEE, STOP] },
  'CWE-843': { name: 'type confusion', effect: 'The program treats data as the wrong type. An attacker can use this to damage memory or run their own code.' },
  'CWE-347': {
    name: 'signature checking',
    effect: 'The software does not check digital signatures properly. An attacker can pass off changed or fake data as genuine.',
  },
  'CWE-617': { name: 'reachable assertion', effect: 'Crafted input can trip an internal check that stops the program. This makes it crash.', says: [STOP] },
  'CWE-327': { name: 'weak cryptography', effect: 'The software uses a weak or broken way to encrypt or sign. An attacker may read or forge the data.' },
  'CWE-326': { name: 'weak encryption', effect: 'The encryption is too weak. An attacker may be able to break it.' },
  'CWE-755': { name: 'error handling', effect: 'The software does not handle some errors well. Crafted input can make it crash or act in an unsafe way.' },
  'CWE-754': { name: 'error handling', effect: 'The software does not check for unusual conditions. Crafted input can make it crash or act in an unsafe way.' },
  'CWE-290': { name: 'authentication bypass by spoofing', effect: 'An attacker can fake where a request comes from and so get past the login check.' },
  'CWE-307': { name: 'no limit on login attempts', effect: 'An attacker can try many passwords, one after another, until one works.' },
  'CWE-613': { name: 'session expiry', effect: 'Sessions stay valid for too long. Someone who gets hold of an old session can still use it.' },
  'CWE-404': {
    name: 'resource release',
    effect: 'The software does not close or free a resource properly. This can make it run out of resources and stop.',
    says: [STOP],
  },
  'CWE-345': {
    name: 'data authenticity',
    effect: 'The software does not check that data really comes from where it claims. An attacker can feed it fake data.',
  },
  'CWE-552': { name: 'exposed files', effect: 'Files or folders can be reached by people who should not reach them.' },
  'CWE-369': { name: 'divide by zero', effect: 'Crafted input can make the program divide by zero, which makes it crash.', says: [STOP] },
  'CWE-367': {
    name: 'time-of-check time-of-use race',
    effect: 'Something can change between the moment it is checked and the moment it is used. An attacker can use that gap.',
  },
  'CWE-134': {
    name: 'format string',
    effect: 'Input is used as a format string. An attacker can use this to read memory, crash the program or run their own code.',
  },
  'CWE-266': { name: 'wrong privilege', effect: 'A user or process is given more rights than it should have.' },
  'CWE-704': { name: 'type conversion', effect: 'The program converts data to the wrong type. This can damage memory or crash it.' },
  'CWE-384': {
    name: 'session fixation',
    effect: "An attacker can set a victim's session id in advance and then use that session once the victim logs in.",
    says: ['act as another user'],
  },
  'CWE-203': {
    name: 'information leak through differences',
    effect: 'The software answers in slightly different ways, for example in timing. An attacker can learn secrets from the differences.',
    says: [SEE],
  },
  'CWE-98': {
    name: 'PHP file inclusion',
    effect: 'An attacker can make a PHP program load a file of their choice. This can expose files or run their own code.',
    says: [READ_FILES, CODE],
  },
  'CWE-209': { name: 'error message leak', effect: 'Error messages show details an attacker can use, such as paths or settings.', says: [SEE] },
  'CWE-908': {
    name: 'uninitialized memory',
    effect: 'The program uses memory before it sets a value. This can leak data or make it act in odd ways.',
    says: [SEE],
  },
  'CWE-19': { name: 'data handling', effect: 'The software handles some data badly. Crafted data can make it act in ways it should not.' },
  'CWE-288': { name: 'authentication bypass', effect: 'An attacker can reach a feature by another path that skips the login check.', says: [NO_LOGIN] },
  'CWE-693': { name: 'protection failure', effect: 'A protection the software relies on does not work as it should.' },
  'CWE-665': { name: 'bad initialization', effect: 'Something is not set up properly before use. This can make the software act in unsafe ways.' },
  'CWE-129': { name: 'array index', effect: 'The program does not check an array index. Crafted input can make it read or write the wrong memory.' },
  'CWE-16': { name: 'configuration', effect: 'A setting is unsafe. An attacker can take advantage of it.' },
  'CWE-17': { name: 'code', effect: 'A mistake in the code lets crafted input make the software act in ways it should not.' },
  'CWE-281': {
    name: 'permission handling',
    effect: 'The software does not keep file or object permissions right. Others may get access they should not have.',
  },
  'CWE-1321': {
    name: 'prototype pollution',
    // What a polluted prototype leads to depends on the program; code running is said only where a record states it.
    effect: 'An attacker can change the base objects of a JavaScript program, which can change how the program works.',
  },
  'CWE-1021': { name: 'clickjacking', effect: 'An attacker can hide the page inside their own site and trick users into clicking things they cannot see.' },
  'CWE-116': { name: 'output encoding', effect: 'Output is not encoded properly, so an attacker can slip commands or script into it.' },
  'CWE-117': { name: 'log injection', effect: 'An attacker can write fake or misleading lines into log files.' },
  'CWE-91': { name: 'XML injection', effect: 'An attacker can change the structure of XML data the software builds.' },
  'CWE-88': { name: 'argument injection', effect: 'An attacker can add extra options to a command the software runs.' },
  'CWE-90': { name: 'LDAP injection', effect: 'An attacker can change the directory (LDAP) queries the software runs.' },
  'CWE-917': {
    name: 'expression language injection',
    effect: 'An attacker can get the software to evaluate an expression they supply. This can let them run their own code.',
    says: [CODE],
  },
  'CWE-1336': { name: 'template injection', effect: 'An attacker can put template code into input that the server then runs.', says: [CODE] },
  'CWE-640': { name: 'weak password recovery', effect: 'The password reset process is weak. An attacker may take over an account through it.' },
  'CWE-521': { name: 'weak password rules', effect: 'The software allows weak passwords that are easy to guess.' },
  'CWE-330': { name: 'weak randomness', effect: 'Values that should be random can be guessed. An attacker can predict tokens or keys.' },
  'CWE-338': { name: 'weak randomness', effect: 'The random number source is not strong enough for security. An attacker can predict tokens or keys.' },
  'CWE-697': { name: 'wrong comparison', effect: 'The software compares values the wrong way, so a check can pass when it should fail.' },
  'CWE-1188': { name: 'unsafe default setting', effect: 'A default setting is unsafe. Anyone who keeps the default is exposed.' },
  'CWE-425': { name: 'direct request', effect: 'An attacker can open a page or file directly and skip the checks on the normal path.' },
  'CWE-565': { name: 'trusted cookie', effect: 'The software trusts cookie values that an attacker can change.' },
  'CWE-444': {
    name: 'HTTP request smuggling',
    effect: 'An attacker can hide one web request inside another, so that servers disagree on what was sent. This can get around checks.',
  },
  'CWE-113': { name: 'HTTP header injection', effect: 'An attacker can add their own headers to a web response.' },
  'CWE-674': { name: 'deep recursion', effect: 'Crafted input can make the program call itself too many times, which makes it crash.', says: [STOP] },
  'CWE-1333': {
    name: 'slow regular expression',
    effect: 'Crafted text can make a pattern match take a very long time, so the software slows down or stops.',
    says: [STOP],
  },
  'CWE-824': { name: 'bad pointer', effect: 'The program uses a pointer that was never set. This can crash it or damage memory.' },
  'CWE-763': { name: 'bad memory release', effect: 'The program frees memory the wrong way. This can crash it or damage memory.' },
  'CWE-1236': {
    name: 'CSV formula injection',
    effect: 'An attacker can put a formula into data that runs when someone opens the exported file in a spreadsheet.',
  },
};
