import { config } from '../../config/index.js';
import { openApiDocument } from '../../openapi/document.js';

let cached: string | undefined;

/** The served OpenAPI document, generated once per container from the zod schemas. */
export function servedOpenApiDocument(): string {
  cached ??= JSON.stringify(openApiDocument(config().PUBLIC_BASE_URL.replace(/(?<!\/)\/+$/, ''), config().SERVICE_VERSION));
  return cached;
}
