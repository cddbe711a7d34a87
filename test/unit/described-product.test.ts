/**
 * A record with no product list (a CNA-only record NVD has not analysed): the product its
 * description is about, read from the CNAs' templates, and the texts that name it.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { disputedRecordSentence } from '../../shared/ingest/explainer/disputed.js';
import { explain, type ExplainerInput } from '../../shared/ingest/explainer/index.js';
import { emptyExplainerInput } from '../support/explainer-fixtures.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';
import { factProducts } from '../../shared/ingest/facts/products.js';

const WORDFENCE =
  'The ORDER POST plugin for WordPress is vulnerable to arbitrary shortcode execution in all versions up to, and including, 2.0.2. This is due to the software allowing users to execute an action that does not properly validate a value before running do_shortcode.';
const KERNEL =
  'In the Linux kernel, the following vulnerability has been resolved:  ksmbd: fix r_count dec/increment mismatch  r_count is only increased when there is an oplock break wait.';
const NOMAD =
  'Nomad Community and Nomad Enterprise ("Nomad") event stream configured with a wildcard namespace can bypass the ACL Policy allowing reads on other namespaces.';
const CISCO =
  'A vulnerability in the access control list (ACL) processing in the egress direction of Cisco IOS XR Software could allow an unauthenticated, remote attacker to bypass a configured ACL.';
const ZDI =
  'Luxion KeyShot DAE File Parsing Access of Uninitialized Pointer Remote Code Execution Vulnerability. This vulnerability allows remote attackers to execute arbitrary code on affected installations of Luxion KeyShot. User interaction is required.';
const MICROSOFT = 'Heap-based buffer overflow in Role: Windows Hyper-V allows an authorized attacker to elevate privileges locally.';

const only = (description: string) => factProducts([], description).map(({ product, name }) => `${product} ${name}`);

describe('the product a record without a product list is about', () => {
  it.each([
    [WORDFENCE, 'order_post_project:order_post ORDER POST plugin for WordPress'],
    [KERNEL, 'linux:linux_kernel Linux kernel'],
    [NOMAD, 'nomad:nomad Nomad'],
    [CISCO, 'cisco:ios_xr Cisco IOS XR Software'],
    [
      'A vulnerability\u00a0in the CLI of Cisco IOS XE Software could allow an authenticated, local attacker with privilege level 15 to elevate privileges to root.',
      'cisco:ios_xe Cisco IOS XE Software',
    ],
    [
      'A vulnerability in the web UI of Cisco Unified Communications Manager could allow an attacker to read files.',
      'cisco:unified_communications_manager Cisco Unified Communications Manager',
    ],
    [
      'Insufficiently protected credentials in Azure Local Cluster allows an authorized attacker to disclose information locally.',
      'microsoft:azure_local_cluster Azure Local Cluster',
    ],
    [ZDI, 'luxion:keyshot Luxion KeyShot'],
    [MICROSOFT, 'microsoft:windows Microsoft Windows'],
    ['Out-of-bounds read in Microsoft Excel allows an unauthorized attacker to execute code locally.', 'microsoft:excel Microsoft Excel'],
    ['In PHP from 8.1.* before 8.1.32, from 8.2.* before 8.2.28, when parsing HTTP redirect in the response', 'php:php PHP'],
    ['In Splunk Enterprise versions below 9.4.1, 9.3.3, a low-privileged user could see a hashed password.', 'splunk:enterprise Splunk Enterprise'],
    ['Crawl4AI <=0.4.247 is vulnerable to SSRF in /crawl4ai/async_dispatcher.py.', 'crawl4ai:crawl4ai Crawl4AI'],
    ['Jenkins 2.499 and earlier, LTS 2.492.1 and earlier does not redact encrypted values of secrets.', 'jenkins:jenkins Jenkins'],
    [
      'BeyondTrust Privileged Remote Access (PRA) versions prior to 25.1 are vulnerable to a local authentication bypass.',
      'beyondtrust:privileged_remote_access BeyondTrust Privileged Remote Access (PRA)',
    ],
    [
      'A SQL injection in VirtueMart component 1.0.0 - 4.4.7 for Joomla allows authenticated attackers (administrator) to execute arbitrary SQL commands.',
      'virtuemart_project:virtuemart VirtueMart component for Joomla',
    ],
    [
      'This vulnerability allows physically present attackers to execute arbitrary code on affected installations of CarlinKit CPC200-CCPA devices.',
      'carlinkit:cpc200-ccpa CarlinKit CPC200-CCPA',
    ],
  ])('%s', (description, expected) => {
    expect(only(description)).toEqual([expected]);
  });

  it('leaves alone what names no product and a listed product list', () => {
    expect(only('In the kernel of some device, a crafted request may cause a crash.')).toEqual([]);
    expect(only('A vulnerability in the web interface could allow an attacker to read files.')).toEqual([]);
    expect(only('A plugin for WordPress is vulnerable to cross-site scripting.')).toEqual([]);
    expect(only('Information (“Info”) leaks in one place.')).toEqual([]);
    const listed = factProducts([{ vendor: 'linux', product: 'linux_kernel', part: 'o', ranges: [], openEnded: true, fixedVersions: [] }], KERNEL);
    expect(listed).toEqual([{ product: 'linux:linux_kernel', name: 'Linux Kernel', primary: true }]);
  });
});

const facts = (products: Facts['products'], over: Partial<Facts> = {}): Facts => ({
  impacts: ['code_execution'],
  attack: { position: 'remote', privileges: 'none', user_interaction: false },
  component: null,
  products,
  fixed_in: [],
  last_affected: [],
  fix_stated: false,
  exploit_public: false,
  aka: [],
  ...over,
});

const base: ExplainerInput = emptyExplainerInput;

describe('the texts of a record whose description alone names the product', () => {
  it('titles and summarises it by that name, not by the description cut short', () => {
    const f = facts(factProducts([], WORDFENCE));
    expect(factTitle(f, WORDFENCE, ['CWE-94'])).toBe('Code injection in ORDER POST plugin for WordPress lets remote attackers run code');
    const summary = factSummary({ facts: f, description: WORDFENCE, cweIds: ['CWE-94'], severity: '', inKev: false, exploitCode: false });
    expect(summary).toMatch(/^This is a code injection flaw in ORDER POST plugin for WordPress\./);
  });

  it('names the product in the affected text even where no version is read', () => {
    const affected = explain({ ...base, description: NOMAD, facts: facts(factProducts([], NOMAD)) }).affected;
    expect(affected).toBe(
      "The description names Nomad as affected, but the public record lists no affected versions in a structured form yet. Check the vendor's advisory for the versions at risk.",
    );
    expect(explain({ ...base, description: 'A crafted file may cause a crash.', facts: facts([]) }).affected).toMatch(
      /^The public record does not list the affected products/,
    );
  });
});

describe('a disputed record', () => {
  it('says who disputes it where the note says', () => {
    const malwarebytes =
      '** DISPUTED ** In Malwarebytes Premium 3.3.1.2183, the driver file (FARFLT.SYS) allows local users to cause a denial of service (BSOD). NOTE: the vendor reported that they "have not been able to reproduce the issue".';
    expect(disputedRecordSentence(malwarebytes)).toBe('The record is marked disputed: the vendor questions whether this is a real vulnerability.');
    expect(disputedRecordSentence('** DISPUTED ** X allows Y. NOTE: the software maintainer disputes that this is a vulnerability.')).toBe(
      'The record is marked disputed: the maintainers question whether this is a real vulnerability.',
    );
    expect(disputedRecordSentence('** DISPUTED ** X allows Y. NOTE: third parties dispute the relevance of this report.')).toBe(
      'The record is marked disputed: others question whether this is a real vulnerability.',
    );
    const summary = factSummary({ facts: facts([]), description: malwarebytes, cweIds: [], severity: 'It is rated high.', inKev: false, exploitCode: false });
    expect(summary).toContain('The record is marked disputed: the vendor questions whether this is a real vulnerability. It is rated high.');
  });

  it('says nothing of a record that only quotes the word', () => {
    expect(disputedRecordSentence('X allows Y. NOTE: the vendor disputes nothing; ** DISPUTED ** appears later.')).toBeUndefined();
    expect(
      factSummary({ facts: facts([]), description: 'X allows remote attackers to execute code.', cweIds: [], severity: '', inKev: false, exploitCode: false }),
    ).not.toContain('disputed');
  });
});
