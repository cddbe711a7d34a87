import type { CatalogueRecord } from '../domain/cve.js';

// Hand-written demo records (see catalogue.ts and the note in records-1.ts on patch dates).
const provenance = {
  record: 'PlainCVE demo catalogue (hand-written)',
  cvss_score: 'NVD primary CVSS v3.1',
  cwe_ids: 'NVD',
  exploit_intel: 'CISA KEV, Metasploit, Exploit-DB, GitHub PoC, Nuclei, Sigma, Suricata ET Open lists as of 2025',
  patch: 'vendor advisory',
};

export const records3: CatalogueRecord[] = [
  {
    cve_id: 'CVE-2022-0847',
    title: 'Dirty Pipe: overwriting read-only files in the Linux kernel',
    severity: 'HIGH',
    cvss_score: 7.8,
    description:
      'A flag in the Linux kernel\'s pipe buffer structure was left uninitialised, so an unprivileged local user could write into the page cache of files they may only read, including root-owned and read-only files.',
    published_date: '2022-03-10',
    cwe_ids: ['CWE-665'],
    cwe_names: { 'CWE-665': 'Improper Initialization' },
    explanation: {
      summary:
        'Someone who can already run programs on a Linux machine, even as an ordinary user or inside some containers, can overwrite files they should only be able to read, such as /etc/passwd or setuid programs, and so become root. It needs local access, not network access.',
      affected:
        'Linux kernel 5.8 and later before 5.16.11, 5.15.25 and 5.10.102, including Android devices on those kernels. Run `uname -r` and compare with your distribution\'s fixed kernel package.',
      fix:
        'Install a fixed kernel (5.16.11, 5.15.25, 5.10.102 or later, released 23 February 2022, or your distribution\'s patched package) and reboot. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-0847', ref_type: 'advisory' },
        { title: 'The Dirty Pipe Vulnerability (original write-up)', url: 'https://dirtypipe.cm4all.com/', ref_type: 'article' },
        { title: 'Kernel fix commit', url: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=9d2231c5d74e13b2a0546fee6737ee4446017903', ref_type: 'patch' },
      ],
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2022-03-10',
      patch_urls: ['https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=9d2231c5d74e13b2a0546fee6737ee4446017903'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'linux', tag_type: 'vendor' },
      { tag: 'linux kernel', tag_type: 'product' },
      { tag: 'linux', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2021-3156',
    title: 'Baron Samedit: heap overflow in sudo gives local root',
    severity: 'HIGH',
    cvss_score: 7.8,
    description:
      'sudo mishandled a trailing backslash when un-escaping command-line arguments in shell mode (sudoedit -s), overflowing a heap buffer so that any local user could gain root, even without being listed in the sudoers file.',
    published_date: '2021-01-26',
    cwe_ids: ['CWE-193'],
    cwe_names: { 'CWE-193': 'Off-by-one Error' },
    explanation: {
      summary:
        'Any user who can log in to a Linux or Unix machine, even one with no sudo rights at all, can run a crafted sudoedit command and become root. The attacker needs an account or code running on the machine; it cannot be used directly over the network.',
      affected:
        'sudo 1.8.2 through 1.8.31p2 and 1.9.0 through 1.9.5p1 in their default configuration. Test with `sudoedit -s /`: an error starting with "sudoedit:" means vulnerable, a usage message means fixed.',
      fix:
        'Upgrade sudo to 1.9.5p2 or later, or your distribution\'s patched package. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-3156', ref_type: 'advisory' },
        { title: 'sudo advisory: buffer overflow in command line unescaping', url: 'https://www.sudo.ws/security/advisories/unescape_overflow/', ref_type: 'advisory' },
        { title: 'Qualys advisory: Baron Samedit', url: 'https://www.qualys.com/2021/01/26/cve-2021-3156/baron-samedit-heap-based-overflow-sudo.txt', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2021-01-26',
      patch_urls: ['https://www.sudo.ws/security/advisories/unescape_overflow/'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'sudo project', tag_type: 'vendor' },
      { tag: 'sudo', tag_type: 'product' },
      { tag: 'linux', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2020-1472',
    title: 'Zerologon: domain takeover through the Netlogon protocol',
    severity: 'CRITICAL',
    cvss_score: 10.0,
    description:
      'A flaw in the cryptography of the Netlogon Remote Protocol lets an attacker on the network set up a secure channel to a Windows domain controller without knowing any secret, and then change the domain controller\'s own password.',
    published_date: '2020-08-17',
    cwe_ids: ['CWE-330'],
    cwe_names: { 'CWE-330': 'Use of Insufficiently Random Values' },
    explanation: {
      summary:
        'An attacker with network access to a domain controller, but no account, can become domain administrator within seconds by sending Netlogon messages filled with zeros. That gives control over every computer and account in the Active Directory domain.',
      affected:
        'Windows Server 2008 R2 through Windows Server 2019 and version 1903/1909/2004 acting as Active Directory domain controllers, without the August 2020 security update. Samba domain controllers were also affected in some configurations.',
      fix:
        'Install the August 2020 security update (released 11 August 2020) on all domain controllers and the February 2021 update that turns on enforcement mode; watch for event ID 5829 to find devices still using vulnerable connections. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2020-1472', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2020-1472', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2020-1472', ref_type: 'advisory' },
        { title: 'How to manage the Netlogon secure channel changes', url: 'https://support.microsoft.com/en-us/topic/how-to-manage-the-changes-in-netlogon-secure-channel-connections-associated-with-cve-2020-1472-f7e8cc17-0309-1d6a-304e-5ba73cd1a11e', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Sigma', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2020-08-17',
      patch_urls: ['https://msrc.microsoft.com/update-guide/vulnerability/CVE-2020-1472'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows server', tag_type: 'product' },
      { tag: 'active directory', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2022-42889',
    title: 'Text4Shell: code execution through Apache Commons Text interpolation',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'The StringSubstitutor of Apache Commons Text enabled script, dns and url lookups by default, so when an application interpolates untrusted text, an attacker can make it run code or contact remote servers.',
    published_date: '2022-10-13',
    cwe_ids: ['CWE-94'],
    cwe_names: { 'CWE-94': "Improper Control of Generation of Code ('Code Injection')" },
    explanation: {
      summary:
        'If a Java application passes attacker-controlled text to Commons Text\'s variable interpolation, a remote attacker can embed a ${script:...} expression and run code on the server without an account. Fewer applications do this than with Log4Shell, so real-world exposure is narrower.',
      affected:
        'Apache Commons Text 1.5 through 1.9, when untrusted input reaches StringSubstitutor interpolation with default lookups. Check the commons-text version in your dependency tree.',
      fix:
        'Upgrade to Apache Commons Text 1.10.0 or later (released 24 September 2022), which disables the dangerous lookups by default, and avoid interpolating untrusted input.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-42889', ref_type: 'advisory' },
        { title: 'Apache Commons Text security reports', url: 'https://commons.apache.org/proper/commons-text/security.html', ref_type: 'advisory' },
        { title: 'Apache mailing list announcement', url: 'https://lists.apache.org/thread/n2bd4vdsgkqh2tm14l1wyc3jyol7s1om', ref_type: 'advisory' },
      ],
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2022-10-13',
      patch_urls: ['https://commons.apache.org/proper/commons-text/security.html'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'apache', tag_type: 'vendor' },
      { tag: 'commons text', tag_type: 'product' },
      { tag: 'java', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2023-38545',
    title: 'curl SOCKS5 heap buffer overflow',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'When curl hands the host name to a SOCKS5 proxy and the name is too long, a slow handshake could make it switch modes wrongly and copy the whole long name into a heap buffer too small for it.',
    published_date: '2023-10-18',
    cwe_ids: ['CWE-787'],
    cwe_names: { 'CWE-787': 'Out-of-bounds Write' },
    explanation: {
      summary:
        'If curl or an application using libcurl is told to go through a SOCKS5 proxy with remote name resolution, a malicious server can redirect it to an overly long host name and overflow a memory buffer, which may crash the program or let the attacker run code. It only matters when a SOCKS5 proxy is in use.',
      affected:
        'curl and libcurl 7.69.0 through 8.3.0 when using a SOCKS5 proxy with remote host name resolution (socks5h). Run `curl --version` and check the libcurl bundled with applications and containers.',
      fix:
        'Upgrade curl and libcurl to 8.4.0 or later (released 11 October 2023). Until then, avoid socks5h:// proxies or use local name resolution (socks5://).',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-38545', ref_type: 'advisory' },
        { title: 'curl advisory: SOCKS5 heap buffer overflow', url: 'https://curl.se/docs/CVE-2023-38545.html', ref_type: 'advisory' },
        { title: 'Daniel Stenberg: the story of CVE-2023-38545', url: 'https://daniel.haxx.se/blog/2023/10/11/how-i-made-a-heap-overflow-in-curl/', ref_type: 'article' },
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
      patch_date: '2023-10-18',
      patch_urls: ['https://curl.se/docs/CVE-2023-38545.html'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'haxx', tag_type: 'vendor' },
      { tag: 'curl', tag_type: 'product' },
      { tag: 'libcurl', tag_type: 'product' },
      { tag: 'http', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2020-11022',
    title: 'jQuery cross-site scripting in HTML manipulation methods',
    severity: 'MEDIUM',
    cvss_score: 6.1,
    description:
      'jQuery from 1.2 before 3.5.0 could run untrusted HTML passed to its DOM manipulation methods such as .html() and .append(), even after the HTML had been sanitised, because of how it rewrote certain tags.',
    published_date: '2020-04-29',
    cwe_ids: ['CWE-79'],
    cwe_names: { 'CWE-79': "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')" },
    explanation: {
      summary:
        'If a website inserts user-supplied HTML into the page with jQuery, an attacker can craft content that slips script past sanitising and runs in other visitors\' browsers, for example to steal their session. The victim has to load the page with the attacker\'s content.',
      affected:
        'jQuery 1.2 up to (not including) 3.5.0. Check the jquery version in package.json or the version comment at the top of the bundled jquery.js file.',
      fix:
        'Upgrade to jQuery 3.5.0 or later (released 10 April 2020). If you cannot upgrade, sanitise HTML with DOMPurify using its SAFE_FOR_JQUERY option before passing it to jQuery.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2020-11022', ref_type: 'advisory' },
        { title: 'GitHub advisory GHSA-gxr4-xjj5-5px2', url: 'https://github.com/jquery/jquery/security/advisories/GHSA-gxr4-xjj5-5px2', ref_type: 'advisory' },
        { title: 'jQuery 3.5.0 release notes', url: 'https://blog.jquery.com/2020/04/10/jquery-3-5-0-released/', ref_type: 'patch' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2020-04-29',
      patch_urls: ['https://blog.jquery.com/2020/04/10/jquery-3-5-0-released/'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'jquery', tag_type: 'vendor' },
      { tag: 'jquery', tag_type: 'product' },
      { tag: 'javascript', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2014-3566',
    title: 'POODLE: padding oracle attack on SSL 3.0',
    severity: 'LOW',
    cvss_score: 3.4,
    description:
      'SSL 3.0 uses non-deterministic CBC padding that is not covered by the message check, so an attacker in the middle who can force a downgrade to SSL 3.0 can recover plaintext such as cookies one byte at a time.',
    published_date: '2014-10-15',
    cwe_ids: ['CWE-310'],
    cwe_names: { 'CWE-310': 'Cryptographic Issues' },
    explanation: {
      summary:
        'An attacker who sits on the victim\'s network path (for example on public Wi-Fi) and can make the victim\'s browser send many requests can push the connection down to the old SSL 3.0 protocol and decrypt secrets such as session cookies. It needs a man-in-the-middle position and the victim\'s browsing.',
      affected:
        'Any client or server that still allows SSL 3.0, in many products (OpenSSL, web servers, browsers, load balancers). Scanners such as `nmap --script ssl-enum-ciphers` or SSL Labs show whether SSLv3 is accepted.',
      fix:
        'The flaw is in the SSL 3.0 protocol itself, so no patch can make SSL 3.0 safe: disable SSL 3.0 on servers and clients. TLS_FALLBACK_SCSV support (OpenSSL 1.0.1j and later) only stops forced downgrades between peers that both support it.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2014-3566', ref_type: 'advisory' },
        { title: 'OpenSSL security advisory 15 October 2014', url: 'https://www.openssl.org/news/secadv/20141015.txt', ref_type: 'advisory' },
        { title: 'This POODLE bites: exploiting the SSL 3.0 fallback', url: 'https://www.openssl.org/~bodo/ssl-poodle.pdf', ref_type: 'article' },
        { title: 'RFC 7568: deprecating SSL version 3.0', url: 'https://www.rfc-editor.org/rfc/rfc7568', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Suricata ET Open'],
      exploit_sources: ['Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'workaround_only',
      patch_urls: [],
      days_unpatched: 4421,
    },
    tags: [
      { tag: 'openssl', tag_type: 'vendor' },
      { tag: 'ssl 3.0', tag_type: 'product' },
      { tag: 'tls', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance: { ...provenance, patch: 'protocol flaw; RFC 7568 and vendor advisories recommend disabling SSL 3.0' },
  },
];
