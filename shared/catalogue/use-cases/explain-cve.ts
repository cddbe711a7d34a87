import { normaliseCveId } from '../../domain/cve-id.js';
import type { CveExplanation } from '../../domain/cve.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { ApiError } from '../../domain/errors.js';
import { toCveExplanation } from '../../domain/explanation.js';
import { platformClock } from '../../platform/clock.js';
import { cveRepository } from '../../repositories/cve-repository.js';

/**
 * The lookup takes no query parameters; like the exports, it names each one it does not know
 * (product-decisions §2) rather than silently ignoring a mistyped export filter sent here.
 */
export async function explainCve(rawId: string, queryParameterNames: readonly string[] = [], nowMs = platformClock.now()): Promise<CveExplanation> {
  if (queryParameterNames.length > 0) {
    throw new ApiError(
      'INVALID_PARAMETER',
      'The lookup takes no query parameters.',
      [...new Set(queryParameterNames)].map((parameter) => ({ parameter, message: 'is not a parameter of this endpoint' })),
    );
  }
  const cveId = normaliseCveId(rawId);
  if (!cveId) throw new ApiError('INVALID_CVE_FORMAT');
  const record = await cveRepository.get(cveId);
  if (!record) throw new ApiError('CVE_NOT_FOUND', `The catalogue does not hold ${cveId}.`);
  if (record.rejected) {
    throw new ApiError('CVE_NOT_FOUND', `${cveId} was rejected by its numbering authority and is not a live vulnerability.`);
  }
  return toCveExplanation(record, utcDay(nowMs));
}
