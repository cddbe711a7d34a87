import type { SSMClient } from '@aws-sdk/client-ssm';
import { config } from '../config/index.js';
import { ConfigurationError, DependencyError } from '../domain/errors.js';

let client: SSMClient | undefined;

/**
 * An SSM parameter's value (deploy-time settings written by the stacks); a failure to read it is
 * a dependency failure. The SSM client is imported on first use: every function's handler base
 * can reach this, but only a deployed function reads a parameter, once per container, and the
 * module load of every cold start should not pay for a client it may never use.
 */
export async function readParameter(name: string): Promise<string> {
  try {
    const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
    client ??= new SSMClient({ region: config().AWS_REGION, maxAttempts: 3 });
    const out = await client.send(new GetParameterCommand({ Name: name }));
    const value = out.Parameter?.Value;
    if (!value) throw new Error(`parameter ${name} has no value`);
    return value;
  } catch (error) {
    throw refusalOrDependency(error);
  }
}

/** The role lacks the grant: a deployment bug (500, logged), not a dependency to retry. */
function refusalOrDependency(error: unknown): Error {
  if (error instanceof Error && error.name === 'AccessDeniedException')
    return new ConfigurationError(`SSM Parameter Store refused the call (AccessDeniedException): ${error.message}`, { denied: error.message, cause: error });
  return new DependencyError('SSM Parameter Store', { cause: error });
}
