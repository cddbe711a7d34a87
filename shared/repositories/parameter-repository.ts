import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { config } from '../config/index.js';
import { DependencyError } from '../domain/errors.js';

let client: SSMClient | undefined;

/** An SSM parameter's value (deploy-time settings written by the stacks); a failure to read it is a dependency failure. */
export async function readParameter(name: string): Promise<string> {
  client ??= new SSMClient({ region: config().AWS_REGION, maxAttempts: 3 });
  try {
    const out = await client.send(new GetParameterCommand({ Name: name }));
    const value = out.Parameter?.Value;
    if (!value) throw new Error(`parameter ${name} has no value`);
    return value;
  } catch (error) {
    throw new DependencyError('SSM Parameter Store', { cause: error });
  }
}
