/**
 * NVD's official CPE dictionary (XML, `<cpe-list>` of `<cpe-item>`s, each with an English
 * `<title>` such as "Apple iPhone OS 1.0" and its CPE 2.3 name). It is streamed through a SAX
 * parser: the 2015 dictionary is ~30 MB of XML for 13,498 vendor:product pairs, and only the
 * pairs' titles are kept, never the document.
 */
import { commonJsExports } from '../../platform/common-js.js';
import { parseCpe23 } from '../../domain/cpe/cpe-name.js';
import type { IntelSink, StreamSource } from './source.js';

export const readCpeDictionary: StreamSource['parse'] = async (chunks, sink) => {
  // Loaded here, not with the module: a run reads the dictionary rarely (saxes ≈ 27 KiB).
  const { SaxesParser } = commonJsExports(await import('saxes'), 'SaxesParser');
  const parser = new SaxesParser();
  let name23: string | undefined;
  let title: string | undefined;
  let inTitle = false;
  parser.on('opentag', (tag) => {
    if (tag.name === 'cpe-item') {
      name23 = undefined;
      title = undefined;
    } else if (tag.name === 'title' && tag.attributes['xml:lang'] === 'en-US') {
      inTitle = true;
      title = '';
    } else if (tag.name === 'cpe-23:cpe23-item') {
      name23 = String(tag.attributes.name ?? '');
    }
  });
  parser.on('text', (text) => {
    if (inTitle) title += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'title') inTitle = false;
    else if (tag.name === 'cpe-item') emit(sink, name23, title);
  });
  for await (const chunk of chunks) parser.write(chunk);
  parser.close();
};

function emit(sink: IntelSink, name23: string | undefined, title: string | undefined): void {
  const cpe = name23 ? parseCpe23(name23) : undefined;
  const text = title?.replace(/\s+/g, ' ').trim();
  if (!cpe || !cpe.vendor || !text) return;
  sink.cpeTitle({ vendor: cpe.vendor, product: cpe.product, version: cpe.version, title: text });
}
