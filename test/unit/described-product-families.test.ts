/**
 * Records with no product list whose description names the products after the flaw (issue 23, §9, sixteenth
 * session): Qualcomm's closing list of Snapdragon families and GitLab's "An issue has been discovered <flaw> in GitLab
 * CE/EE". The title says the bug and the product, and the affected text names every product the description names.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { explain } from '../../shared/ingest/explainer/index.js';
import { factProducts } from '../../shared/ingest/facts/products.js';
import { emptyExplainerInput } from '../support/explainer-fixtures.js';
import { factsFixture } from '../support/facts-fixture.js';

const SNAPDRAGON =
  'Possible buffer underflow due to lack of check for negative indices values when processing user provided input in Snapdragon Auto, Snapdragon Compute, Snapdragon Voice & Music, Snapdragon Wearables';
const GITLAB =
  'An issue has been discovered affecting service availability via issue preview in GitLab CE/EE affecting all versions from 16.7 before 17.9.7, 17.10 before 17.10.5, and 17.11 before 17.11.1.';

const facts = (products: Facts['products']): Facts => factsFixture({ impacts: ['denial_of_service'], products });

describe("Qualcomm's list of Snapdragon families", () => {
  it('is every family, titled under their common name (CVE-2021-1916)', () => {
    const products = factProducts([], SNAPDRAGON);
    expect(products.map((p) => p.name)).toEqual([
      'Qualcomm Snapdragon Auto',
      'Qualcomm Snapdragon Compute',
      'Qualcomm Snapdragon Voice & Music',
      'Qualcomm Snapdragon Wearables',
    ]);
    expect(factTitle(facts(products), SNAPDRAGON, [])).toBe('Buffer underflow in Qualcomm Snapdragon lets attackers disrupt it');
    expect(explain({ ...emptyExplainerInput, description: SNAPDRAGON, facts: facts(products) }).affected).toBe(
      "The description names Qualcomm Snapdragon Auto, Qualcomm Snapdragon Compute, Qualcomm Snapdragon Voice & Music and Qualcomm Snapdragon Wearables as affected, but the public record lists no affected versions in a structured form yet. Check the vendor's advisory for the versions at risk.",
    );
  });

  it('is not read where the families do not close the description', () => {
    expect(
      factProducts([], 'Memory corruption in Snapdragon Auto, Snapdragon Compute due to a race. Fixed in the August bulletin.').map((p) => p.name),
    ).not.toContain('Qualcomm Snapdragon Auto');
  });
});

describe("GitLab's template with the flaw before the product", () => {
  it('names GitLab (CVE-2025-0639)', () => {
    const products = factProducts([], GITLAB);
    expect(products).toEqual([{ product: 'gitlab:gitlab', name: 'GitLab', primary: true }]);
    expect(factTitle(facts(products), GITLAB, ['CWE-770'])).toBe('Resource exhaustion in GitLab lets attackers disrupt it');
  });

  it('still reads the template with the product first, and no GitLab where another product follows', () => {
    expect(factProducts([], 'An issue has been discovered in GitLab EE affecting all versions before 17.1.').map((p) => p.product)).toEqual(['gitlab:gitlab']);
    expect(factProducts([], 'An issue has been discovered in Foo Bar 2.0 that lets attackers crash it.').map((p) => p.product)).not.toContain('gitlab:gitlab');
  });
});
