import type { CatalogueRecord } from '../domain/cve.js';

// Hand-written demo records (see catalogue.ts and the note in records-1.ts on patch dates).
const provenance = {
  record: 'PlainCVE demo catalogue (hand-written)',
  cvss_score: 'NVD primary CVSS v3.1',
  cwe_ids: 'NVD',
  exploit_intel: 'CISA KEV, Metasploit, Exploit-DB, GitHub PoC, Nuclei, Sigma, Suricata ET Open lists as of 2025',
  patch: 'vendor advisory',
};

export const records4: CatalogueRecord[] = [
  {
    cve_id: 'CVE-2024-3273',
    title: 'Command injection in end-of-life D-Link NAS devices',
    severity: 'HIGH',
    cvss_score: 7.3,
    description:
      'The nas_sharing.cgi script of several discontinued D-Link network storage devices passes a request parameter to a system command without neutralising it, and together with a hard-coded account (CVE-2024-3272) this allows remote command execution.',
    published_date: '2024-04-04',
    cwe_ids: ['CWE-77'],
    cwe_names: { 'CWE-77': "Improper Neutralization of Special Elements used in a Command ('Command Injection')" },
    explanation: {
      summary:
        'Anyone who can reach the web interface of one of these NAS boxes, for example because it is exposed to the internet, can log in with a built-in backdoor account and run commands on the device, without knowing any real password. Botnets began exploiting it within days.',
      affected:
        'D-Link DNS-320L, DNS-325, DNS-327L and DNS-340L network storage devices (all hardware revisions and firmware up to April 2024). The model name is printed on the device label and shown in its web interface.',
      fix:
        'No fix exists and none is planned: D-Link declared these models end-of-life and recommends retiring and replacing them. CISA KEV requires retiring and replacing the devices per vendor instructions. Until then, disconnect them from the internet and restrict access to trusted hosts.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-3273', ref_type: 'advisory' },
        { title: 'D-Link announcement SAP10383', url: 'https://supportannouncement.us.dlink.com/security/publication.aspx?name=SAP10383', ref_type: 'advisory' },
        { title: 'CISA Known Exploited Vulnerabilities Catalog', url: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog', ref_type: 'kev' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei'],
      exploit_sources: ['CISA KEV', 'GitHub PoC'],
    },
    patch: {
      status: 'not_available',
      patch_urls: [],
      days_unpatched: 962,
    },
    tags: [
      { tag: 'd-link', tag_type: 'vendor' },
      { tag: 'dns-320l', tag_type: 'product' },
      { tag: 'dns-325', tag_type: 'product' },
      { tag: 'nas', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance: {
      ...provenance,
      cvss_score: 'VulDB (CNA) CVSS v3.1',
      cwe_ids: 'VulDB (CNA)',
      patch: 'D-Link end-of-life announcement and CISA KEV required action',
    },
  },
  {
    cve_id: 'CVE-2008-4250',
    title: 'MS08-067: remote code execution in the Windows Server service',
    severity: 'UNKNOWN',
    cvss_score: null,
    description:
      'The Windows Server service mishandled specially crafted RPC requests during path canonicalisation, overflowing a buffer so that a remote attacker could run code with system rights; the Conficker worm spread through it.',
    published_date: '2008-10-23',
    cwe_ids: ['CWE-94'],
    cwe_names: { 'CWE-94': "Improper Control of Generation of Code ('Code Injection')" },
    explanation: {
      summary:
        'An attacker who can reach a Windows machine over the file-sharing ports can take full control of it with a single crafted network request, without an account on older systems and without any user action. The Conficker worm infected millions of computers this way. It predates CVSS v3, so it has no v3 score.',
      affected:
        'Windows 2000 SP4, Windows XP SP2 and SP3, Windows Server 2003 SP1 and SP2, and (with authentication required by default) Windows Vista and Windows Server 2008, without the MS08-067 update.',
      fix:
        'Install the MS08-067 security update (KB958644), released out of band on 23 October 2008, and block ports 139 and 445 from untrusted networks. Systems too old to receive updates should be retired.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2008-4250', ref_type: 'advisory' },
        { title: 'Microsoft Security Bulletin MS08-067', url: 'https://learn.microsoft.com/en-us/security-updates/securitybulletins/2008/ms08-067', ref_type: 'advisory' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Suricata ET Open'],
      exploit_sources: ['Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2008-10-23',
      patch_urls: ['https://learn.microsoft.com/en-us/security-updates/securitybulletins/2008/ms08-067'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'smb', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance: { ...provenance, cvss_score: 'NVD lists only a CVSS v2 score (10.0), no v3.x' },
  },
  {
    cve_id: 'CVE-2022-24765',
    title: 'Git runs commands from another user\'s repository on shared machines',
    severity: 'HIGH',
    cvss_score: 7.8,
    description:
      'Git looked for a repository in parent directories without checking who owned them, so on a multi-user machine one user could place a .git directory in a shared location and have Git run configured commands as any other user working below it.',
    published_date: '2022-04-12',
    cwe_ids: ['CWE-427'],
    cwe_names: { 'CWE-427': 'Uncontrolled Search Path Element' },
    explanation: {
      summary:
        'Another user of the same computer (for example on a shared Windows machine, by creating C:\\.git) can make Git commands run by you, or by shell prompts and editors that call Git, execute programs of their choosing with your rights. It needs a local account on the same machine, not network access.',
      affected:
        'Git before 2.35.2 and the other maintenance releases of April 2022 (2.30.3, 2.31.2, 2.32.1, 2.33.2, 2.34.2), mostly a risk on Windows and shared multi-user systems. Run `git --version` to check.',
      fix:
        'Upgrade Git to 2.35.2 or later (or the patched maintenance release for your line), which refuses repositories owned by someone else unless listed in safe.directory. On shared Windows machines, also create C:\\.git yourself as an administrator-owned folder.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-24765', ref_type: 'advisory' },
        { title: 'GitHub advisory GHSA-vw2c-22j4-2fh2', url: 'https://github.com/git-for-windows/git/security/advisories/GHSA-vw2c-22j4-2fh2', ref_type: 'advisory' },
        { title: 'GitHub blog: Git security vulnerability announced', url: 'https://github.blog/2022-04-12-git-security-vulnerability-announced/', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'LOW',
      detectable: false,
      weaponized: false,
      detection_sources: [],
      exploit_sources: [],
    },
    patch: {
      status: 'available',
      patch_date: '2022-04-12',
      patch_urls: ['https://github.com/git-for-windows/git/security/advisories/GHSA-vw2c-22j4-2fh2'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'git-scm', tag_type: 'vendor' },
      { tag: 'git', tag_type: 'product' },
      { tag: 'version control', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2013-3900',
    title: 'WinVerifyTrust signature check accepts tampered signed files',
    severity: 'MEDIUM',
    cvss_score: 5.5,
    description:
      'The WinVerifyTrust function in Windows did not fully validate Authenticode signatures of PE files, so data could be appended to a signed executable without invalidating its signature.',
    published_date: '2013-12-11',
    cwe_ids: ['CWE-347'],
    cwe_names: { 'CWE-347': 'Improper Verification of Cryptographic Signature' },
    explanation: {
      summary:
        'An attacker can take a legitimately signed Windows program, add malicious content to it, and it still appears validly signed. A victim who runs such a file (for example a tampered installer) may trust it. It needs the user to open the file; it is not a network attack on its own.',
      affected:
        'All supported versions of Windows and Windows Server, unless the optional stricter check has been switched on with the EnableCertPaddingCheck registry value.',
      fix:
        'Microsoft\'s update of 10 December 2013 (MS13-098) only adds the stricter check as an opt-in, so the fix is partial by default: set the EnableCertPaddingCheck registry value to 1 under both Wintrust\\Config keys (64-bit and Wow6432Node) as described by Microsoft. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2013-3900', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2013-3900', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2013-3900', ref_type: 'advisory' },
        { title: 'Microsoft Security Bulletin MS13-098', url: 'https://learn.microsoft.com/en-us/security-updates/securitybulletins/2013/ms13-098', ref_type: 'patch' },
      ],
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['CISA KEV', 'GitHub PoC'],
    },
    patch: {
      status: 'partial',
      patch_date: '2013-12-11',
      patch_urls: ['https://learn.microsoft.com/en-us/security-updates/securitybulletins/2013/ms13-098'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'authenticode', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2022-34265',
    title: 'SQL injection in Django Trunc() and Extract() functions',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'Django\'s Trunc() and Extract() database functions did not validate the kind or lookup_name argument, so an application passing untrusted input there could be made to run attacker-written SQL.',
    published_date: '2022-07-04',
    cwe_ids: ['CWE-89'],
    cwe_names: { 'CWE-89': "Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')" },
    explanation: {
      summary:
        'If a Django site lets visitors choose how dates are grouped (for example "day" or "month") and passes that choice to Trunc() or Extract(), a remote attacker without an account can inject SQL and read or change the database. Sites that only use fixed values are not exposed.',
      affected:
        'Django 3.2 before 3.2.14 and 4.0 before 4.0.6 (older unsupported series are likely affected too). Run `python -m django --version` or check requirements files.',
      fix:
        'Upgrade to Django 3.2.14, 4.0.6 or later (released 4 July 2022). Until then, only pass values from a fixed allow-list to Trunc() and Extract().',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-34265', ref_type: 'advisory' },
        { title: 'Django security releases 4.0.6 and 3.2.14', url: 'https://www.djangoproject.com/weblog/2022/jul/04/security-releases/', ref_type: 'advisory' },
      ],
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2022-07-04',
      patch_urls: ['https://www.djangoproject.com/weblog/2022/jul/04/security-releases/'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'djangoproject', tag_type: 'vendor' },
      { tag: 'django', tag_type: 'product' },
      { tag: 'python', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2022-35252',
    title: 'curl accepts control codes in cookies, blocking later requests',
    severity: 'LOW',
    cvss_score: 3.7,
    description:
      'curl stored cookies containing control characters and sent them back in later requests, which many servers reject, so a malicious site could plant a cookie that breaks the client\'s requests to sibling sites.',
    published_date: '2022-09-23',
    cwe_ids: [],
    cwe_names: {},
    explanation: {
      summary:
        'A website visited with curl (or an application built on libcurl with cookies enabled) can set a cookie with odd control characters that curl then sends to related sites, which refuse those requests. The effect is a denial of service for that client; no data is stolen and no code runs.',
      affected:
        'curl and libcurl before 7.85.0 with the cookie engine enabled. Run `curl --version` to check.',
      fix:
        'Upgrade curl and libcurl to 7.85.0 or later (released 31 August 2022), which ignores cookies containing control codes.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-35252', ref_type: 'advisory' },
        { title: 'curl advisory: control code in cookie denial of service', url: 'https://curl.se/docs/CVE-2022-35252.html', ref_type: 'advisory' },
      ],
    },
    exploit_intel: {
      risk_level: 'LOW',
      detectable: false,
      weaponized: false,
      detection_sources: [],
      exploit_sources: [],
    },
    patch: {
      status: 'available',
      patch_date: '2022-09-23',
      patch_urls: ['https://curl.se/docs/CVE-2022-35252.html'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'haxx', tag_type: 'vendor' },
      { tag: 'curl', tag_type: 'product' },
      { tag: 'http', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2017-5754',
    title: 'Meltdown: reading kernel memory through speculative execution',
    severity: 'MEDIUM',
    cvss_score: 5.6,
    description:
      'Many processors with out-of-order and speculative execution let a user program briefly read kernel memory before the permission check takes effect and leak it through the CPU cache, a side channel.',
    published_date: '2018-01-04',
    cwe_ids: ['CWE-200'],
    cwe_names: { 'CWE-200': 'Exposure of Sensitive Information to an Unauthorized Actor' },
    explanation: {
      summary:
        'A program running on the machine, such as malware or code in a shared cloud host, can read memory belonging to the operating system, including passwords and keys, without special rights. The attacker must already be able to run code locally; it is not a network attack.',
      affected:
        'Most Intel processors made since the mid-1990s and some ARM cores, on any operating system without kernel page-table isolation. On Linux, `cat /sys/devices/system/cpu/vulnerabilities/meltdown` shows the status.',
      fix:
        'Install operating system updates that isolate kernel memory (KPTI on Linux, the January 2018 Windows updates, macOS 10.13.2) and keep CPU microcode and firmware current; newer processors fix it in hardware.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2017-5754', ref_type: 'advisory' },
        { title: 'Meltdown and Spectre', url: 'https://meltdownattack.com/', ref_type: 'article' },
        { title: 'Intel security advisory INTEL-SA-00088', url: 'https://www.intel.com/content/www/us/en/security-center/advisory/intel-sa-00088.html', ref_type: 'advisory' },
      ],
    },
    exploit_intel: {
      risk_level: 'MEDIUM',
      detectable: true,
      weaponized: false,
      detection_sources: ['Suricata ET Open'],
      exploit_sources: [],
    },
    patch: {
      status: 'available',
      patch_date: '2018-01-04',
      patch_urls: ['https://www.intel.com/content/www/us/en/security-center/advisory/intel-sa-00088.html'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'intel', tag_type: 'vendor' },
      { tag: 'cpu', tag_type: 'product' },
      { tag: 'speculative execution', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance: { ...provenance, cvss_score: 'NVD primary CVSS v3.0' },
  },
  {
    cve_id: 'CVE-2016-0777',
    title: 'OpenSSH client roaming feature leaks memory to malicious servers',
    severity: 'MEDIUM',
    cvss_score: 6.5,
    description:
      'The undocumented roaming support in the OpenSSH client could be abused by a malicious server to make the client send back parts of its memory, which may include the user\'s private keys.',
    published_date: '2016-01-14',
    cwe_ids: ['CWE-200'],
    cwe_names: { 'CWE-200': 'Exposure of Sensitive Information to an Unauthorized Actor' },
    explanation: {
      summary:
        'If you connect with the OpenSSH client to a malicious or compromised SSH server, that server can extract pieces of your client\'s memory, possibly including your private SSH keys. The attack needs you to connect to the attacker\'s server and authenticate.',
      affected:
        'OpenSSH client versions 5.4 through 7.1p1 (the server side is not affected). Run `ssh -V` to check.',
      fix:
        'Upgrade to OpenSSH 7.1p2 or later (released 14 January 2016). As a workaround, add `UseRoaming no` to the client configuration (~/.ssh/config or /etc/ssh/ssh_config).',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2016-0777', ref_type: 'advisory' },
        { title: 'OpenSSH 7.1p2 release notes', url: 'https://www.openssh.com/txt/release-7.1p2', ref_type: 'patch' },
        { title: 'Qualys advisory: roaming through the OpenSSH client', url: 'https://www.qualys.com/2016/01/14/cve-2016-0777-cve-2016-0778/openssh-cve-2016-0777-cve-2016-0778.txt', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'MEDIUM',
      detectable: true,
      weaponized: false,
      detection_sources: ['Suricata ET Open'],
      exploit_sources: [],
    },
    patch: {
      status: 'available',
      patch_date: '2016-01-14',
      patch_urls: ['https://www.openssh.com/txt/release-7.1p2'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'openbsd', tag_type: 'vendor' },
      { tag: 'openssh', tag_type: 'product' },
      { tag: 'ssh', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance: { ...provenance, cvss_score: 'NVD primary CVSS v3.0' },
  },
];
