import * as z from './zod.js';

/**
 * Product decisions §9: the typed facts every explanation is written from. Each comes from the
 * NVD record (description first, then CPE configurations, then CVSS and CWE as fallback) or from
 * another documented source; what the sources do not settle is `null` or `[]`, never a guess.
 */
export const IMPACTS = [
  'code_execution',
  'privilege_escalation',
  'information_disclosure',
  'data_tampering',
  'denial_of_service',
  'security_bypass',
  'cross_site_scripting',
  'request_forgery',
  'sql_injection',
  'spoofing',
  'unspecified',
] as const;
export const impactSchema = z.enum(IMPACTS);
export type Impact = z.infer<typeof impactSchema>;

export const ATTACK_POSITIONS = ['remote', 'adjacent', 'local', 'physical', 'man_in_the_middle'] as const;
export const attackPositionSchema = z.enum(ATTACK_POSITIONS);
export type AttackPosition = z.infer<typeof attackPositionSchema>;

export const PRIVILEGES = ['none', 'user', 'admin'] as const;
export const privilegesSchema = z.enum(PRIVILEGES);
export type Privileges = z.infer<typeof privilegesSchema>;

export const FACT_SOURCES = ['description', 'configuration', 'cve5', 'cvss', 'cwe'] as const;
export const factSourceSchema = z.enum(FACT_SOURCES);
export type FactSource = z.infer<typeof factSourceSchema>;

export const attackFactsSchema = z
  .object({
    position: z.nullable(attackPositionSchema),
    privileges: z.nullable(privilegesSchema),
    user_interaction: z.nullable(z.boolean()),
  })
  .register(z.globalRegistry, { id: 'AttackFacts' });
export type AttackFacts = z.infer<typeof attackFactsSchema>;

/** `vendor:product` as in CPE 2.3 names, lower case (`adobe:flash_player`). */
const productKey = z.string().check(z.regex(/^[^:\s]+:[^:\s]+$/, 'a vendor:product pair'));

export const factProductSchema = z
  .object({
    product: productKey,
    /** The name people know (NVD's CPE dictionary title, else the vendor's spelling). */
    name: z.string().check(z.minLength(1)),
    /** True for the products the description names; the others are "also in". */
    primary: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'FactProduct' });
export type FactProduct = z.infer<typeof factProductSchema>;

/** One version statement: fixed (`fixed_in`) or newest affected (`last_affected`). */
export const versionFactSchema = z
  .object({
    product: productKey,
    /** Written as the record writes it ("6.0 SP1", "2.6.39-rc1", "3.1(21)"), never normalised. */
    version: z.string().check(z.minLength(1), z.maxLength(256)),
    /** The release line the record separates ("1.2" for "1.2.x before 1.2.9"), else null. */
    branch: z.nullable(z.string()),
    /** The platform the record separates ("android" for "before 5.0.1 on Android"), else null. */
    platform: z.nullable(z.string()),
    source: factSourceSchema,
  })
  .register(z.globalRegistry, { id: 'VersionFact' });
export type VersionFact = z.infer<typeof versionFactSchema>;

export const factsSchema = z
  .object({
    impacts: z.array(impactSchema),
    attack: attackFactsSchema,
    /** The named part (file, module, function, page, parameter) where the bug is. */
    component: z.nullable(z.string()),
    products: z.array(factProductSchema),
    fixed_in: z.array(versionFactSchema),
    last_affected: z.array(versionFactSchema),
    fix_stated: z.boolean(),
    exploit_public: z.boolean(),
    /** The names the record gives the bug ("Heartbleed", "Log4Shell"). */
    aka: z.array(z.string()),
  })
  .register(z.globalRegistry, { id: 'Facts' });
export type Facts = z.infer<typeof factsSchema>;
