/**
 * OSV records (ossf.github.io/osv-schema) read as package advisories: the affected packages of
 * the seven ecosystems PlainCVE matches, with their ranges, versions and aliases. Other
 * ecosystems' entries (Debian, Alpine, GIT-only…) are dropped; a record left with none is still
 * passed on, so the store can drop an advisory that no longer names a package it matches.
 */
import * as z from 'zod';
import { cveIdOf, isEcosystem, type Advisory, type AffectedPackage } from '../../domain/advisory.js';

const eventSchema = z.object({
  introduced: z.string().optional(),
  fixed: z.string().optional(),
  last_affected: z.string().optional(),
  limit: z.string().optional(),
});

const osvRecordSchema = z.object({
  id: z.string().min(1),
  modified: z.string().min(1),
  published: z.string().optional(),
  withdrawn: z.string().optional(),
  aliases: z.array(z.string()).nullish(),
  summary: z.string().nullish(),
  details: z.string().nullish(),
  severity: z.array(z.object({ type: z.string(), score: z.string() })).nullish(),
  affected: z
    .array(
      z.object({
        package: z.object({ ecosystem: z.string(), name: z.string(), purl: z.string().optional() }).optional(),
        ranges: z.array(z.object({ type: z.string(), repo: z.string().optional(), events: z.array(eventSchema) })).nullish(),
        versions: z.array(z.string()).nullish(),
      }),
    )
    .nullish(),
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
