import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

let root: Logger | undefined;
/** Made on first use, not at import: the local stack sets the functions' environment (log level) first. */
const rootLogger = () => (root ??= new Logger({ serviceName: 'plaincve' }));
const invocationLoggers = new AsyncLocalStorage<Logger>();

/**
 * The structured JSON logger. In Lambda a container runs one invocation at a time, so this is
 * the one process logger. The local stack runs every function in one process, concurrently: there
 * each request runs inside `withInvocationLogger`, and this resolves to that request's own child
 * logger, so no log line carries another request's `function_name`, `request_id` or `key_id`.
 * Handlers never log events or headers (the handler base switches event logging off): only the
 * non-secret key id is appended.
 */
export const logger: Logger = new Proxy({} as Logger, {
  get(_target, property) {
    const active = invocationLoggers.getStore() ?? rootLogger();
    const value: unknown = Reflect.get(active, property, active);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(active) : value;
  },
});

/** Runs `work` (one local request: authorizer and function) with a logger of its own. */
export function withInvocationLogger<T>(work: () => T): T {
  return invocationLoggers.run(rootLogger().createChild(), work);
}
