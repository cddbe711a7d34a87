import type { CatalogueRecord } from '../domain/cve.js';

// Hand-written demo records (see catalogue.ts). Facts checked against NVD, CVE 5, CISA KEV and the
// exploit/detection source lists; where a vendor fix shipped before NVD published the CVE, patch_date
// is the NVD publication date (the fix was already available then) and `fix` names the real release.
const provenance = {
  record: 'PlainCVE demo catalogue (hand-written)',
  cvss_score: 'NVD primary CVSS v3.1',
  cwe_ids: 'NVD',
  exploit_intel: 'CISA KEV, Metasploit, Exploit-DB, GitHub PoC, Nuclei, Sigma, Suricata ET Open lists as of 2025',
  patch: 'vendor advisory',
};

export const records1: CatalogueRecord[] = [
  {
    cve_id: 'CVE-2021-44228',
    title: 'Log4Shell: remote code execution in Apache Log4j 2',
    severity: 'CRITICAL',
    cvss_score: 10.0,
    description:
      'Apache Log4j 2 resolved JNDI lookups found in logged text, so an attacker who gets a crafted string such as ${jndi:ldap://...} into a log message can make the application load and run code from a server the attacker controls.',
    published_date: '2021-12-10',
    cwe_ids: ['CWE-917', 'CWE-502'],
    cwe_names: {
      'CWE-917': "Improper Neutralization of Special Elements used in an Expression Language Statement ('Expression Language Injection')",
      'CWE-502': 'Deserialization of Untrusted Data',
    },
    explanation: {
      summary:
        'Anyone on the internet can take over a Java application that uses Log4j 2 simply by sending it a piece of text it will log, for example in a web form, a user-agent header or a chat message. No account and no help from a user are needed. It was exploited on a massive scale within hours of disclosure.',
      affected:
        'Apache Log4j 2 versions 2.0-beta9 up to 2.14.1 (log4j-core). Log4j 1.x is not affected by this flaw. Check your dependency tree (for example `mvn dependency:tree` or `gradle dependencies`) and look for log4j-core JAR files inside packaged applications.',
      fix:
        'Upgrade log4j-core to 2.17.1 or later (2.12.4 for Java 7, 2.3.2 for Java 6); these also fix the follow-up flaws found after the first fix in 2.15.0. CISA KEV requires applying updates or removing affected assets. If you cannot upgrade at once, remove the JndiLookup class from the classpath.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228', ref_type: 'advisory' },
        { title: 'Apache Log4j security vulnerabilities', url: 'https://logging.apache.org/log4j/2.x/security.html', ref_type: 'advisory' },
        { title: 'CISA Apache Log4j vulnerability guidance', url: 'https://www.cisa.gov/news-events/news/apache-log4j-vulnerability-guidance', ref_type: 'mitigation' },
        { title: 'CISA Known Exploited Vulnerabilities Catalog', url: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog', ref_type: 'kev' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei', 'Sigma', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2021-12-10',
      patch_urls: ['https://logging.apache.org/log4j/2.x/security.html'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'apache', tag_type: 'vendor' },
      { tag: 'log4j', tag_type: 'product' },
      { tag: 'java', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2014-0160',
    title: 'Heartbleed: memory disclosure in OpenSSL heartbeat',
    severity: 'HIGH',
    cvss_score: 7.5,
    description:
      'The TLS heartbeat extension in OpenSSL 1.0.1 before 1.0.1g did not check the length an incoming heartbeat request claimed, so a remote attacker could make the server or client send back up to 64 KB of its process memory per request.',
    published_date: '2014-04-07',
    cwe_ids: ['CWE-125'],
    cwe_names: { 'CWE-125': 'Out-of-bounds Read' },
    explanation: {
      summary:
        'An attacker anywhere on the network can repeatedly ask a vulnerable server for a "heartbeat" and receive chunks of its memory in return, without logging in and without leaving traces in normal logs. That memory can hold private keys, passwords and session cookies.',
      affected:
        'OpenSSL 1.0.1 through 1.0.1f (1.0.0 and 0.9.8 are not affected). Run `openssl version` and check which OpenSSL library your web servers, VPNs and appliances are linked against.',
      fix:
        'Upgrade to OpenSSL 1.0.1g or later, then restart services, replace TLS certificates and private keys, and ask users to change passwords. CISA KEV requires applying updates per vendor instructions. Where an upgrade is impossible, rebuilding with -DOPENSSL_NO_HEARTBEATS disables the vulnerable feature.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2014-0160', ref_type: 'advisory' },
        { title: 'OpenSSL security advisory 7 April 2014', url: 'https://www.openssl.org/news/secadv/20140407.txt', ref_type: 'advisory' },
        { title: 'The Heartbleed Bug', url: 'https://heartbleed.com/', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2014-04-07',
      patch_urls: ['https://www.openssl.org/news/secadv/20140407.txt'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'openssl', tag_type: 'vendor' },
      { tag: 'openssl', tag_type: 'product' },
      { tag: 'tls', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2023-34362',
    title: 'MOVEit Transfer SQL injection exploited for mass data theft',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'The web application of Progress MOVEit Transfer contained a SQL injection flaw that lets an unauthenticated attacker read and change its database and, through it, run commands on the server.',
    published_date: '2023-06-02',
    cwe_ids: ['CWE-89'],
    cwe_names: { 'CWE-89': "Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')" },
    explanation: {
      summary:
        'Attackers on the internet, with no account, can send crafted web requests to a MOVEit Transfer server, gain access to its database and plant a web shell to steal the files stored there. The Cl0p ransomware group used it to steal data from hundreds of organisations.',
      affected:
        'Progress MOVEit Transfer before 2021.0.6 (13.0.6), 2021.1.4 (13.1.4), 2022.0.4 (14.0.4), 2022.1.5 (14.1.5) and 2023.0.1 (15.0.1), including older unsupported versions. The version is shown on the sign-in page and in the admin interface.',
      fix:
        'Install the fixed release for your version line (published by Progress on 31 May 2023), then look for signs of compromise such as unexpected files named human2.aspx and unknown admin accounts. CISA KEV requires applying updates per vendor instructions. Until patched, block HTTP and HTTPS traffic to the server.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-34362', ref_type: 'advisory' },
        { title: 'Progress MOVEit Transfer critical vulnerability (May 2023)', url: 'https://community.progress.com/s/article/MOVEit-Transfer-Critical-Vulnerability-31May2023', ref_type: 'advisory' },
        { title: 'CISA advisory AA23-158A: Cl0p exploits MOVEit', url: 'https://www.cisa.gov/news-events/cybersecurity-advisories/aa23-158a', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei', 'Sigma', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2023-06-02',
      patch_urls: ['https://community.progress.com/s/article/MOVEit-Transfer-Critical-Vulnerability-31May2023'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'progress', tag_type: 'vendor' },
      { tag: 'moveit transfer', tag_type: 'product' },
      { tag: 'sql', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2023-4966',
    title: 'Citrix Bleed: session token leak in NetScaler ADC and Gateway',
    severity: 'HIGH',
    cvss_score: 7.5,
    description:
      'NetScaler ADC and NetScaler Gateway configured as a gateway or AAA virtual server could be made to return memory beyond a buffer, exposing data such as valid session tokens to an unauthenticated remote attacker.',
    published_date: '2023-10-10',
    cwe_ids: ['CWE-119'],
    cwe_names: { 'CWE-119': 'Improper Restriction of Operations within the Bounds of a Memory Buffer' },
    explanation: {
      summary:
        'An attacker on the internet, without any account, sends a crafted request to a NetScaler appliance and gets back leaked memory containing session cookies of logged-in users. Replaying such a cookie lets the attacker into the VPN or application as that user, even past multi-factor authentication. Ransomware groups used it widely.',
      affected:
        'NetScaler ADC and NetScaler Gateway 14.1 before 14.1-8.50, 13.1 before 13.1-49.15, 13.0 before 13.0-92.19, and the FIPS/NDcPP builds before 13.1-37.164, when configured as Gateway (VPN, ICA Proxy, CVPN, RDP Proxy) or AAA virtual server. The build is shown by `show version` on the appliance.',
      fix:
        'Upgrade to a fixed build, then terminate all active and persistent sessions (for example `kill aaa session -all` and `kill icaconnection -all`) because stolen tokens stay valid after patching. CISA KEV requires applying mitigations per vendor instructions or discontinuing use of the product.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-4966', ref_type: 'advisory' },
        { title: 'Citrix security bulletin CTX579459', url: 'https://support.citrix.com/article/CTX579459', ref_type: 'advisory' },
        { title: 'CISA advisory AA23-325A: LockBit exploits Citrix Bleed', url: 'https://www.cisa.gov/news-events/cybersecurity-advisories/aa23-325a', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei', 'Sigma'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2023-10-10',
      patch_urls: ['https://support.citrix.com/article/CTX579459'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'citrix', tag_type: 'vendor' },
      { tag: 'netscaler adc', tag_type: 'product' },
      { tag: 'netscaler gateway', tag_type: 'product' },
      { tag: 'vpn', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2024-3094',
    title: 'xz Utils backdoor in liblzma 5.6.0 and 5.6.1',
    severity: 'CRITICAL',
    cvss_score: 10.0,
    description:
      'The release tarballs of xz Utils 5.6.0 and 5.6.1 contained hidden malicious code that, during the build, modifies liblzma so that it can interfere with programs linked against it, notably OpenSSH servers on some Linux distributions.',
    published_date: '2024-03-29',
    cwe_ids: ['CWE-506'],
    cwe_names: { 'CWE-506': 'Embedded Malicious Code' },
    explanation: {
      summary:
        'A contributor deliberately planted a backdoor in the xz compression library. On affected systems where sshd loads liblzma (via systemd), the holder of a secret key could send a special login attempt to the SSH server and run commands as root, without an account. It was caught before reaching most stable distributions.',
      affected:
        'xz Utils / liblzma versions 5.6.0 and 5.6.1 only, as shipped mainly in rolling or pre-release distributions (for example Fedora Rawhide and 40 beta, Debian testing/unstable, Kali, Arch, openSUSE Tumbleweed). Run `xz --version` to check.',
      fix:
        'Downgrade to xz 5.4.6 (what distributions shipped immediately) or upgrade to 5.6.2 or later, released on 29 May 2024 without the malicious code, and treat systems that ran the backdoored version with exposed SSH as potentially compromised.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-3094', ref_type: 'advisory' },
        { title: 'Red Hat: urgent security alert for Fedora 41 and Rawhide users', url: 'https://www.redhat.com/en/blog/urgent-security-alert-fedora-41-and-rawhide-users', ref_type: 'advisory' },
        { title: 'Openwall oss-security: backdoor in upstream xz/liblzma', url: 'https://www.openwall.com/lists/oss-security/2024/03/29/4', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Sigma'],
      exploit_sources: ['GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2024-05-29',
      patch_urls: ['https://tukaani.org/xz-backdoor/'],
      days_unpatched: 61,
    },
    tags: [
      { tag: 'tukaani', tag_type: 'vendor' },
      { tag: 'xz', tag_type: 'product' },
      { tag: 'liblzma', tag_type: 'product' },
      { tag: 'linux', tag_type: 'technology' },
    ],
    in_kev: false,
    rejected: false,
    demo: true,
    provenance: { ...provenance, cvss_score: 'Red Hat (CNA) CVSS v3.1' },
  },
  {
    cve_id: 'CVE-2014-6271',
    title: 'Shellshock: command injection through Bash environment variables',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'GNU Bash through 4.3 kept parsing and executing commands that follow a function definition stored in an environment variable, so anyone who can set an environment variable passed to Bash can run arbitrary commands.',
    published_date: '2014-09-24',
    cwe_ids: ['CWE-78'],
    cwe_names: { 'CWE-78': "Improper Neutralization of Special Elements used in an OS Command ('OS Command Injection')" },
    explanation: {
      summary:
        'Remote attackers, without an account, can run commands on a server whenever their input ends up in an environment variable that Bash reads, for example a web request handled by a CGI script, a DHCP reply, or restricted SSH logins. It was mass-exploited within a day of disclosure.',
      affected:
        'GNU Bash up to and including 4.3 without the September 2014 patches, on Linux, macOS and many appliances. Test with: env x=\'() { :;}; echo vulnerable\' bash -c "echo test" — if "vulnerable" is printed, the shell is affected.',
      fix:
        'Install your vendor\'s Bash update; the first upstream patch (bash43-025 and equivalents) was incomplete, so make sure the later fixes for CVE-2014-7169 and related issues (bash43-027 or later) are included. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2014-6271', ref_type: 'advisory' },
        { title: 'GNU Bash 4.3 official patches', url: 'https://ftp.gnu.org/gnu/bash/bash-4.3-patches/', ref_type: 'patch' },
        { title: 'Red Hat: Bash specially-crafted environment variables code injection attack', url: 'https://access.redhat.com/articles/1200223', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2014-09-24',
      patch_urls: ['https://ftp.gnu.org/gnu/bash/bash-4.3-patches/bash43-025'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'gnu', tag_type: 'vendor' },
      { tag: 'bash', tag_type: 'product' },
      { tag: 'shell', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2017-0144',
    title: 'EternalBlue: remote code execution in Windows SMBv1',
    severity: 'HIGH',
    cvss_score: 8.8,
    description:
      'The SMBv1 server in many versions of Windows mishandled specially crafted packets, letting a remote attacker run code on the machine; it is one of the flaws fixed by MS17-010.',
    published_date: '2017-03-17',
    cwe_ids: [],
    cwe_names: {},
    explanation: {
      summary:
        'An attacker who can reach a Windows machine over the network on the file-sharing port (445) can send crafted SMBv1 messages and take full control of it, without any user action. The leaked NSA exploit was used by the WannaCry and NotPetya worms to spread across networks in 2017.',
      affected:
        'Windows Vista, 7, 8.1, 10 (before the March 2017 update), Windows Server 2008, 2008 R2, 2012, 2012 R2 and 2016 with SMBv1 enabled and without the MS17-010 update. Check installed updates for MS17-010 (for example KB4012212 / KB4012215 on Windows 7).',
      fix:
        'Install the MS17-010 security update (released by Microsoft on 14 March 2017; out-of-support systems such as Windows XP got emergency patches in May 2017), disable SMBv1, and block port 445 at the network edge. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2017-0144', ref_type: 'advisory' },
        { title: 'Microsoft Security Bulletin MS17-010', url: 'https://learn.microsoft.com/en-us/security-updates/securitybulletins/2017/ms17-010', ref_type: 'advisory' },
        { title: 'Microsoft guidance: how to detect, enable and disable SMBv1', url: 'https://learn.microsoft.com/en-us/windows-server/storage/file-server/troubleshoot/detect-enable-and-disable-smbv1-v2-v3', ref_type: 'mitigation' },
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
      patch_date: '2017-03-17',
      patch_urls: ['https://learn.microsoft.com/en-us/security-updates/securitybulletins/2017/ms17-010'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'smb', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
];
