import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type PlainCveApp } from '../../infra/app.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { API_PATH_PATTERNS, PUBLIC_CACHED_PATHS } from '../../shared/platform/web.js';

let built: PlainCveApp;
let synthError: unknown;
let web: Template;
let api: Template;

/** AWS's managed CachingDisabled policy. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

interface CacheBehavior {
  PathPattern: string;
  TargetOriginId: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: { Ref: string };
  AllowedMethods: string[];
  ViewerProtocolPolicy: string;
  ResponseHeadersPolicyId: unknown;
}

beforeAll(() => {
  built = buildApp();
  try {
    // cdk-nag's AwsSolutions checks run as a validation plugin: any unacknowledged finding fails synth.
    built.app.synth();
  } catch (error) {
    synthError = error;
  }
  web = Template.fromStack(built.web);
  api = Template.fromStack(built.api);
});

function distributionConfig() {
  const distributions = Object.values(web.findResources('AWS::CloudFront::Distribution'));
  expect(distributions).toHaveLength(1);
  return (distributions[0] as { Properties: { DistributionConfig: Record<string, unknown> } }).Properties.DistributionConfig as {
    CacheBehaviors: CacheBehavior[];
    DefaultCacheBehavior: { TargetOriginId: string; ViewerProtocolPolicy: string };
    Origins: { Id: string; S3OriginConfig?: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string; OriginSSLProtocols: string[] } }[];
  };
}

function originRequestPolicy(behavior: CacheBehavior) {
  if (!behavior.OriginRequestPolicyId) return undefined;
  const resource = web.findResources('AWS::CloudFront::OriginRequestPolicy')[behavior.OriginRequestPolicyId.Ref] as {
    Properties: { OriginRequestPolicyConfig: { HeadersConfig: { HeaderBehavior: string; Headers?: string[] }; CookiesConfig: { CookieBehavior: string; Cookies?: string[] }; QueryStringsConfig: { QueryStringBehavior: string } } };
  };
  return resource.Properties.OriginRequestPolicyConfig;
}

describe('CloudFront', () => {
  test('sends exactly the API paths to the REST API and the rest to the bucket', () => {
    const config = distributionConfig();
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern).sort();
    expect(patterns).toEqual([...API_PATH_PATTERNS].sort());
    const s3 = config.Origins.find((o) => o.S3OriginConfig);
    const rest = config.Origins.find((o) => o.CustomOriginConfig);
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3?.Id);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    for (const behavior of config.CacheBehaviors) {
      expect(behavior.TargetOriginId).toBe(rest?.Id);
      expect(behavior.ViewerProtocolPolicy).toBe('https-only');
    }
    expect(rest?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(rest?.CustomOriginConfig?.OriginSSLProtocols).toEqual(['TLSv1.2']);
  });

  test('caches nothing but the public paths (/cve/*, /openapi.json, /search)', () => {
    for (const behavior of distributionConfig().CacheBehaviors) {
      const cached = behavior.PathPattern in PUBLIC_CACHED_PATHS;
      if (cached) expect(behavior.CachePolicyId).not.toBe(CACHING_DISABLED);
      else expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
    }
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
        }),
      }),
    });
    // The keyless search is cached by its q alone.
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['q'] },
        }),
      }),
    });
  });

  test('forwards X-API-Key and query strings to /api/*, cookies to /auth/* and /account/*, nothing else', () => {
    const behaviors = Object.fromEntries(distributionConfig().CacheBehaviors.map((b) => [b.PathPattern, b]));
    const apiPolicy = originRequestPolicy(behaviors['/api/*'] as CacheBehavior);
    expect(apiPolicy?.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['X-API-Key'] });
    expect(apiPolicy?.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(apiPolicy?.CookiesConfig.CookieBehavior).toBe('none');

    const auth = originRequestPolicy(behaviors['/auth/*'] as CacheBehavior);
    expect(auth?.CookiesConfig.Cookies?.sort()).toEqual(['__Host-plaincve_oauth', '__Host-plaincve_session']);
    expect(auth?.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(auth?.HeadersConfig.HeaderBehavior).toBe('none');

    const account = originRequestPolicy(behaviors['/account/*'] as CacheBehavior);
    expect(account?.CookiesConfig.Cookies).toEqual(['__Host-plaincve_session']);
    expect(account?.HeadersConfig.Headers?.sort()).toEqual(['Content-Type', 'Origin', 'X-CSRF-Token']);
    expect(behaviors['/account/*']?.AllowedMethods).toContain('POST');

    for (const path of ['/health', '/cve/*', '/openapi.json']) expect(originRequestPolicy(behaviors[path] as CacheBehavior)).toBeUndefined();
  });

  test('reaches the private bucket through origin access control only', () => {
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
    });
    const s3 = distributionConfig().Origins.find((o) => o.S3OriginConfig);
    expect(s3?.OriginAccessControlId).toBeDefined();
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
    for (const bucket of Object.values(web.findResources('AWS::S3::Bucket'))) {
      expect((bucket as { Properties: Record<string, unknown> }).Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect((bucket as { Properties: Record<string, unknown> }).Properties.BucketEncryption).toBeDefined();
    }
  });

  test('every behaviour carries a response-headers policy with HSTS, CSP frame-ancestors, nosniff and Referrer-Policy', () => {
    const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(Object.keys(policies).length).toBeGreaterThan(0);
    for (const policy of Object.values(policies)) {
      const security = (policy as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> } } })
        .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(security.StrictTransportSecurity?.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
      expect(String(security.ContentSecurityPolicy?.ContentSecurityPolicy)).toContain("frame-ancestors 'none'");
      expect(security.ContentTypeOptions?.Override).toBe(true);
      expect(security.ReferrerPolicy?.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    }
    const config = distributionConfig();
    for (const behavior of config.CacheBehaviors) expect(behavior.ResponseHeadersPolicyId).toBeDefined();
  });

  test('the dashboard is deployed to the bucket under dashboard/', () => {
    web.hasResourceProperties('Custom::CDKBucketDeployment', { DestinationBucketKeyPrefix: 'dashboard/' });
  });
});

describe('the OAuth secret', () => {
  test('lives in the stateful stack and is retained', () => {
    const stateful = Template.fromStack(built.stateful);
    stateful.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  test('only the callback function may read it, and it alone is told where it is', () => {
    const readers = Object.entries(FUNCTIONS)
      .filter(([, d]) => 'readsOAuthSecret' in d && d.readsOAuthSecret)
      .map(([id]) => id);
    expect(readers).toEqual(['authCallback']);
    const policies = api.findResources('AWS::IAM::Policy');
    const granted = Object.values(policies).filter((policy) =>
      JSON.stringify(policy).includes('secretsmanager:GetSecretValue'),
    ) as { Properties: { Roles: { Ref: string }[] } }[];
    const roles = granted.flatMap((p) => p.Properties.Roles.map((r) => r.Ref));
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatch(/^authCallbackFnRole/);
    const functions = Object.entries(api.findResources('AWS::Lambda::Function'));
    const told = functions.filter(([, fn]) => JSON.stringify(fn).includes('OAUTH_SECRET_ID')).map(([id]) => id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^authCallbackFn/);
    expect(JSON.stringify(policies)).not.toMatch(/secretsmanager:\*|"secretsmanager:GetSecretValue","Resource":"\*"/);
  });
});

test('the whole app synthesizes with cdk-nag clean', () => {
  expect(synthError).toBeUndefined();
});
