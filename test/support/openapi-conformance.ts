import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../shared/openapi/document.js';

export interface RecordedResponse {
  readonly method: string;
  /** The request path, without the query string. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

type Json = Record<string, unknown>;

/**
 * Checks live responses against the OpenAPI document the service serves: the path and method
 * exist, the status is documented, the content type is documented for it, and the body
 * validates against its schema (JSON bodies parsed, CSV checked as a string).
 */
export function createOpenApiChecker(document: Json = openApiDocument('http://localhost', 'test') as unknown as Json) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const paths = Object.keys(document.paths as Json).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const components = document.components as Json;

  return function check(response: RecordedResponse): string[] {
    const where = `${response.method} ${response.path} → ${response.status}`;
    const found = paths.find((p) => p.pattern.test(response.path));
    if (!found) return [`${where}: path not in the document`];
    const operation = (document.paths as Record<string, Json>)[found.template]?.[response.method.toLowerCase()] as Json | undefined;
    if (!operation) return [`${where}: method not in the document`];
    const responses = operation.responses as Record<string, Json>;
    const documented = responses[String(response.status)] ?? responses.default;
    if (!documented) return [`${where}: status not documented (documented: ${Object.keys(responses).join(', ')})`];
    const content = documented.content as Record<string, { schema: Json }> | undefined;
    if (!content) return response.body === '' ? [] : [`${where}: body where none is documented`];
    const mediaType = (response.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const entry = content[mediaType];
    if (!entry) return [`${where}: content type ${mediaType} not documented (documented: ${Object.keys(content).join(', ')})`];
    const key = `${found.template} ${response.method} ${response.status} ${mediaType}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...entry.schema, components });
      compiled.set(key, validate);
    }
    let body: unknown = response.body;
    if (mediaType !== 'text/csv') {
      try {
        body = JSON.parse(response.body);
      } catch {
        return [`${where}: body is not JSON`];
      }
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${where}: ${e.instancePath} ${e.message ?? ''}`);
  };
}

/** Every response a suite saw, to be checked against the document at the end. */
export function createResponseRecorder() {
  const seen: RecordedResponse[] = [];
  return {
    /** Reads the response (decompressed by fetch) and records it. */
    async record(method: string, url: string, response: Response): Promise<{ response: Response; text: string }> {
      const text = await response.text();
      seen.push({ method, path: new URL(url).pathname, status: response.status, contentType: response.headers.get('content-type'), body: text });
      return { response, text };
    },
    all(): readonly RecordedResponse[] {
      return seen;
    },
  };
}
