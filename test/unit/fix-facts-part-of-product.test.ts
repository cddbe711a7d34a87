/**
 * "X in Y before V" (CVE-2001-0366, read in twenty random records): "saposcol in SAP R/3 Web
 * Application Server Demo before 1.5" states the fix of the product named right before it, WAS
 * Demo, never of its part saposcol. Beside the configuration's "through 1.5" of WAS Demo, the
 * description's 1.5 is the disputed boundary the text names as such.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const wasDemo = { criteria: 'cpe:2.3:a:sap:sap_r_3_web_application_server_demo:*:*:*:*:*:*:*:*', versionEndIncluding: '1.5' };
const saposcol = (version: string) => ({ criteria: `cpe:2.3:a:sap:saposcol:${version}:*:linux:*:*:*:*:*` });
const description =
  'saposcol in SAP R/3 Web Application Server Demo before 1.5 trusts the PATH environmental variable to find and execute the expand program, which allows local users to obtain root access by modifying the PATH to point to a Trojan horse expand program.';

describe('a part in a product before a version', () => {
  it("gives the version to the product, and names it as disputed beside the configuration's through 1.5", () => {
    const r = derivedFixture(description, [orNode(wasDemo, saposcol('1.0'), saposcol('1.3'))]);
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['sap:sap_r_3_web_application_server_demo 1.5']);
    expect(r.explanation!.fix).not.toMatch(/Update Saposcol to version 1\.5/i);
    expect(r.explanation!.fix).toContain("The description gives 1.5 as fixed, but NVD's configuration lists 1.5 as affected");
  });

  it('leaves a list of products before a version alone ("saposcol and SAP R/3 Web Application Server Demo before 1.5")', () => {
    const listed = { criteria: 'cpe:2.3:a:sap:sap_r_3_web_application_server_demo:1.4:*:*:*:*:*:*:*' };
    const r = derivedFixture(
      'saposcol and SAP R/3 Web Application Server Demo before 1.5 trust the PATH environmental variable, which allows local users to obtain root access.',
      [orNode(listed, saposcol('1.0'), saposcol('1.3'))],
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`).sort()).toEqual(['sap:sap_r_3_web_application_server_demo 1.5', 'sap:saposcol 1.5']);
  });
});
