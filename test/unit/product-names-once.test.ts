/**
 * Product names said once and as people write them (issue 23, sixteenth session): a vendor whose name the product's
 * holds or that holds the product's, a dictionary vendor token spelled like its product, a CNA vendor that is a role,
 * a product token made of its vendor's and a kind word, and an extension named by the word that glues a prefix onto
 * the product's name. Each beside a neighbour whose vendor still belongs in the name.
 */
import { describe, expect, it } from 'vitest';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { displayName, productName } from '../../shared/ingest/explainer/names.js';
import { cutTitle } from '../../shared/ingest/names/cpe-titles.js';
import { nameProducts } from '../../shared/ingest/names/display-names.js';

const product = (vendor: string, name: string, extra: Partial<AffectedProduct> = {}): AffectedProduct => ({
  vendor,
  product: name,
  ranges: [],
  openEnded: true,
  fixedVersions: [],
  ...extra,
});
const nameOf = (p: AffectedProduct, description: string, cnaProducts?: { vendor: string; product: string }[]) =>
  productName(nameProducts([p], { description, ...(cnaProducts ? { cnaProducts } : {}) })[0]!);

describe('a vendor the product name already says', () => {
  it('is not written before it (CVE-2021-27573, CVE-2019-14328)', () => {
    expect(
      nameOf(
        product('remotemouse', 'emote_remote_mouse'),
        'An issue was discovered in Emote Remote Mouse through 4.0.0.0. Remote unauthenticated users can execute arbitrary code via crafted UDP packets.',
      ),
    ).toBe('Emote Remote Mouse');
    expect(
      nameOf(
        product('simple-membership-plugin', 'simple_membership'),
        'The Simple Membership plugin before 3.8.5 for WordPress has CSRF affecting the Bulk Operation section.',
      ),
    ).toBe('Simple Membership');
  });

  it('is written where the product name does not hold it', () => {
    expect(
      nameOf(
        product('nextclickventures', 'realtyscript'),
        'SQL injection in Next Click Ventures RealtyScript 4.0.2 allows remote attackers to run SQL commands.',
      ),
    ).toBe('Next Click Ventures RealtyScript');
  });
});

describe("the dictionary's vendor token before its product", () => {
  it('is said once when its letters are the product\'s ("nodejs Node.js", CVE-2016-7055)', () => {
    expect(cutTitle('nodejs Node.js 0.10.18', '0.10.18', 'node.js')).toBe('Node.js');
  });

  it('stays where it is another name', () => {
    expect(cutTitle('Revouninstaller Uninstaller 1.83', '1.83', 'uninstaller')).toBe('Revouninstaller Uninstaller');
    expect(cutTitle('Apple Safari 5.0', '5.0', 'safari')).toBe('Apple Safari');
  });
});

describe('a CNA vendor that is a role', () => {
  const description =
    'Unrestricted Upload of File with Dangerous Type vulnerability in Admin Verbalize WP. This issue affects Verbalize WP: from n/a through 1.0.';

  it('names no one ("Admin", CVE-2024-49668)', () => {
    expect(nameOf(product('admin', 'verbalize_wp'), description, [{ vendor: 'Admin', product: 'Verbalize WP' }])).toBe('Verbalize WP');
  });

  it('leaves a maker named like a person', () => {
    expect(nameOf(product('wpdevart', 'gallery'), 'XSS in the Gallery plugin.', [{ vendor: 'WpDevArt', product: 'Gallery' }])).toBe('WpDevArt Gallery');
  });
});

describe("a product token that is its vendor's and a kind word", () => {
  it("takes the description's spelling of the vendor (doorGets CMS, CVE-2019-11607)", () => {
    expect(nameOf(product('doorgets', 'doorgets_cms'), 'doorGets 7.0 has a sensitive information disclosure vulnerability in /fileman/php/copydir.php.')).toBe(
      'doorGets CMS',
    );
  });

  it('keeps the casing rule where the description spells the vendor no other way', () => {
    expect(nameOf(product('wolf', 'wolf_cms'), 'Wolf 0.8 allows XSS.')).toBe('Wolf CMS');
    expect(displayName('cms_made_simple')).toBe('CMS Made Simple');
  });
});

