import { Match, Template } from 'aws-cdk-lib/assertions';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PlainCveApp } from '../../infra/app.js';
import { CORS, EDGE_BEHAVIOURS, EDGE_RATE_LIMITS } from '../../shared/platform/edge.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/platform/deployment.js';

let built: PlainCveApp;
let web: Template;
let api: Template;

beforeAll(() => {
  built = buildApp();
  built.app.synth();
  web = Template.fromStack(built.web);
  api = Template.fromStack(built.api);
});

type Behavior = { PathPattern: string; ResponseHeadersPolicyId: { Ref: string }; FunctionAssociations?: { FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
const config = () =>
  (Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: Record<string, unknown> } }).Properties.DistributionConfig as {
    WebACLId: unknown;
    CacheBehaviors: Behavior[];
    DefaultCacheBehavior: { AllowedMethods: string[]; FunctionAssociations: { FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
    Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
  };

/** Runs a CloudFront Function's code on one viewer request. */
function runFunction(logicalId: string, request: { method: string; uri: string }): Record<string, unknown> {
  const code = (web.findResources('AWS::CloudFront::Function')[logicalId] as { Properties: { FunctionCode: string } }).Properties.FunctionCode;
  return runInNewContext(`${code}\nhandler(event)`, { event: { request: { ...request, headers: {}, querystring: {} } } }) as Record<string, unknown>;
}

describe('WAF on CloudFront', () => {
  it('the distribution has a CLOUDFRONT web ACL with the AWS common and known-bad-inputs rules, blocked with our JSON body', () => {
    const acls = web.findResources('AWS::WAFv2::WebACL');
    const [id, acl] = Object.entries(acls)[0] as [string, { Properties: { Scope: string; Rules: { Name: string; Statement: Record<string, unknown>; Action?: unknown }[]; CustomResponseBodies: Record<string, { Content: string }> } }];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(config().WebACLId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    const names = acl.Properties.Rules.map((r) => r.Name);
    expect(names).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'BlockManagedMatches']));
    for (const body of Object.values(acl.Properties.CustomResponseBodies)) expect(JSON.parse(body.Content)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('per-IP rate rules: tight on /auth/* and /account/*, generous on /api/*', () => {
    const acl = Object.values(web.findResources('AWS::WAFv2::WebACL'))[0] as { Properties: { Rules: { Name: string; Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement: unknown } } }[] } };
    const rate = (name: string) => acl.Properties.Rules.find((r) => r.Name === name)?.Statement.RateBasedStatement;
    expect(rate('RatePerIp-tight')).toMatchObject({ Limit: EDGE_RATE_LIMITS.tight, AggregateKeyType: 'IP' });
    expect(JSON.stringify(rate('RatePerIp-tight')?.ScopeDownStatement)).toContain('/auth/');
    expect(JSON.stringify(rate('RatePerIp-tight')?.ScopeDownStatement)).toContain('/account/');
    expect(rate('RatePerIp-generous')).toMatchObject({ Limit: EDGE_RATE_LIMITS.generous });
    expect(JSON.stringify(rate('RatePerIp-generous')?.ScopeDownStatement)).toContain('/api/');
    expect(EDGE_RATE_LIMITS.tight).toBeLessThan(EDGE_RATE_LIMITS.generous);
  });
});

describe('API Gateway only through CloudFront', () => {
  it('a regional web ACL on the stage blocks (403, JSON) every request without the origin-verify header', () => {
    api.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      DefaultAction: { Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'forbidden' } } },
      Rules: [
        Match.objectLike({
          Action: { Allow: {} },
          Statement: { ByteMatchStatement: Match.objectLike({ FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_HEADER.toLowerCase() } }, PositionalConstraint: 'EXACTLY' }) },
        }),
      ],
    });
    const association = Object.values(api.findResources('AWS::WAFv2::WebACLAssociation'))[0] as { Properties: { ResourceArn: unknown } };
    expect(JSON.stringify(association.Properties.ResourceArn)).toMatch(/\/restapis\/.*\/stages\//);
  });

  it('CloudFront sends the header with the secret value (a dynamic reference, never in the template)', () => {
    const origin = config().Origins.find((o) => o.CustomOriginConfig);
    const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:plaincve/origin-verify:SecretString:::}}');
  });
});

describe('CORS and JSON errors at the edge', () => {
  it('CORS (any origin, GET, X-API-Key, X-RateLimit-* and Retry-After exposed) on /api/*, /health, /openapi.json only', () => {
    for (const behavior of config().CacheBehaviors) {
      const row = EDGE_BEHAVIOURS.find((b) => b.pattern === behavior.PathPattern);
      const policy = web.findResources('AWS::CloudFront::ResponseHeadersPolicy')[behavior.ResponseHeadersPolicyId.Ref] as { Properties: { ResponseHeadersPolicyConfig: { CorsConfig?: Record<string, { Items: string[] } | boolean> } } };
      const cors = policy.Properties.ResponseHeadersPolicyConfig.CorsConfig;
      if (!row?.cors) {
        expect(cors, behavior.PathPattern).toBeUndefined();
        expect(behavior.FunctionAssociations, behavior.PathPattern).toBeUndefined();
        continue;
      }
      expect(cors).toMatchObject({
        AccessControlAllowCredentials: false,
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowHeaders: { Items: expect.arrayContaining(['X-API-Key']) },
        AccessControlAllowMethods: { Items: expect.arrayContaining(['GET', 'OPTIONS']) },
        AccessControlExposeHeaders: { Items: expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) },
      });
      const fnId = behavior.FunctionAssociations?.[0]?.FunctionARN['Fn::GetAtt'][0] ?? '';
      const answer = runFunction(fnId, { method: 'OPTIONS', uri: '/api/cve/CVE-2024-1' });
      expect(answer.statusCode).toBe(204);
      expect(JSON.stringify(answer.headers)).toContain('x-api-key'.replace('x-api-key', 'X-API-Key'));
      expect(runFunction(fnId, { method: 'GET', uri: '/api/cve/CVE-2024-1' })).toMatchObject({ method: 'GET' });
    }
    expect(CORS.allowOrigin).toBe('*');
  });

  it('the bucket behaviour answers other paths and methods with the JSON NOT_FOUND envelope', () => {
    const defaults = config().DefaultCacheBehavior;
    expect(defaults.AllowedMethods).toContain('POST');
    const fnId = defaults.FunctionAssociations[0]?.FunctionARN['Fn::GetAtt'][0] ?? '';
    const notFound = runFunction(fnId, { method: 'GET', uri: '/wp-admin' }) as { statusCode: number; body: { data: string } };
    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(notFound.body.data)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(runFunction(fnId, { method: 'DELETE', uri: '/dashboard/' })).toMatchObject({ statusCode: 404 });
    expect(runFunction(fnId, { method: 'GET', uri: '/dashboard' })).toMatchObject({ uri: '/dashboard/index.html' });
    // The home page is a page of its own now (issue 12), served from the bucket.
    expect(runFunction(fnId, { method: 'GET', uri: '/' })).toMatchObject({ uri: '/dashboard/home.html' });
    expect(runFunction(fnId, { method: 'GET', uri: '/docs/api' })).toMatchObject({ uri: '/dashboard/api-reference.html' });
  });
});
