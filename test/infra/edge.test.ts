import { App, Stack } from 'aws-cdk-lib';
import { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT, buildApp, type PlainCveApp } from '../../infra/app.js';
import { WebStack } from '../../infra/web-stack.js';
import { CORS, EDGE_BEHAVIOURS, EDGE_RATE_LIMITS, LARGE_BODY_PATHS, ORIGIN_READ_TIMEOUT_SECONDS, behaviourFor } from '../../shared/platform/edge.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/platform/deployment.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { MAX_MANIFEST_BYTES } from '../../shared/scan/manifest.js';
import { runViewerRequestFunction, type FunctionResponse } from '../support/cloudfront-js.js';
import { evaluateWebAcl, type WafRequest, type WebAclProperties } from '../support/waf-model.js';

let built: PlainCveApp;
let web: Template;
let api: Template;

beforeAll(() => {
  // Account and region come from the infra project's environment (vitest.config.ts), as a deploy's do.
  built = buildApp();
  built.app.synth();
  web = Template.fromStack(built.web);
  api = Template.fromStack(built.api);
});

type Behavior = {
  PathPattern: string;
  AllowedMethods: string[];
  CachePolicyId: unknown;
  OriginRequestPolicyId?: { Ref: string };
  ResponseHeadersPolicyId: { Ref: string };
  FunctionAssociations?: { FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
};
const config = () =>
  (Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: Record<string, unknown> } }).Properties
    .DistributionConfig as {
    WebACLId: unknown;
    CacheBehaviors: Behavior[];
    DefaultCacheBehavior: { AllowedMethods: string[]; FunctionAssociations: { FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
    Origins: { CustomOriginConfig?: { OriginReadTimeout?: number }; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
  };

const functionCode = (logicalId: string): string =>
  (web.findResources('AWS::CloudFront::Function')[logicalId] as { Properties: { FunctionCode: string; FunctionConfig: { Runtime: string } } }).Properties
    .FunctionCode;
const functionRuntime = (logicalId: string): string =>
  (web.findResources('AWS::CloudFront::Function')[logicalId] as { Properties: { FunctionConfig: { Runtime: string } } }).Properties.FunctionConfig.Runtime;

/** Runs a CloudFront Function of the template on one viewer request, under cloudfront-js-2.0's rules. */
function runFunction(logicalId: string, request: { method: string; uri: string; headers?: Record<string, string> }): Record<string, unknown> {
  const result = runViewerRequestFunction(functionCode(logicalId), request);
  return (result.kind === 'response' ? result.response : result.request) as unknown as Record<string, unknown>;
}

const webAcl = (): WebAclProperties => (Object.values(web.findResources('AWS::WAFv2::WebACL'))[0] as { Properties: WebAclProperties }).Properties;

describe('WAF on CloudFront', () => {
  it('the distribution has a CLOUDFRONT web ACL with the AWS common and known-bad-inputs rules, blocked with our JSON body', () => {
    const acls = web.findResources('AWS::WAFv2::WebACL');
    const [id, acl] = Object.entries(acls)[0] as [
      string,
      {
        Properties: {
          Scope: string;
          Rules: { Name: string; Statement: Record<string, unknown>; Action?: unknown }[];
          CustomResponseBodies: Record<string, { Content: string }>;
        };
      },
    ];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(config().WebACLId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    const names = acl.Properties.Rules.map((r) => r.Name);
    expect(names).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'BlockManagedMatches']));
    for (const body of Object.values(acl.Properties.CustomResponseBodies))
      expect(JSON.parse(body.Content)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('per-IP rate rules: tight on /auth/* and /account/*, generous on /api/*', () => {
    const acl = Object.values(web.findResources('AWS::WAFv2::WebACL'))[0] as {
      Properties: { Rules: { Name: string; Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement: unknown } } }[] };
    };
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
          Statement: {
            ByteMatchStatement: Match.objectLike({
              FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_HEADER.toLowerCase() } },
              PositionalConstraint: 'EXACTLY',
            }),
          },
        }),
      ],
    });
    const association = Object.values(api.findResources('AWS::WAFv2::WebACLAssociation'))[0] as { Properties: { ResourceArn: unknown } };
    expect(JSON.stringify(association.Properties.ResourceArn)).toMatch(/\/restapis\/.*\/stages\//);
  });

  it('CloudFront sends the header with the secret value (a dynamic reference, never in the template)', () => {
    const origin = config().Origins.find((o) => o.CustomOriginConfig);
    const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    // The API stack's secret (named by CloudFormation), by a cross-stack reference to its ARN.
    const value = JSON.stringify(header?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain('Fn::ImportValue');
    expect(value).toContain(':SecretString:::}}');
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    for (const secret of Object.values(api.findResources('AWS::SecretsManager::Secret')))
      expect((secret as { Properties: { Name?: string } }).Properties.Name).toBeUndefined();
  });

  it("CloudFront waits for the API's first byte as long as any function may take to send one, within every account's quota (60 s)", () => {
    const origin = config().Origins.find((o) => o.CustomOriginConfig);
    expect(origin?.CustomOriginConfig?.OriginReadTimeout).toBe(ORIGIN_READ_TIMEOUT_SECONDS);
    expect(ORIGIN_READ_TIMEOUT_SECONDS).toBeLessThanOrEqual(60);
    // A buffered answer arrives whole, within API Gateway's 29 s integration limit.
    const buffered = Object.values(FUNCTIONS).filter((f) => !f.responseStreaming);
    for (const f of buffered) expect(Math.min(f.timeoutSeconds ?? 10, 29), f.id).toBeLessThanOrEqual(ORIGIN_READ_TIMEOUT_SECONDS);
    // The scan streams its report once it is built: within its timeout, so within CloudFront's wait.
    expect(FUNCTIONS.scan.timeoutSeconds).toBeLessThanOrEqual(ORIGIN_READ_TIMEOUT_SECONDS);
  });
});