describe('an extension for another program (CPE target_sw)', () => {
  it("is named by the description's glued word, not the program it imitates (VSCodeVim, CVE-2021-28832)", () => {
    expect(
      nameOf(
        product('vim_project', 'vim', { targetSoftware: 'visual_studio_code' }),
        'VSCodeVim before 1.19.0 allows attackers to execute arbitrary code via a crafted workspace configuration.',
      ),
    ).toBe('VSCodeVim');
  });

  it('keeps the product where no word glues a prefix onto its name, or no target_sw is set', () => {
    const bare = productName(product('vim', 'vim'));
    expect(nameOf(product('vim', 'vim', { targetSoftware: 'visual_studio_code' }), 'Vim before 8.2 allows attackers to execute arbitrary code.')).toBe(bare);
    expect(nameOf(product('vim', 'vim'), 'VSCodeVim before 1.19.0 allows attackers to execute arbitrary code.')).toBe(bare);
  });
});

describe('a vendor that only ends with the product name, or a short product name', () => {
  it('stays before it ("Claws Mail"), while a vendor that starts with the name, or "the" and it, does not', () => {
    expect(nameOf(product('claws_mail', 'mail'), 'A flaw in Mail 3.0 of Claws Mail allows attackers to read files.')).toBe('Claws Mail Mail');
    expect(nameOf(product('djangoproject', 'django'), 'Django before 1.4 allows attackers to read files.')).toBe('Django');
    expect(nameOf(product('theforeman', 'foreman'), 'Foreman before 1.4 allows attackers to read files.')).toBe('Foreman');
  });
});

describe('a glued word that names no extension', () => {
  it('is not taken for a product on an operating system, or where the description names the product alone', () => {
    expect(
      nameOf(
        product('foxitsoftware', 'reader', { targetSoftware: 'windows' }),
        'Out-of-Bounds read in Foxit Reader before 8.1 on Windows, aka "Read Access Violation starting at FoxitReader."',
      ),
    ).toBe('Foxitsoftware Reader');
    expect(
      nameOf(
        product('bestwebsoft', 'captcha', { targetSoftware: 'wordpress' }),
        'Cross-site scripting vulnerability in Captcha prior to version 4.3.0 and Google Captcha (reCAPTCHA) prior to version 1.28.',
      ),
    ).toBe('Bestwebsoft Captcha');
  });
});

describe('a vendor that starts with the product name and goes on', () => {
  it('is dropped only where the rest is what vendors add ("Postnuke Software Foundation"), not another name', () => {
    expect(nameOf(product('postnuke_software_foundation', 'postnuke'), 'PostNuke 0.64 allows XSS.')).toBe('PostNuke');
    expect(nameOf(product('mail_lives_nylas', 'mail'), 'Mail 1.0 allows XSS.', [{ vendor: 'Mail Lives Nylas', product: 'Mail' }])).toBe(
      'Mail Lives Nylas Mail',
    );
  });
});

describe('a vendor named after its product with "CMS"', () => {
  it('names the product once, with "CMS" ("October CMS", "Pluck CMS")', () => {
    expect(nameOf(product('october_cms', 'october'), 'October 1.0.412 allows XSS.', [{ vendor: 'October CMS', product: 'October' }])).toBe('October CMS');
    expect(nameOf(product('pluck-cms', 'pluck'), 'Pluck 4.7.13 allows remote attackers to execute code.')).toBe('Pluck CMS');
    expect(cutTitle('Pluck-cms Pluck 4.7.5', '4.7.5', 'pluck')).toBe('Pluck CMS');
  });

  it('leaves a vendor whose rest is another word ("Claws Mail", "Mail Lives Nylas")', () => {
    expect(nameOf(product('mail_lives_nylas', 'mail'), 'Mail 1.0 allows XSS.', [{ vendor: 'Mail Lives Nylas', product: 'Mail' }])).toBe(
      'Mail Lives Nylas Mail',
    );
    expect(nameOf(product('octobercms_team', 'october'), 'October 1.0.412 allows XSS.', [{ vendor: 'OctoberCMS Team', product: 'October' }])).toBe(
      'OctoberCMS Team October',
    );
    expect(cutTitle('Pluckcms Team Pluck 4.7.5', '4.7.5', 'pluck')).toBe('Pluckcms Team Pluck');
  });
});
