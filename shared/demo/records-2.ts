import type { CatalogueRecord } from '../domain/cve.js';

// Hand-written demo records (see catalogue.ts and the note in records-1.ts on patch dates).
const provenance = {
  record: 'PlainCVE demo catalogue (hand-written)',
  cvss_score: 'NVD primary CVSS v3.1',
  cwe_ids: 'NVD',
  exploit_intel: 'CISA KEV, Metasploit, Exploit-DB, GitHub PoC, Nuclei, Sigma, Suricata ET Open lists as of 2025',
  patch: 'vendor advisory',
};

export const records2: CatalogueRecord[] = [
  {
    cve_id: 'CVE-2022-22965',
    title: 'Spring4Shell: remote code execution in Spring Framework data binding',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'Spring MVC and Spring WebFlux applications running on JDK 9 or later could be abused through data binding to reach class loader properties, which lets a remote attacker write a web shell and run code, at least when deployed as a WAR on Apache Tomcat.',
    published_date: '2022-04-01',
    cwe_ids: ['CWE-94'],
    cwe_names: { 'CWE-94': "Improper Control of Generation of Code ('Code Injection')" },
    explanation: {
      summary:
        'An attacker on the internet, without logging in, sends a request with specially named form parameters to a vulnerable Spring web application and makes Tomcat write a file that then runs the attacker\'s commands.',
      affected:
        'Spring Framework 5.3.0 to 5.3.17, 5.2.0 to 5.2.19 and older unsupported versions, in applications on JDK 9+ packaged as a WAR and deployed on Tomcat. Check the spring-webmvc or spring-webflux version in your build file.',
      fix:
        'Upgrade to Spring Framework 5.3.18 or 5.2.20 (released 31 March 2022) or later, or Spring Boot 2.6.6 / 2.5.12. Upgrading Tomcat to 10.0.20, 9.0.62 or 8.5.78 also closes the known attack path. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-22965', ref_type: 'advisory' },
        { title: 'Spring security advisory CVE-2022-22965', url: 'https://spring.io/security/cve-2022-22965', ref_type: 'advisory' },
        { title: 'Spring blog: early announcement of the RCE', url: 'https://spring.io/blog/2022/03/31/spring-framework-rce-early-announcement', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2022-04-01',
      patch_urls: ['https://spring.io/security/cve-2022-22965'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'vmware', tag_type: 'vendor' },
      { tag: 'spring framework', tag_type: 'product' },
      { tag: 'java', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2021-26855',
    title: 'ProxyLogon: server-side request forgery in Microsoft Exchange',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'On-premises Microsoft Exchange Server let an unauthenticated attacker send requests that the server forwarded internally as if they were authenticated, the first step of the ProxyLogon chain that leads to code execution.',
    published_date: '2021-03-03',
    cwe_ids: [],
    cwe_names: {},
    explanation: {
      summary:
        'An attacker who can reach an Exchange server over HTTPS, with no account, can pose as the server itself, read mailboxes and, combined with a second flaw (CVE-2021-27065), install a web shell. Tens of thousands of servers were compromised in early 2021.',
      affected:
        'Microsoft Exchange Server 2013, 2016 and 2019 (on-premises) without the March 2021 security updates; Exchange Online is not affected. Microsoft\'s Exchange Health Checker script reports whether the update is installed.',
      fix:
        'Install the Exchange security updates released on 2 March 2021 for your cumulative update level, then check for web shells and other signs of compromise. CISA KEV requires applying updates per vendor instructions. Microsoft\'s one-click mitigation tool offered a temporary rewrite rule for servers that could not be patched at once.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-26855', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2021-26855', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2021-26855', ref_type: 'advisory' },
        { title: 'ProxyLogon write-up', url: 'https://proxylogon.com/', ref_type: 'article' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Nuclei'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2021-03-03',
      patch_urls: ['https://msrc.microsoft.com/update-guide/vulnerability/CVE-2021-26855'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'exchange server', tag_type: 'product' },
      { tag: 'email', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2022-30190',
    title: 'Follina: code execution through the Windows MSDT URL handler',
    severity: 'HIGH',
    cvss_score: 7.8,
    description:
      'The Microsoft Support Diagnostic Tool could be launched through the ms-msdt URL protocol from an application such as Word, and crafted parameters made it run attacker-supplied PowerShell code with the rights of the calling program.',
    published_date: '2022-06-01',
    cwe_ids: [],
    cwe_names: {},
    explanation: {
      summary:
        'An attacker sends a booby-trapped Word document (or RTF file); when the victim opens it, or even just previews it in Explorer, commands of the attacker\'s choosing run on the computer with the user\'s rights. No macros are needed, but the victim must open or preview the file.',
      affected:
        'Supported versions of Windows and Windows Server with MSDT present, before the June 2022 cumulative updates. Check Windows Update history for the June 2022 (or later) cumulative update.',
      fix:
        'Install the Windows cumulative update of 14 June 2022 or later. Before that, Microsoft\'s workaround was to disable the MSDT URL protocol by deleting the HKEY_CLASSES_ROOT\\ms-msdt registry key. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2022-30190', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2022-30190', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2022-30190', ref_type: 'advisory' },
        { title: 'MSRC guidance for the MSDT vulnerability', url: 'https://msrc.microsoft.com/blog/2022/05/guidance-for-cve-2022-30190-microsoft-support-diagnostic-tool-vulnerability/', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Sigma', 'Suricata ET Open'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'available',
      patch_date: '2022-06-14',
      patch_urls: ['https://msrc.microsoft.com/update-guide/vulnerability/CVE-2022-30190'],
      days_unpatched: 13,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'office', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2021-34527',
    title: 'PrintNightmare: code execution through the Windows Print Spooler',
    severity: 'HIGH',
    cvss_score: 8.8,
    description:
      'The Windows Print Spooler service did not properly restrict privileged file operations, so a user with a domain account could install a malicious printer driver remotely and run code as SYSTEM.',
    published_date: '2021-07-02',
    cwe_ids: ['CWE-269'],
    cwe_names: { 'CWE-269': 'Improper Privilege Management' },
    explanation: {
      summary:
        'Anyone with an ordinary account in the network can reach the Print Spooler service of a Windows machine, including domain controllers, and make it load a driver of their choosing, taking full control of that machine. Local use turns a normal user into an administrator.',
      affected:
        'All supported Windows and Windows Server versions with the Print Spooler service running, before the July 2021 out-of-band update. Check whether the Spooler service is running (`Get-Service Spooler`) and whether the update is installed.',
      fix:
        'The July 2021 out-of-band update (released 6 July 2021) is only a partial fix: systems stay exposed if the Point and Print policy allows installing drivers without elevation (NoWarningNoElevationOnInstall set to 1). Install the update and later cumulative updates, make sure that setting is 0 or absent, and disable the Print Spooler where printing is not needed, especially on domain controllers. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-34527', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2021-34527', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2021-34527', ref_type: 'advisory' },
        { title: 'KB5005010: restricting installation of new printer drivers', url: 'https://support.microsoft.com/en-us/topic/kb5005010-restricting-installation-of-new-printer-drivers-after-applying-the-july-6-2021-updates-31b91c02-05bc-4ada-a7ea-183b129578a7', ref_type: 'mitigation' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Sigma'],
      exploit_sources: ['CISA KEV', 'Metasploit', 'GitHub PoC'],
    },
    patch: {
      status: 'partial',
      patch_date: '2021-07-06',
      patch_urls: ['https://msrc.microsoft.com/update-guide/vulnerability/CVE-2021-34527'],
      days_unpatched: 4,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'print spooler', tag_type: 'product' },
      { tag: 'active directory', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2024-6387',
    title: 'regreSSHion: race condition in the OpenSSH server',
    severity: 'HIGH',
    cvss_score: 8.1,
    description:
      'A regression in OpenSSH\'s sshd reintroduced an unsafe signal handler: when a client does not finish logging in within the grace time, the handler calls functions that are not safe in that context, which a remote attacker can turn into code execution as root on glibc-based Linux.',
    published_date: '2024-07-01',
    cwe_ids: ['CWE-364'],
    cwe_names: { 'CWE-364': 'Signal Handler Race Condition' },
    explanation: {
      summary:
        'An attacker on the network, without an account, opens many SSH connections and times them precisely to win a race in the server, which can give them root on the machine. The attack is slow (hours of attempts on 32-bit systems in the research), but needs no user action.',
      affected:
        'OpenSSH sshd from 8.5p1 up to 9.7p1 (and versions before 4.4p1 without the old fixes) on glibc-based Linux systems. Run `sshd -V` or `ssh -V` and check your distribution\'s package version, since distributions backport fixes.',
      fix:
        'Upgrade to OpenSSH 9.8p1 (released 1 July 2024) or your distribution\'s patched package. If you cannot, setting LoginGraceTime to 0 in sshd_config removes the code execution risk but makes the server easier to tie up with idle connections.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-6387', ref_type: 'advisory' },
        { title: 'OpenSSH 9.8 release notes', url: 'https://www.openssh.com/txt/release-9.8', ref_type: 'patch' },
        { title: 'Qualys advisory: regreSSHion', url: 'https://www.qualys.com/2024/07/01/cve-2024-6387/regresshion.txt', ref_type: 'article' },
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
      patch_date: '2024-07-01',
      patch_urls: ['https://www.openssh.com/txt/release-9.8'],
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
    provenance: { ...provenance, cvss_score: 'Red Hat (CNA) CVSS v3.1', cwe_ids: 'Red Hat (CNA)' },
  },
  {
    cve_id: 'CVE-2017-5638',
    title: 'Apache Struts 2 remote code execution via the Content-Type header',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'The Jakarta Multipart parser in Apache Struts 2 evaluated an invalid Content-Type header as an OGNL expression while building an error message, letting a remote attacker run arbitrary commands.',
    published_date: '2017-03-11',
    cwe_ids: ['CWE-755'],
    cwe_names: { 'CWE-755': 'Improper Handling of Exceptional Conditions' },
    explanation: {
      summary:
        'An attacker on the internet, with no account, sends one HTTP request with a malicious Content-Type header to a Struts 2 web application and runs commands on the server. This flaw was used in the 2017 Equifax breach.',
      affected:
        'Apache Struts 2.3.5 to 2.3.31 and 2.5 to 2.5.10 using the default Jakarta multipart parser. Check the struts2-core JAR version in your application.',
      fix:
        'Upgrade to Struts 2.3.32 or 2.5.10.1 (released 6 March 2017) or later. As a stop-gap, switch to a different multipart parser. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2017-5638', ref_type: 'advisory' },
        { title: 'Apache Struts security bulletin S2-045', url: 'https://cwiki.apache.org/confluence/display/WW/S2-045', ref_type: 'advisory' },
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
      patch_date: '2017-03-11',
      patch_urls: ['https://cwiki.apache.org/confluence/display/WW/S2-045'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'apache', tag_type: 'vendor' },
      { tag: 'struts', tag_type: 'product' },
      { tag: 'java', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance,
  },
  {
    cve_id: 'CVE-2019-0708',
    title: 'BlueKeep: wormable remote code execution in Remote Desktop Services',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description:
      'Remote Desktop Services in older Windows versions mishandled requests sent before authentication, so an attacker who connects over RDP can run code on the system without logging in.',
    published_date: '2019-05-16',
    cwe_ids: ['CWE-20'],
    cwe_names: { 'CWE-20': 'Improper Input Validation' },
    explanation: {
      summary:
        'Anyone who can reach a vulnerable machine\'s Remote Desktop port (3389) can take it over without a password or any user action, and the flaw could let malware spread from machine to machine on its own.',
      affected:
        'Windows XP, Vista, 7, Server 2003, Server 2008 and Server 2008 R2 with Remote Desktop enabled; Windows 8 and 10 are not affected. Check that the May 2019 security update is installed.',
      fix:
        'Install the May 2019 security update (released 14 May 2019; Microsoft also shipped patches for out-of-support XP and Server 2003). Enable Network Level Authentication and block port 3389 from the internet as extra layers. CISA KEV requires applying updates per vendor instructions.',
      references: [
        { title: 'NVD entry', url: 'https://nvd.nist.gov/vuln/detail/CVE-2019-0708', ref_type: 'advisory' },
        { title: 'Microsoft security update guide CVE-2019-0708', url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2019-0708', ref_type: 'advisory' },
        { title: 'Customer guidance for CVE-2019-0708 (XP and Server 2003)', url: 'https://support.microsoft.com/en-us/topic/customer-guidance-for-cve-2019-0708-remote-desktop-services-remote-code-execution-vulnerability-may-14-2019-0624e35b-5f5d-6da7-632c-27066a79262e', ref_type: 'patch' },
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
      patch_date: '2019-05-16',
      patch_urls: ['https://msrc.microsoft.com/update-guide/vulnerability/CVE-2019-0708'],
      days_unpatched: 0,
    },
    tags: [
      { tag: 'microsoft', tag_type: 'vendor' },
      { tag: 'windows', tag_type: 'product' },
      { tag: 'rdp', tag_type: 'technology' },
    ],
    in_kev: true,
    rejected: false,
    demo: true,
    provenance: { ...provenance, cvss_score: 'NVD primary CVSS v3.0' },
  },
];
