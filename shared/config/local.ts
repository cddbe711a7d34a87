import * as z from '../domain/zod.js';
import { resetConfig } from './index.js';

// Local runs happen on Node 20 as well as 22; the SDK's notice about Node 20 is noise here, and
// it fires on the first client built, so it is silenced as soon as local code loads.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Settings of the local stack and the CLIs, which only ever run on a developer's machine. */
const localSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  PLAINCVE_LOCAL_DIR: z._default(z.string().check(z.minLength(1)), '.local'),
  PLAINCVE_DATA_DIR: z._default(z.string().check(z.minLength(1)), '../shared/data'),
});
export type LocalConfig = z.infer<typeof localSchema>;

export function localConfig(): LocalConfig {
  return localSchema.parse(process.env);
}

/** The local stack plays Lambda's environment: it sets the variables the functions read. */
export function applyFunctionEnvironment(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) process.env[name] = value;
  resetConfig();
}

/**
 * One function's environment as the local stack gives it: the process's (the stack's own
 * settings: endpoint, region, timeouts, stand-in URLs) without `withheld` (every variable that
 * names a resource), plus `own` (what the function's declaration gives it).
 */
export function localFunctionEnvironment(withheld: readonly string[], own: Readonly<Record<string, string>>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of withheld) delete env[name];
  return { ...env, ...own };
}

/** The process's values of `names` that are set (the local stand-ins of secrets a function is granted). */
export function processValues(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] as string]])));
}