describe('CORS and JSON errors at the edge', () => {
  it('CORS (any origin, GET, X-API-Key, X-RateLimit-* and Retry-After exposed) on /api/*, /health, /openapi.json only', () => {
    for (const behavior of config().CacheBehaviors) {
      const row = EDGE_BEHAVIOURS.find((b) => b.pattern === behavior.PathPattern);
      const policy = web.findResources('AWS::CloudFront::ResponseHeadersPolicy')[behavior.ResponseHeadersPolicyId.Ref] as {
        Properties: { ResponseHeadersPolicyConfig: { CorsConfig?: Record<string, { Items: string[] } | boolean> } };
      };
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
        AccessControlAllowMethods: { Items: expect.arrayContaining(['GET', 'POST', 'OPTIONS']) },
        AccessControlExposeHeaders: { Items: expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) },
      });
      const fnId = behavior.FunctionAssociations?.[0]?.FunctionARN['Fn::GetAtt'][0] ?? '';
      expect(functionRuntime(fnId)).toBe('cloudfront-js-2.0');
      // A browser's preflight before POST /api/scan with a gzip body.
      const preflight = {
        method: 'OPTIONS',
        uri: '/api/scan',
        headers: { Origin: 'https://app.acme.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key, content-encoding' },
      };
      const answer = runFunction(fnId, preflight) as unknown as FunctionResponse;
      expect(answer.statusCode).toBe(204);
      expect(answer.headers?.['access-control-allow-methods']?.value.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(answer.headers?.['access-control-allow-headers']?.value.split(', ')).toEqual(
        expect.arrayContaining(['X-API-Key', 'Content-Type', 'Content-Encoding']),
      );
      expect(answer.headers?.['access-control-allow-origin']?.value).toBe('*');
      expect(runFunction(fnId, { method: 'GET', uri: '/api/cve/CVE-2024-1', headers: { 'X-API-Key': 'pcve_x' } })).toMatchObject({
        method: 'GET',
        uri: '/api/cve/CVE-2024-1',
        headers: { 'x-api-key': { value: 'pcve_x' } },
      });
      expect(runFunction(fnId, { method: 'POST', uri: '/api/scan' })).toMatchObject({ method: 'POST', uri: '/api/scan' });
    }
    expect(CORS.allowOrigin).toBe('*');
  });

  it('the bucket behaviour answers other paths and methods with the JSON NOT_FOUND envelope', () => {
    const defaults = config().DefaultCacheBehavior;
    expect(defaults.AllowedMethods).toContain('POST');
    const fnId = defaults.FunctionAssociations[0]?.FunctionARN['Fn::GetAtt'][0] ?? '';
    expect(functionRuntime(fnId)).toBe('cloudfront-js-2.0');
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

describe('the modelled edge: large manifests reach the scan', () => {
  const lockfile4Mb: WafRequest = { method: 'POST', path: '/api/scan', bodyBytes: MAX_MANIFEST_BYTES };
  // A CycloneDX SBOM gzipped on the wire: WAF sees the compressed bytes, still well over 8 KB.
  const gzipSbom: WafRequest = { method: 'POST', path: '/api/scan', bodyBytes: 180 * 1024 };

  it('the 4 MB limit (MAX_MANIFEST_BYTES) is what the docs name, and a 4 MB body is far over the 8 KB the common rule set flags', () => {
    expect(MAX_MANIFEST_BYTES).toBe(4 * 1024 * 1024);
    expect(evaluateWebAcl(webAcl(), lockfile4Mb).labels).toContain('awswaf:managed:aws:core-rule-set:SizeRestrictions_Body');
  });

  it("a 4 MB lockfile and a gzip-compressed SBOM pass the web ACL on /api/scan, and the dashboard's scan too", () => {
    expect(evaluateWebAcl(webAcl(), lockfile4Mb)).toMatchObject({ action: 'allow' });
    expect(evaluateWebAcl(webAcl(), gzipSbom)).toMatchObject({ action: 'allow' });
    for (const path of LARGE_BODY_PATHS) expect(evaluateWebAcl(webAcl(), { ...lockfile4Mb, path })).toMatchObject({ action: 'allow' });
  });

  it('the other protections stay: a large body elsewhere, another common rule, a known bad input are blocked (403, our envelope)', () => {
    expect(evaluateWebAcl(webAcl(), { ...lockfile4Mb, path: '/api/cve/CVE-2024-1' })).toMatchObject({
      action: 'block',
      rule: 'BlockManagedMatches',
      status: 403,
    });
    expect(evaluateWebAcl(webAcl(), { ...lockfile4Mb, path: '/api/scan/other' })).toMatchObject({ action: 'block', status: 403 });
    expect(evaluateWebAcl(webAcl(), { ...lockfile4Mb, otherManagedLabels: ['awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body'] })).toMatchObject({
      action: 'block',
      status: 403,
    });
    expect(evaluateWebAcl(webAcl(), { ...gzipSbom, otherManagedLabels: ['awswaf:managed:aws:core-rule-set:NoUserAgent_Header'] })).toMatchObject({
      action: 'block',
      status: 403,
    });
    expect(evaluateWebAcl(webAcl(), { ...lockfile4Mb, otherManagedLabels: ['awswaf:managed:aws:known-bad-inputs:Log4JRCE_Body'] })).toMatchObject({
      action: 'block',
      status: 403,
    });
    expect(
      evaluateWebAcl(webAcl(), {
        method: 'POST',
        path: '/api/scan',
        bodyBytes: 2000,
        otherManagedLabels: ['awswaf:managed:aws:core-rule-set:GenericLFI_Body'],
      }),
    ).toMatchObject({ action: 'block' });
    expect(evaluateWebAcl(webAcl(), { method: 'GET', path: '/api/cve/CVE-2024-1', bodyBytes: 0 })).toMatchObject({ action: 'allow' });
  });

  it('CloudFront sends POST, Content-Type and Content-Encoding on to the API for both scan paths', () => {
    const behaviors = config().CacheBehaviors;
    for (const path of LARGE_BODY_PATHS) {
      const row = behaviourFor(path);
      const behavior = behaviors.find((b) => b.PathPattern === row?.pattern);
      expect(behavior?.AllowedMethods, path).toContain('POST');
      const cachePolicy = web.findResources('AWS::CloudFront::CachePolicy')[(behavior?.CachePolicyId as { Ref?: string }).Ref ?? ''] as
        { Properties: { CachePolicyConfig: { ParametersInCacheKeyAndForwardedToOrigin: { HeadersConfig: { Headers?: string[] } } } } } | undefined;
      const originPolicy = web.findResources('AWS::CloudFront::OriginRequestPolicy')[behavior?.OriginRequestPolicyId?.Ref ?? ''] as
        { Properties: { OriginRequestPolicyConfig: { HeadersConfig: { Headers?: string[] } } } } | undefined;
      const forwarded = [
        ...(cachePolicy?.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers ?? []),
        ...(originPolicy?.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers ?? []),
      ];
      expect(forwarded, path).toEqual(expect.arrayContaining(['Content-Type', 'Content-Encoding']));
    }
  });

  it('no block names an empty header list (CloudFormation needs at least one)', () => {
    for (const rule of webAcl().Rules as unknown as { Action?: { Block?: { CustomResponse?: { ResponseHeaders?: unknown[] } } } }[]) {
      const headers = rule.Action?.Block?.CustomResponse?.ResponseHeaders;
      if (headers !== undefined) expect(headers.length).toBeGreaterThan(0);
    }
  });
});

describe('the app for a concrete account and region', () => {
  it("no stack carries a warning or an error annotation (CDK's own, beside cdk-nag and the schema check)", () => {
    for (const stack of [built.stateful, built.api, built.web, built.ingest, built.monitoring, built.changeDelivery]) {
      expect(stack.account, stack.stackName).toBe('123456789012');
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
  });
});

describe('the stack holding the CloudFront web ACL', () => {
  function webStackIn(region: string): () => WebStack {
    const app = new App({ context: DEFAULT_CONTEXT });
    const apiStack = new Stack(app, 'Api', { env: { account: '123456789012', region } });
    const restApi = new RestApi(apiStack, 'Api');
    restApi.root.addMethod('GET');
    const secret = new Secret(apiStack, 'OriginVerify');
    return () => new WebStack(app, 'Web', { env: { account: '123456789012', region }, api: restApi, originVerifySecret: secret });
  }

  it('refuses any region but us-east-1 at synth, naming the fix', () => {
    expect(webStackIn('eu-west-1')).toThrow(/CloudFront web ACL.*us-east-1.*"eu-west-1".*AWS_REGION=us-east-1.*-c region=us-east-1/);
  });

  it('the app puts it in us-east-1', () => {
    expect(built.web.region).toBe('us-east-1');
  });
});
