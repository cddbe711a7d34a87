import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorizerResultSchema, policyAllows, type AuthorizerResult } from '../../shared/local/policy.js';

const ARN = 'arn:aws:execute-api:local:000000000000:local/local/GET/api/cve/CVE-2021-44228';
const STAGE = 'arn:aws:execute-api:local:000000000000:local/local/*/*';

type Statement = AuthorizerResult['policyDocument']['Statement'][number];
const result = (...Statement: Statement[]): AuthorizerResult => ({
  principalId: 'acc_1',
  policyDocument: { Version: '2012-10-17', Statement },
});
const allow = (Resource: string | string[], Action: string | string[] = 'execute-api:Invoke'): Statement => ({ Effect: 'Allow', Action, Resource });
const deny = (Resource: string | string[], Action: string | string[] = 'execute-api:Invoke'): Statement => ({ Effect: 'Deny', Action, Resource });

describe('authorizer policy evaluation (local API Gateway)', () => {
  it('allows a method ARN covered by a stage-wide wildcard', () => {
    expect(policyAllows(result(allow(STAGE)), ARN)).toBe(true);
    expect(policyAllows(result(allow('*')), ARN)).toBe(true);
    expect(policyAllows(result(allow(ARN)), ARN)).toBe(true);
  });

  it('lets an explicit Deny win over any Allow', () => {
    expect(policyAllows(result(allow(STAGE), deny(ARN)), ARN)).toBe(false);
    expect(policyAllows(result(deny(STAGE), allow(ARN)), ARN)).toBe(false);
    expect(policyAllows(result(allow('*'), deny('*')), ARN)).toBe(false);
  });

  it('denies by default: no statement, or none that covers the ARN or the action', () => {
    expect(policyAllows(result(), ARN)).toBe(false);
    expect(policyAllows(result(allow('arn:aws:execute-api:local:000000000000:local/local/POST/*')), ARN)).toBe(false);
    expect(policyAllows(result(allow('arn:aws:execute-api:local:000000000000:other/local/*/*')), ARN)).toBe(false);
    expect(policyAllows(result(allow(STAGE, 'execute-api:ManageConnections')), ARN)).toBe(false);
  });

  it('understands action wildcards and lists of actions and resources', () => {
    expect(policyAllows(result(allow(STAGE, 'execute-api:*')), ARN)).toBe(true);
    expect(policyAllows(result(allow(['arn:nothing', STAGE], ['s3:GetObject', 'execute-api:Invoke'])), ARN)).toBe(true);
    expect(policyAllows(result(allow(STAGE), deny(['arn:nothing', ARN])), ARN)).toBe(false);
  });

  it('treats only * as a wildcard: dots and other regex characters are literal', () => {
    expect(policyAllows(result(allow('arn:aws:execute-api:local:000000000000:local/local/GET/api/cve/CVE.2021.44228')), ARN)).toBe(false);
    expect(policyAllows(result(allow('arn:aws:execute-api:local:000000000000:local.local/*/*')), ARN)).toBe(false);
  });

  it('a Deny on a covering resource always wins, whatever else the policy says (property)', () => {
    const resource = fc.constantFrom(STAGE, '*', ARN, 'arn:aws:execute-api:local:000000000000:local/local/GET/*', 'arn:nothing');
    const statement = fc.record({
      Effect: fc.constantFrom('Allow' as const, 'Deny' as const),
      Action: fc.constantFrom('execute-api:Invoke', 'execute-api:*', '*'),
      Resource: resource,
    });
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 6 }), fc.nat(6), (statements, at) => {
        const withDeny: Statement[] = [...statements];
        withDeny.splice(Math.min(at, withDeny.length), 0, deny(STAGE));
        return !policyAllows(result(...withDeny), ARN);
      }),
    );
  });

  it('parses what an authorizer returns, and refuses a result without a policy', () => {
    expect(authorizerResultSchema.safeParse(result(allow(STAGE))).success).toBe(true);
    expect(authorizerResultSchema.safeParse({ principalId: 'x' }).success).toBe(false);
    expect(
      authorizerResultSchema.safeParse({
        principalId: 'x',
        policyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Maybe', Action: 'a', Resource: 'b' }] },
      }).success,
    ).toBe(false);
  });
});
