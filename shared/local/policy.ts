import * as z from '../domain/zod.js';

const statementSchema = z.object({
  Effect: z.enum(['Allow', 'Deny']),
  Action: z.union([z.string(), z.array(z.string())]),
  Resource: z.union([z.string(), z.array(z.string())]),
});

export const authorizerResultSchema = z.object({
  principalId: z.string(),
  policyDocument: z.object({ Version: z.string(), Statement: z.array(statementSchema) }),
  context: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});
export type AuthorizerResult = z.infer<typeof authorizerResultSchema>;

function matches(pattern: string, value: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(value);
}

const list = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** IAM evaluation as API Gateway applies it to an authorizer policy: an explicit Deny wins. */
export function policyAllows(result: AuthorizerResult, methodArn: string): boolean {
  const relevant = result.policyDocument.Statement.filter(
    (s) => list(s.Action).some((a) => matches(a, 'execute-api:Invoke')) && list(s.Resource).some((r) => matches(r, methodArn)),
  );
  if (relevant.some((s) => s.Effect === 'Deny')) return false;
  return relevant.some((s) => s.Effect === 'Allow');
}
