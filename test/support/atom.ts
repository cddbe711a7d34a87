import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { expect } from 'vitest';

const ATOM = 'http://www.w3.org/2005/Atom';

/** Parses as XML with a real parser (any well-formedness error throws) and checks Atom 1.0's required elements. */
export function parseAtom(text: string) {
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') throw new Error(`not well-formed XML: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
  const feed = doc.documentElement!;
  expect(feed.localName).toBe('feed');
  expect(feed.namespaceURI).toBe(ATOM);
  const child = (parent: XmlElement, name: string) =>
    Array.from(parent.childNodes).filter(
      (n): n is XmlElement => n.nodeType === 1 && (n as XmlElement).localName === name && (n as XmlElement).namespaceURI === ATOM,
    );
  const one = (parent: XmlElement, name: string) => {
    const found = child(parent, name);
    expect(found, `exactly one atom:${name}`).toHaveLength(1);
    return found[0]!;
  };
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  // RFC 4287 §4.1.1: id, title, updated; an author on the feed (so entries may omit theirs).
  expect(one(feed, 'id').textContent).toMatch(/^[a-z][a-z0-9+.-]*:/);
  expect(one(feed, 'title').textContent).toMatch(/\S/);
  expect(one(feed, 'updated').textContent).toMatch(rfc3339);
  expect(one(one(feed, 'author'), 'name').textContent).toBe('PlainCVE');
  expect(child(feed, 'link').some((l) => l.getAttribute('rel') === 'self')).toBe(true);
  const entries = child(feed, 'entry').map((entry) => {
    // RFC 4287 §4.1.2: id, title, updated; an alternate link since there is no content.
    const links = child(entry, 'link');
    expect(links.length).toBeGreaterThan(0);
    expect(one(entry, 'updated').textContent).toMatch(rfc3339);
    return {
      id: one(entry, 'id').textContent ?? '',
      title: one(entry, 'title').textContent ?? '',
      updated: one(entry, 'updated').textContent ?? '',
      link: links[0]!.getAttribute('href') ?? '',
      summary: one(entry, 'summary').textContent ?? '',
    };
  });
  return { title: one(feed, 'title').textContent ?? '', entries };
}
