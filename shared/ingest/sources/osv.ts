/**
 * OSV records (ossf.github.io/osv-schema) read as package advisories: the affected packages of
 * the seven ecosystems PlainCVE matches, with their ranges, versions and aliases. Other
 * ecosystems' entries (Debian, Alpine, GIT-only…) are dropped; a record left with none is still
 * passed on, so the store can drop an advisory that no longer names a package it matches.
 */
import * as z from '../../domain/zod.js';
import { cveIdOf, isEcosystem, type Advisory, type AffectedPackage } from '../../domain/advisory.js';

const eventSchema = z.object({
  introduced: z.optional(z.string()),
  fixed: z.optional(z.string()),
  last_affected: z.optional(z.string()),
  limit: z.optional(z.string()),
});

const osvRecordSchema = z.object({
  id: z.string().check(z.minLength(1)),
  modified: z.string().check(z.minLength(1)),
  published: z.optional(z.string()),
  withdrawn: z.optional(z.string()),
  aliases: z.nullish(z.array(z.string())),
  summary: z.nullish(z.string()),
  details: z.nullish(z.string()),
  severity: z.nullish(z.array(z.object({ type: z.string(), score: z.string() }))),
  affected: z.nullish(
    z.array(
      z.object({
        package: z.optional(z.object({ ecosystem: z.string(), name: z.string(), purl: z.optional(z.string()) })),
        ranges: z.nullish(z.array(z.object({ type: z.string(), repo: z.optional(z.string()), events: z.array(eventSchema) }))),
        versions: z.nullish(z.array(z.string())),
      }),
    ),
  ),
});

/** The advisory in an OSV record, or null when the value is not a readable OSV record. */
export function parseOsvAdvisory(value: unknown): Advisory | null {
  const parsed = osvRecordSchema.safeParse(value);
  if (!parsed.success) return null;
  const record = parsed.data;
  const aliases = record.aliases ?? [];
  const affected: AffectedPackage[] = [];
  for (const entry of record.affected ?? []) {
    const ecosystem = entry.package?.ecosystem;
    if (!entry.package || !ecosystem || !isEcosystem(ecosystem)) continue;
    affected.push({
      package: { ecosystem, name: entry.package.name, ...(entry.package.purl ? { purl: entry.package.purl } : {}) },
      ...(entry.ranges ? { ranges: entry.ranges.map((r) => ({ type: r.type, ...(r.repo ? { repo: r.repo } : {}), events: r.events })) } : {}),
      ...(entry.versions ? { versions: entry.versions } : {}),
    });
  }
  return {
    id: record.id,
    aliases,
    cve_id: cveIdOf(record.id, aliases),
    summary: record.summary ?? '',
    details: record.details ?? '',
    affected,
    modified: record.modified,
    ...(record.published ? { published: record.published } : {}),
    ...(record.withdrawn ? { withdrawn: record.withdrawn } : {}),
    ...(record.severity ? { severity: record.severity } : {}),
  };
}
