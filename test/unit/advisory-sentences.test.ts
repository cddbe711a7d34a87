import { describe, expect, it } from 'vitest';
import { firstSentences } from '../../shared/catalogue/use-cases/package-vulnerabilities.js';

// PYSEC-2021-370 (CVE-2021-32811), as OSV publishes it.
const ZOPE =
  'Zope is an open-source web application server. Zope versions prior to versions 4.6.3 and 5.3 have a remote code execution security issue. In order to be affected, one must use Python 3 for one\'s Zope deployment, run Zope 4 below version 4.6.3 or Zope 5 below version 5.3, and have the optional `Products.PythonScripts` add-on package installed. By default, one must have the admin-level Zope "Manager" role to add or edit Script (Python) objects through the web. Only sites that allow untrusted users to add/edit these scripts through the web are at risk.';

describe('advisory summaries: whole sentences, split by a real segmenter', () => {
  it('keeps version numbers and dotted names inside their sentence', () => {
    expect(firstSentences(ZOPE)).toBe(
      "Zope is an open-source web application server. Zope versions prior to versions 4.6.3 and 5.3 have a remote code execution security issue. In order to be affected, one must use Python 3 for one's Zope deployment, run Zope 4 below version 4.6.3 or Zope 5 below version 5.3, and have the optional Products.PythonScripts add-on package installed.",
    );
  });

  it('never starts mid-sentence, and ends at a sentence end within about 400 characters', () => {
    const text = `${'Django 3.2.14 fixes it, e.g. in Trunc() and Extract(). '.repeat(12)}Upgrade.`;
    const summary = firstSentences(text);
    expect(summary.length).toBeLessThanOrEqual(400);
    expect(text.startsWith(summary)).toBe(true);
    expect(summary.endsWith('Extract().')).toBe(true);
  });

  it('a short text is kept whole; one sentence over the limit is cut with an ellipsis', () => {
    expect(firstSentences('Fixed in 1.2.3. See **advisory**.')).toBe('Fixed in 1.2.3. See advisory.');
    const long = `A ${'very '.repeat(100)}long sentence`;
    expect(firstSentences(long)).toMatch(/^A very .*…$/);
    expect(firstSentences(long).length).toBe(400);
  });
});
