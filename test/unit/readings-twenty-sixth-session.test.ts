/**
 * Readings of the twenty-sixth session (the h53 and h54 blind sets, the twenty-second and twenty-third readings of twenty
 * random records), each beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { rangeContains } from '../../shared/domain/cpe/version-ranges.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { describedProduct } from '../../shared/ingest/facts/described-product.js';
import { CpeTitles } from '../../shared/ingest/names/cpe-titles.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

describe('gains the description states in its own words', () => {
  it('reads sensitive data changed as changed, not read (Foundry EdgeIron CVE-2002-0478, the twenty-third reading)', () => {
    expect(
      describedImpacts(
        'The default configuration of Foundry Networks EdgeIron 4802F allows remote attackers to modify sensitive information via arbitrary SNMP community strings.',
      ),
    ).toEqual(['data_tampering']);
    expect(describedImpacts('An attacker can potentially leverage the vulnerability to corrupt sensitive data or execute arbitrary code.')).toEqual([
      'code_execution',
      'data_tampering',
    ]);
  });

  it('keeps "gain, modify, and delete sensitive information" read and changed (open-falcon CVE-2021-27523), and a parameter named "modify" no gain', () => {
    expect(
      describedImpacts('allows remote attackers to gain, modify, and delete sensitive information via crafted POST request to register interface.'),
    ).toEqual(['information_disclosure', 'data_tampering']);
    expect(
      describedImpacts(
        'allows remote attackers to read potentially sensitive information, such as the version, via an incorrect login and a modified (1) error or (2) modify parameter.',
      ),
    ).toEqual(['information_disclosure']);
  });

  it('keeps data both read and changed ("obtain or modify sensitive data", "read and modify sensitive information")', () => {
    expect(describedImpacts('allows remote attackers to obtain or modify sensitive data via unspecified vectors.')).toEqual([
      'information_disclosure',
      'data_tampering',
    ]);
    expect(describedImpacts('allows users to read and modify sensitive information such as passwords')).toEqual(['information_disclosure', 'data_tampering']);
  });

  it('reads "disclosure of the administrator login name and password" (Intelbras CVE-2019-17600, the twenty-third reading)', () => {
    expect(
      describedImpacts('Intelbras IWR 1000N 1.6.4 devices allow disclosure of the administrator login name and password because v1/system/user is mishandled.'),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('Foo 1.2 allows disclosure of the product version.')).toEqual([]);
  });

  it('reads settings viewed as disclosed (GitLab\'s "to view and edit group runner settings", CVE-2019-15721)', () => {
    expect(describedImpacts('An internal endpoint unintentionally allowed group maintainers to view and edit group runner settings.')).toEqual([
      'information_disclosure',
    ]);
    expect(describedImpacts('Foo 1.2 mishandles the view of its settings page.')).toEqual([]);
  });

  it('reads a file upload outside the intended directory as written files (LRM CVE-2022-1518, h54)', () => {
    expect(
      describedImpacts('LRM contains a directory traversal vulnerability that can allow a malicious actor to upload outside the intended directory structure.'),
    ).toEqual(['data_tampering']);
    // The weakness alone states no gain (its CWE's is the fallback, read elsewhere).
    expect(describedImpacts('LRM contains a directory traversal vulnerability.')).toEqual([]);
  });

  it("reads files a web site uploads from the client as the client's files read (Opera CVE-2002-0898, h53)", () => {
    expect(
      describedImpacts(
        'Opera 6.0.1 and 6.0.2 allows a remote web site to upload arbitrary files from the client system, without prompting the client, via an input type=file tag whose value contains a newline.',
      ),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('allows remote authenticated users to upload arbitrary files to the server')).toEqual(['data_tampering']);
  });

  it('reads "has unknown consequences" as an impact the record does not name (Sendmail CVE-2003-0681, h54)', () => {
    expect(describedImpacts('A "potential buffer overflow in ruleset parsing" for Sendmail 8.12.9 has unknown consequences.')).toEqual(['unspecified']);
    expect(describedImpacts('Foo 1.2 has unknown vectors that allow remote attackers to cause a denial of service.')).toEqual(['denial_of_service']);
  });
});

describe('what is no gain', () => {
  it("reads no write in the program's own temp file (gzip's gzexe CVE-2004-0603, h54)", () => {
    expect(
      describedImpacts(
        'gzexe in gzip 1.3.3 and earlier will execute an argument when the creation of a temp file fails instead of exiting the program, which could allow remote attackers or local users to execute arbitrary commands.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote attackers to force the creation of arbitrary files')).toEqual(['data_tampering']);
  });

  it('reads a name given a script as the cross-site scripting, not a second gain (October CMS CVE-2018-1999008, the twenty-third reading)', () => {
    expect(
      describedImpacts(
        'October CMS prior to build 437 contains a Cross Site Scripting (XSS) vulnerability in the Media module that can result in an Authenticated user with media module permission creating arbitrary folder name with XSS content.',
      ),
    ).toEqual(['cross_site_scripting']);
    expect(describedImpacts('allows remote authenticated users to create arbitrary folders outside the media directory')).toEqual(['data_tampering']);
  });
});

describe('a gain in a numbered list, and in NVD\'s "NOTE: this can be leveraged for …"', () => {
  it("keeps the second gain after the first one's via-clause (PatchLink CVE-2008-0525, h53)", () => {
    expect(
      describedImpacts(
        'PatchLink Update client for Unix allows local users to (1) truncate arbitrary files via a symlink attack on the /tmp/patchlink.tmp file used by the logtrimmer script, and (2) execute arbitrary code via a symlink attack on the /tmp/plshutdown file used by the rebootTask script.',
      ),
    ).toEqual(['code_execution', 'data_tampering']);
    // "(2) ZIP archive" after a via names the vector's second item, no gain.
    expect(describedImpacts('allows remote attackers to read arbitrary files via a .. (dot dot) in a filename within a (1) TAR or (2) ZIP archive.')).toEqual([
      'information_disclosure',
    ]);
  });

  it('reads the gain the note says the flaw can be leveraged for (net2ftp CVE-2008-5275, h53)', () => {
    expect(
      describedImpacts(
        'Multiple directory traversal vulnerabilities in net2ftp 0.96 allow remote attackers to create or delete arbitrary files via a .. (dot dot) in a filename within a ZIP archive.  NOTE: this can be leveraged for code execution by creating a .php file.',
      ),
    ).toEqual(['code_execution', 'data_tampering']);
  });

  it('leaves a note that leans on other flaws, and any other note', () => {
    expect(
      describedImpacts(
        'Foo allows remote attackers to create arbitrary files. NOTE: this can be leveraged with other Tr Forum vulnerabilities to allow unauthenticated attackers to gain privileges.',
      ),
    ).toEqual(['data_tampering']);
    expect(describedImpacts('Foo allows remote attackers to create arbitrary files. NOTE: the vendor disputes that this can execute arbitrary code.')).toEqual([
      'data_tampering',
    ]);
  });
});

describe('who attacks', () => {
  it('makes a user visit a web site that attacks them (Opera CVE-2002-0898, h53)', () => {
    expect(
      describedAttack('Opera 6.0.2 allows a remote web site to upload arbitrary files from the client system via an input type=file tag.').userInteraction,
    ).toBe(true);
    expect(
      describedAttack('Stack-based buffer overflow in IntelliTamper 2.07 allows remote web sites to execute arbitrary code via a long HTTP Server header.')
        .userInteraction,
    ).toBe(true);
    expect(describedAttack('Foo allows remote attackers to execute arbitrary code via a long HTTP Server header.').userInteraction).toBe(false);
  });

  it('puts an attacker who calls an endpoint on the network (Applio CVE-2025-27787, h53)', () => {
    expect(describedAttack('Using a file write, one can write a config.json file. Then one can access this endpoint to kill these processes.').position).toBe(
      'remote',
    );
    expect(describedAttack('Using a file write, one can write a config.json file that kills these processes.').position).toBeUndefined();
  });

  it('says the permission an account needs where the description names one (October CMS, the twenty-third reading)', () => {
    const withPermission = derivedFixture(
      'October CMS contains a Cross Site Scripting (XSS) vulnerability in the Media module that can be exploited by an Authenticated user with media module permission.',
      [orNode({ criteria: 'cpe:2.3:a:octobercms:october:1.0.412:*:*:*:*:*:*:*' })],
    );
    expect(withPermission.explanation!.summary).toContain('An attacker with an account that has the media module permission, over the network,');
    const degree = derivedFixture(
      'October CMS contains a Cross Site Scripting (XSS) vulnerability that can be exploited by remote authenticated users with low privileges.',
      [orNode({ criteria: 'cpe:2.3:a:octobercms:october:1.0.412:*:*:*:*:*:*:*' })],
    );
    expect(degree.explanation!.summary).toContain('An attacker who can sign in to it (any account) over the network');
  });
});

describe("the product of a record that lists none, Red Hat's template (libsoup CVE-2025-32912, the twenty-second reading)", () => {
  const named = (text: string) => describedProduct(text).map((p) => `${p.product} ${p.name}`);

  it('reads "A flaw was found in libsoup, where …" up to its clause', () => {
    expect(named('A flaw was found in libsoup, where SoupAuthDigest is vulnerable to a NULL pointer dereference.')).toEqual(['libsoup:libsoup libsoup']);
    expect(named('A flaw was found in the 389-ds-base LDAP Server. This issue occurs when issuing a Modify DN LDAP operation.')).toEqual([
      '389-ds-base:ldap_server 389-ds-base LDAP Server',
    ]);
    expect(named("A flaw was found in OpenSSL's handling of the properties argument in certain functions.")).toEqual(['openssl:openssl OpenSSL']);
    expect(named('A flaw was found in the Keycloak organization feature, which allows the incorrect assignment of an organization.')).toEqual([
      'keycloak:keycloak Keycloak',
    ]);
    expect(
      named('A flaw was found in the ATA over Ethernet (AoE) driver in the Linux kernel. The aoecmd_cfg_pkts() function improperly updates a refcount.'),
    ).toEqual(['linux:linux_kernel Linux kernel']);
  });

  it('leaves a name spelt as code, and keys a bracketed short name by the whole name (Macromedia CPS CVE-2005-3800, h53)', () => {
    expect(named('A flaw was found in command/gpg. In some scenarios, hooks are not removed.')).toEqual([]);
    // Siemens' template with a short name in brackets before the versions' (License Server, CVE-2025-29999).
    expect(
      named('A vulnerability has been identified in Siemens License Server (SLS) (All versions < V4.3). The affected application searches for files.'),
    ).toEqual(['siemens:license_server Siemens License Server (SLS)']);
    expect(named('A vulnerability has been identified in SCALANCE LPE9403 (6GK5998-3GS00-2AC2) (All versions). The device mishandles input.')).toEqual([
      'siemens:scalance_lpe9403 Siemens SCALANCE LPE9403',
    ]);
    expect(named('Macromedia Contribute Publishing Server (CPS) before 1.11 uses a weak algorithm to encrypt user password.')).toEqual([
      'macromedia:contribute_publishing_server Macromedia Contribute Publishing Server (CPS)',
    ]);
    const record = derivedFixture(
      'Macromedia Contribute Publishing Server (CPS) before 1.11 uses a weak algorithm to encrypt user password, which allows attackers to obtain sensitive information.',
    );
    expect(record.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['macromedia:contribute_publishing_server 1.11']);
    expect(record.explanation!.fix).toContain('Update Macromedia Contribute Publishing Server (CPS) to version 1.11 or later');
  });
});

describe('versions placed on their product', () => {
  it("gives each product of a CNA's list after a blank line its own versions (ABB's Symphony Plus CVE-2024-0335)", () => {
    const record = derivedFixture(
      'ABB has identified a vulnerability in the ABB VPNI feature which may be used by several Symphony Plus products (e.g., S+ Operations, S+ Engineering and S+ Analyst)\n\n\nThis issue affects Symphony Plus S+ Operations: from 3.0 through 3.3 SP1 RU4; Symphony Plus S+ Engineering: from 2.1 through 2.3 RU3; Symphony Plus S+ Analyst: from 7.0.0.0 through 7.2.0.2.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:abb:symphony_plus_s\\+_operations:*:*:*:*:*:*:*:*', versionStartIncluding: '3.0', versionEndIncluding: '3.3' },
          { criteria: 'cpe:2.3:a:abb:symphony_plus_s\\+_engineering:*:*:*:*:*:*:*:*', versionStartIncluding: '2.1', versionEndIncluding: '2.3' },
          { criteria: 'cpe:2.3:a:abb:symphony_plus_s\\+_analyst:*:*:*:*:*:*:*:*', versionStartIncluding: '7.0.0.0', versionEndIncluding: '7.2.0.2' },
        ),
      ],
    );
    const described = record.facts!.last_affected.filter((l) => l.source === 'description').map((l) => `${l.product.split(':')[1]} ${l.version}`);
    expect(described.sort()).toEqual(['symphony_plus_s+_analyst 7.2.0.2', 'symphony_plus_s+_engineering 2.3 RU3', 'symphony_plus_s+_operations 3.3 SP1 RU4']);
  });

  it("reads a bracket that bounds one gain as no newest affected release (the kernel's KASLR bypass, CVE-2017-13694)", () => {
    const record = derivedFixture(
      'The acpi_ps_complete_final_op() function in drivers/acpi/acpica/psobject.c in the Linux kernel through 4.12.9 does not flush the node caches, which allows local users to obtain sensitive information from kernel memory and bypass the KASLR protection mechanism (in the kernel through 4.9) via a crafted ACPI table.',
      [orNode({ criteria: 'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*', versionEndIncluding: '4.12.9' })],
    );
    expect(record.facts!.last_affected.map((l) => l.version)).toEqual(['4.12.9']);
    expect(record.explanation!.fix).not.toContain('4.9 as');
  });

  it("keeps a bracket's version where the description states no other (CVE-2017-11472)", () => {
    const record = derivedFixture(
      'The acpi_ns_terminate() function in the Linux kernel does not flush the operand cache, which allows local users to bypass the KASLR protection mechanism (in the kernel through 4.9) via a crafted ACPI table.',
      [orNode({ criteria: 'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*', versionEndIncluding: '4.9' })],
    );
    expect(record.facts!.last_affected.map((l) => l.version)).toContain('4.9');
  });

  it('writes a month-and-year release as Sun does ("Sun Cluster 3.1 4/04", CVE-2006-1601)', () => {
    const record = derivedFixture('Unspecified vulnerability in SunPlex Manager in Sun Cluster 3.1 4/04 allows local users to view arbitrary files.', [
      orNode({ criteria: 'cpe:2.3:a:sun:cluster:3.1:4_04:*:*:*:*:*:*' }),
    ]);
    expect(record.explanation!.affected).toContain('version 3.1 4/04');
    const update = derivedFixture('Foo 2.0 rc1 allows local users to view arbitrary files.', [orNode({ criteria: 'cpe:2.3:a:foo:foo:2.0:rc_1:*:*:*:*:*:*' })]);
    expect(update.explanation!.affected).toContain('2.0 rc 1');
  });
});

describe('names', () => {
  it("uses the description's maker where the dictionary title names another (Micronet's SP916BM, CVE-2004-1591)", () => {
    const titles = new CpeTitles();
    titles.add({ vendor: 'micronet', product: 'sp916bm', version: '1.9', title: 'Microsoft Wireless Broadband Router SP916BM 1.9' });
    const record = derivedFixture(
      'The web interface for Micronet Wireless Broadband Router SP916BM running firmware before 1.9 resets the password to the default password.',
      [orNode({ criteria: 'cpe:2.3:h:micronet:sp916bm:1.9:*:*:*:*:*:*:*' })],
      { cpeTitles: titles },
    );
    expect(record.explanation!.affected).toContain('Micronet SP916BM');
    expect(record.explanation!.affected).not.toContain('Microsoft');
  });

  it("keeps a title by another maker the description names too (Oracle's MySQL, Yamaha's routers)", () => {
    const titles = new CpeTitles();
    titles.add({ vendor: 'yahama', product: 'rt102i', version: '*', title: 'Yamaha RT102i' });
    const record = derivedFixture('Yamaha RT102i routers allow remote attackers to cause a denial of service.', [
      orNode({ criteria: 'cpe:2.3:h:yahama:rt102i:-:*:*:*:*:*:*:*' }),
    ]);
    expect(
      derivedFixture(record.description, [orNode({ criteria: 'cpe:2.3:h:yahama:rt102i:-:*:*:*:*:*:*:*' })], { cpeTitles: titles }).explanation!.affected,
    ).toContain('Yamaha RT102i');
  });

  it('names a product by the words one letter from its token ("Markdown on Save Improved", CVE-2016-4812)', () => {
    const record = derivedFixture(
      'Cross-site scripting (XSS) vulnerability in the Markdown on Save Improved plugin before 2.5.1 for WordPress allows remote attackers to inject arbitrary web script.',
      [orNode({ criteria: 'cpe:2.3:a:markdown_on_saved_improved_project:markdown_on_saved_improved:*:*:*:*:*:wordpress:*:*', versionEndIncluding: '2.5' })],
    );
    expect(record.title).toContain('Markdown on Save Improved');
    expect(record.title).not.toContain('Saved');
  });

  it('leaves a letter changed, and a list\'s number, to the token\'s spelling ("Burak Yylmaz", "Medal of Honor (1) Allied Assault")', () => {
    const changed = derivedFixture(
      'SQL injection vulnerability in down.asp in Burak Yylmaz Download Portal allows remote attackers to execute arbitrary SQL commands.',
      [orNode({ criteria: 'cpe:2.3:a:maxiasp:burak_yilmaz_download_portal:*:*:*:*:*:*:*:*' })],
    );
    expect(changed.title).not.toContain('Yylmaz');
    const numbered = derivedFixture(
      'Buffer overflow in Medal of Honor (1) Allied Assault 1.11v9 and earlier allows remote attackers to execute arbitrary code.',
      [orNode({ criteria: 'cpe:2.3:a:electronic_arts:medal_of_honor_allied_assault:*:*:*:*:*:*:*:*' })],
    );
    expect(numbered.title).not.toContain('Honor 1');
  });

  it('leaves a short token one letter from a word ("Foo Bar Baz" is no `foo_bar_bat`)', () => {
    const record = derivedFixture(
      'Cross-site scripting (XSS) vulnerability in Foo Bar Baz before 2.5.1 allows remote attackers to inject arbitrary web script.',
      [orNode({ criteria: 'cpe:2.3:a:foo:foo_bar_bat:*:*:*:*:*:*:*:*', versionEndIncluding: '2.5' })],
    );
    expect(record.title).not.toContain('Foo Bar Baz');
  });
});

describe('a system named as a subject, not as where an application runs (Windows 2000 and Interix, CVE-2002-0020)', () => {
  it('keeps Windows 2000 primary where it is named first, not after "on"', () => {
    const record = derivedFixture(
      'Buffer overflow in telnet server in Windows 2000 and Interix 2.2 allows remote attackers to execute arbitrary code via malformed protocol options.',
      [orNode({ criteria: 'cpe:2.3:a:microsoft:interix:2.2:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:o:microsoft:windows_2000:*:*:*:*:*:*:*:*' })],
    );
    expect(record.facts!.products.filter((p) => p.primary).map((p) => p.product)).toEqual(['microsoft:windows_2000', 'microsoft:interix']);
  });

  it('sets aside a system named as the platform ("Adobe Reader on Windows")', () => {
    const record = derivedFixture('Adobe Reader 9.1 on Windows allows remote attackers to execute arbitrary code via a crafted PDF file.', [
      orNode({ criteria: 'cpe:2.3:a:adobe:reader:9.1:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:o:microsoft:windows:*:*:*:*:*:*:*:*' }),
    ]);
    expect(record.facts!.products.filter((p) => p.primary).map((p) => p.product)).toEqual(['adobe:reader']);
  });
});

describe('the h55 and h56 blind sets', () => {
  it('reads an increase in resource use as a denial of service, by requests over the network (F5 CVE-2025-41399)', () => {
    const text =
      'When a Stream Control Transmission Protocol (SCTP) profile is configured on a virtual server, undisclosed requests can cause an increase in memory resource utilization.';
    expect(describedImpacts(text)).toEqual(['denial_of_service']);
    expect(describedAttack(text).position).toBe('remote');
    expect(describedImpacts('The patch reduces memory resource utilization.')).toEqual([]);
  });

  it('reads "inject arbitrary SQL code" as SQL injection (Bugzilla CVE-2002-0010)', () => {
    expect(describedImpacts('Bugzilla before 2.14.1 allows remote attackers to inject arbitrary SQL code and create files via the sql parameter.')).toContain(
      'sql_injection',
    );
    expect(describedImpacts('Foo allows remote attackers to inject arbitrary PHP code via the sql parameter.')).not.toContain('sql_injection');
  });

  it('reads root gained through shell metacharacters as commands run (Cisco DPC3939 CVE-2017-9483)', () => {
    expect(
      describedImpacts(
        'The Comcast firmware on Cisco DPC3939 devices allows Network Processor (NP) Linux users to obtain root access to the Application Processor (AP) Linux system via shell metacharacters in commands.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation']);
    expect(describedImpacts('classifieds.cgi allows remote attackers to read arbitrary files via shell metacharacters.')).toEqual(['information_disclosure']);
    expect(describedImpacts('AIX cdmount allows local users to gain root privileges via a long argument.')).toEqual(['privilege_escalation']);
  });

  it("reads Squid's STABLE releases whole (CVE-2004-2654)", () => {
    const record = derivedFixture(
      'The clientAbortBody function in Squid Web Proxy Cache before 2.6 STABLE6 allows remote attackers to cause a denial of service.',
      [orNode({ criteria: 'cpe:2.3:a:squid:squid:2.5:stable5:*:*:*:*:*:*' })],
    );
    expect(record.facts!.fixed_in.map((f) => f.version)).toEqual(['2.6 STABLE6']);
  });

  it("gives macOS Apple's security updates beside its numbered fix, where the record lists no product (CVE-2021-30737)", () => {
    const record = derivedFixture(
      'A memory corruption issue in the ASN.1 decoder was addressed by removing the vulnerable code. This issue is fixed in tvOS 14.6, Security Update 2021-004 Mojave, iOS 14.6 and iPadOS 14.6, Security Update 2021-003 Catalina, macOS Big Sur 11.4. Processing a maliciously crafted certificate may lead to arbitrary code execution.',
    );
    const macos = record.facts!.fixed_in.filter((f) => f.product === 'apple:macos').map((f) => `${f.version} (${f.branch})`);
    expect(macos).toEqual(['11.4 (11)', 'Security Update 2021-004 Mojave (10.14)', 'Security Update 2021-003 Catalina (10.15)']);
    const single = derivedFixture(
      'An issue was addressed. This issue is fixed in tvOS 14.6, macOS Big Sur 11.4. Processing a crafted file may lead to a crash.',
    );
    expect(single.facts!.fixed_in.filter((f) => f.product === 'apple:macos').map((f) => `${f.version} (${f.branch})`)).toEqual(['11.4 (null)']);
  });
});

describe('the twenty-fourth and twenty-fifth readings', () => {
  it('makes "a user who is logged into the server" a signed-in attacker (Zulip CVE-2019-16215)', () => {
    expect(describedAttack('A user who is logged into the server could send a crafted message causing the server to spend CPU time.').privileges).toBe('user');
    expect(describedAttack('A remote attacker could send a crafted message to a user who reads it.').privileges).toBe('none');
    // The victim a CSRF tricks is no attacker's account (D-Link, CVE-2017-8406).
    expect(
      describedAttack('This allows an attacker to trick a user who is logged in to the web management interface into executing a cross-site flashing attack.')
        .privileges,
    ).not.toBe('user');
  });

  it('reads an out-of-bounds read while processing files as the bug, not files read (Fatek CVE-2022-21209)', () => {
    expect(
      describedImpacts(
        'The affected product is vulnerable to an out-of-bounds read while processing project files, which allows an attacker to craft a project file that would allow arbitrary code execution.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('An out-of-bounds read while parsing files allows attackers to obtain sensitive information.')).toEqual(['information_disclosure']);
  });

  it('reads "with Security Patch" in the affected release as no fix (MyBB CVE-2005-2580)', () => {
    const record = derivedFixture(
      'Multiple SQL injection vulnerabilities in MyBulletinBoard (MyBB) 1.00 RC4 with Security Patch allow remote attackers to execute arbitrary SQL commands.',
      [orNode({ criteria: 'cpe:2.3:a:mybulletinboard:mybulletinboard:1.00_rc4_security_patch:*:*:*:*:*:*:*' })],
    );
    expect(record.facts!.fix_stated).toBe(false);
    const patched = derivedFixture('SQL injection in Foo 1.0 allows remote attackers to execute arbitrary SQL commands. A patch is available.', [
      orNode({ criteria: 'cpe:2.3:a:foo:foo:1.0:*:*:*:*:*:*:*' }),
    ]);
    expect(patched.facts!.fix_stated).toBe(true);
  });

  it('calls no fix disputed that a list after a fix names and NVD lists (NuFW CVE-2005-3950)', () => {
    const record = derivedFixture('nuauth in NuFW 1.0.x before 1.0.16 and 1.1 allows authenticated users to cause a denial of service via malformed packets.', [
      orNode({ criteria: 'cpe:2.3:a:nufw:nufw:1.0.15:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:a:nufw:nufw:1.1:*:*:*:*:*:*:*' }),
    ]);
    expect(record.explanation!.fix).not.toContain('gives 1.1 as fixed');
    expect(record.facts!.fixed_in.map((f) => f.version)).toEqual(['1.0.16']);
    const disputed = derivedFixture('Foo before 2.5 allows remote attackers to cause a denial of service.', [
      orNode({ criteria: 'cpe:2.3:a:foo:foo:*:*:*:*:*:*:*:*', versionEndIncluding: '2.5' }),
    ]);
    expect(disputed.explanation!.fix).toContain('The description gives 2.5 as fixed');
  });
});

describe("Huawei's phone builds, each model and region its own (CVE-2017-17171, h56)", () => {
  it('gives a build named in any case to its own model\'s firmware ("Maya-L02C636B126", CVE-2017-8173)', () => {
    const firmware = (model: string, end: string) => ({ criteria: `cpe:2.3:o:huawei:${model}_firmware:*:*:*:*:*:*:*:*`, versionEndExcluding: end });
    const record = derivedFixture(
      'Maya-L02,VKY-L09 smart phones with software of earlier than Maya-L02C636B126 versions,earlier than VKY-L09C10B151 versions have a bypass vulnerability.',
      [orNode(firmware('maya-l02', 'maya-l02c636b126'), firmware('vky-l09', 'vky-l09c10b151'))],
    );
    expect(record.facts!.fixed_in.filter((f) => f.version.toLowerCase() === 'maya-l02c636b126').map((f) => f.product)).toEqual(['huawei:maya-l02_firmware']);
  });

  it("keeps each model's fix, which another model's range does not hold", () => {
    expect(rangeContains({ endExcluding: 'nxt-l29c636b594a' }, 'nxt-al10c00b593')).toBe(false);
    expect(rangeContains({ endExcluding: 'nxt-al10c00b593' }, 'nxt-al10c00b580')).toBe(true);
    expect(rangeContains({ endExcluding: '2.5' }, '2.4')).toBe(true);
    const build = (end: string) => ({ criteria: 'cpe:2.3:o:huawei:mate_8_firmware:*:*:*:*:*:*:*:*', versionEndExcluding: end });
    const record = derivedFixture('Some Huawei smart phones have a denial of service vulnerability due to the improper processing of malicious parameters.', [
      orNode(build('nxt-al10c00b593'), build('nxt-l29c636b594a'), build('nxt-l09c185b583')),
    ]);
    expect(record.facts!.fixed_in.map((f) => f.version).sort()).toEqual(['nxt-al10c00b593', 'nxt-l09c185b583', 'nxt-l29c636b594a']);
  });
});

describe('the twenty-sixth reading (on the final code)', () => {
  it('reads commands run however the description words them (Sendmail, BMC, Siemens)', () => {
    expect(describedImpacts('In older versions of Sendmail, an attacker could use a pipe character to execute root commands.')).toEqual(['code_execution']);
    expect(describedImpacts('which can permit remote attackers to perform pre-authenticated remote commands execution on the Operating System.')).toEqual([
      'code_execution',
    ]);
    expect(
      describedImpacts('An unauthenticated attacker could potentially insert arbitrary code which is executed before firmware verification in the device.'),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote attackers to insert arbitrary records into the database.')).toEqual(['data_tampering']);
  });

  it('makes "would need to have valid administrator credentials" an administrator (Cisco CVE-2021-1208)', () => {
    expect(
      describedAttack(
        'could allow an authenticated, remote attacker to execute arbitrary code. To exploit these vulnerabilities, an attacker would need to have valid administrator credentials on the affected device.',
      ).privileges,
    ).toBe('admin');
    expect(describedAttack('could allow an authenticated, remote attacker to execute arbitrary code.').privileges).toBe('user');
  });

  it('reads no stated fix in a sentence that denies one (Cisco "has not released software updates")', () => {
    const denied = derivedFixture(
      'A flaw in Foo 1.0 could allow a remote attacker to execute arbitrary code. Foo has not released software updates that address these vulnerabilities.',
      [orNode({ criteria: 'cpe:2.3:a:foo:foo:1.0:*:*:*:*:*:*:*' })],
    );
    expect(denied.facts!.fix_stated).toBe(false);
    const stated = derivedFixture(
      'A flaw in Foo 1.0 could allow a remote attacker to execute arbitrary code. Foo has released software updates that address these vulnerabilities.',
      [orNode({ criteria: 'cpe:2.3:a:foo:foo:1.0:*:*:*:*:*:*:*' })],
    );
    expect(stated.facts!.fix_stated).toBe(true);
  });

  it("reads a feature's capitalised name as a place, not a gain (Pagekit's Reset Password feature, CVE-2019-16669)", () => {
    expect(
      describedImpacts(
        'The Reset Password feature in Pagekit 1.0.17 gives a different response depending on whether the e-mail address of a valid user account is entered, which might make it easier for attackers to enumerate accounts.',
      ),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('allows remote attackers to reset the password of any user via the Reset Password feature.')).toEqual(['data_tampering']);
    // A feature the attacker acts on stays the verb's object (Magento's "can manipulate the Synchronization feature in …").
    expect(
      describedImpacts('An authenticated admin user can manipulate the Synchronization feature in the Media File Storage to transform an uploaded file.'),
    ).toEqual([]);
    // "resetting the administrator's password" (R-HUB, CVE-2024-38287) changes data; a user's own reset of network data does not.
    expect(describedImpacts("allows remote attackers to force the application into resetting the administrator's password to a random value.")).toEqual([
      'data_tampering',
    ]);
    expect(describedImpacts('when resetting the network data via the software client, a critical error occurs which leads to a crash.')).toEqual([
      'denial_of_service',
    ]);
  });
});

describe('the reading through the API at the end of the session', () => {
  it('reads no part out of the payload a flaw injects (GetSimple\'s "the XSS payload into any page", CVE-2018-17835)', () => {
    expect(
      describedComponent(
        'An administrator can insert stored XSS via the admin/settings.php Custom Permalink Structure parameter, which injects the XSS payload into any page created at the admin/pages.php URI.',
      ),
    ).toBeNull();
    expect(describedComponent('A buffer overflow in the payload parser of Foo allows remote attackers to cause a denial of service.')).toBe('payload parser');
  });

  it('puts Apple\'s "attacker in a privileged position" on the network path (CVE-2022-22638)', () => {
    expect(
      describedAttack('This issue is fixed in tvOS 15.4. An attacker in a privileged position may be able to perform a denial of service attack.').position,
    ).toBe('man_in_the_middle');
    expect(describedAttack('A local attacker may be able to elevate their privileges.').position).toBe('local');
  });
});
