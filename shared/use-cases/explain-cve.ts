import { normaliseCveId } from '../domain/cve-id.js';
import type { CveExplanation } from '../domain/cve.js';
import { ApiError } from '../domain/errors.js';
import { toCveExplanation } from '../domain/explanation.js';
import { cveRepository } from '../repositories/cve-repository.js';

export async function explainCve(rawId: string): Promise<CveExplanation> {
  const cveId = normaliseCveId(rawId);
  if (!cveId) throw new ApiError('INVALID_CVE_FORMAT');
  const record = await cveRepository.get(cveId);
  if (!record) throw new ApiError('CVE_NOT_FOUND', `The catalogue does not hold ${cveId}.`);
  if (record.rejected) {
    throw new ApiError('CVE_NOT_FOUND', `${cveId} was rejected by its numbering authority and is not a live vulnerability.`);
  }
  return toCveExplanation(record);
}
