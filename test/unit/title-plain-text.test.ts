/**
 * Titles are plain text with the bug, the part and the product (issue 23, §9, sixteenth session): no Markdown
 * backticks around code, from the facts or from a CNA's own title.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { deriveTitle, factTitle } from '../../shared/ingest/derive/title.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';

const QEMU =
  'The vmsvga_fifo_run function in hw/display/vmware_vga.c in QEMU (aka Quick Emulator) allows local guest OS administrators to cause a denial of service (out-of-bounds write and QEMU process crash) via vectors related to cursor.mask[] and cursor.image[] array sizes when processing a DEFINE_CURSOR svga command.';

const qemu: Facts = {
  impacts: ['denial_of_service'],
  attack: { position: 'local', privileges: 'admin', user_interaction: false },
  component: 'hw/display/vmware_vga.c',
  products: [{ product: 'qemu:qemu', name: 'QEMU', primary: true }],
  fixed_in: [],
  last_affected: [],
  fix_stated: false,
  exploit_public: false,
  aka: [],
};

const sources = (title: string) =>
  ({ id: 'CVE-2099-0001', kev: undefined, nvd: undefined, cve5: { title, cna: { shortName: 'GitHub_M' } }, cweCatalogue: new Map() }) as unknown as Parameters<
    typeof deriveTitle
  >[0];

describe('code in a title and a summary', () => {
  it('is written without backticks (CVE-2016-7170)', () => {
    const title = factTitle(qemu, QEMU, ['CWE-129']);
    expect(title).toBe('Out-of-bounds write in hw/display/vmware_vga.c in QEMU lets guest VM administrators crash it');
    const summary = factSummary({ facts: qemu, description: QEMU, cweIds: ['CWE-129'], severity: '', inKev: false, exploitCode: false });
    expect(summary).toContain('flaw in hw/display/vmware_vga.c in QEMU');
    expect(summary).not.toContain('`');
  });

  it("drops a CNA title's Markdown marks and keeps its words", () => {
    expect(deriveTitle(sources('`parse_url` mishandles `//` paths in url-kit'), { rejected: false, cweIds: [], description: '' }).value).toBe(
      'parse_url mishandles // paths in url-kit',
    );
    expect(deriveTitle(sources('Path traversal in url-kit'), { rejected: false, cweIds: [], description: '' }).value).toBe('Path traversal in url-kit');
  });
});
