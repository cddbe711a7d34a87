import { describe, expect, it } from 'vitest';
import { renderSearchPage } from '../../shared/render/search-page.js';
import { makeRecord } from '../support/records.js';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('search page counts read right', () => {
  it('"1 CVE", "2 CVEs", in the title and the text', () => {
    const one = renderSearchPage('log4j', 1, [makeRecord()]);
    expect(titleOf(one)).toBe('log4j: 1 CVE · PlainCVE');
    expect(one).toContain('1 matching CVE, most severe first.');
    const two = renderSearchPage('log4j', 2, [makeRecord(), makeRecord()]);
    expect(titleOf(two)).toBe('log4j: 2 CVEs · PlainCVE');
  });
});
