import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type PlainCveApp } from '../../infra/app.js';
import { FUNCTIONS, type FunctionDefinition } from '../../shared/platform/functions.js';
import { EDGE_BEHAVIOURS, behaviourFor, routesUnder } from '../../shared/platform/edge.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { OAUTH_SECRET_NAME } from '../../shared/platform/deployment.js';
import { EMPTY_OAUTH_SETTINGS } from '../../shared/secrets/oauth-settings.js';

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
    Origins: {
      Id: string;
      S3OriginConfig?: unknown;
      OriginAccessControlId?: unknown;
      CustomOriginConfig?: { OriginProtocolPolicy: string; OriginSSLProtocols: string[] };
    }[];
  };
}

function cachePolicy(behavior: CacheBehavior) {
  const ref = (behavior.CachePolicyId as { Ref: string }).Ref;
  const resource = web.findResources('AWS::CloudFront::CachePolicy')[ref] as {
    Properties: {
      CachePolicyConfig: {
        ParametersInCacheKeyAndForwardedToOrigin: {
          EnableAcceptEncodingGzip: boolean;
          EnableAcceptEncodingBrotli: boolean;
          HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
          QueryStringsConfig: { QueryStringBehavior: string; QueryStrings?: string[] };
        };
      };
    };
  };
  return resource.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
}

function originRequestPolicy(behavior: CacheBehavior) {
  if (!behavior.OriginRequestPolicyId) return undefined;
  const resource = web.findResources('AWS::CloudFront::OriginRequestPolicy')[behavior.OriginRequestPolicyId.Ref] as {
    Properties: {
      OriginRequestPolicyConfig: {
        HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
        CookiesConfig: { CookieBehavior: string; Cookies?: string[] };
        QueryStringsConfig: { QueryStringBehavior: string };
      };
    };
  };
  return resource.Properties.OriginRequestPolicyConfig;
}

describe('CloudFront', () => {
  test('sends exactly the API paths to the REST API and the rest to the bucket', () => {
    const config = distributionConfig();
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern).sort();
    expect(patterns).toEqual(EDGE_BEHAVIOURS.map((b) => b.pattern).sort());
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

  test('caches nothing but the public paths (/cve/*, /openapi.json, /search); /api/* keeps nothing for more than 1 s, keyed on the API key', () => {
    for (const behavior of distributionConfig().CacheBehaviors) {
      const cached = ['publicPage', 'publicSearch'].includes(EDGE_BEHAVIOURS.find((b) => b.pattern === behavior.PathPattern)?.cache ?? '');
      if (cached) expect(behavior.CachePolicyId).not.toBe(CACHING_DISABLED);
      else if (behavior.PathPattern === '/api/*') {
        const ref = (behavior.CachePolicyId as { Ref: string }).Ref;
        const config = (web.findResources('AWS::CloudFront::CachePolicy')[ref] as { Properties: { CachePolicyConfig: { DefaultTTL: number; MaxTTL: number } } })
          .Properties.CachePolicyConfig;
        expect(config).toMatchObject({ DefaultTTL: 0, MaxTTL: 1 });
      } else expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
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

  test('forwards exactly what each row of EDGE_BEHAVIOURS names, and nothing to the others', () => {
    const behaviors = Object.fromEntries(distributionConfig().CacheBehaviors.map((b) => [b.PathPattern, b]));
    for (const row of EDGE_BEHAVIOURS) {
      const behavior = behaviors[row.pattern] as CacheBehavior;
      if (row.cache === 'passThrough') {
        // The cache policy forwards the key, the query strings and the normalised Accept-Encoding.
        const policy = cachePolicy(behavior);
        expect(policy.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: [...row.forward.headers] });
        expect(policy.QueryStringsConfig.QueryStringBehavior).toBe(row.forward.queryStrings ? 'all' : 'none');
        expect(behavior.OriginRequestPolicyId).toBeUndefined();
        continue;
      }
      if (row.cache === 'publicSearch') {
        // Keyed, and so forwarded, on the search's q alone: no cookie or header reaches it.
        const policy = cachePolicy(behavior);
        expect(policy.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['q'] });
        expect(policy.HeadersConfig.HeaderBehavior).toBe('none');
        expect(behavior.OriginRequestPolicyId).toBeUndefined();
        continue;
      }
      const forwarded = originRequestPolicy(behavior);
      if (!row.forward.headers.length && !row.forward.cookies.length && !row.forward.queryStrings) {
        expect(forwarded, row.pattern).toBeUndefined();
        continue;
      }
      expect(forwarded?.HeadersConfig.Headers?.slice().sort() ?? [], row.pattern).toEqual([...row.forward.headers].sort());
      expect(forwarded?.CookiesConfig.Cookies?.slice().sort() ?? [], row.pattern).toEqual([...row.forward.cookies].sort());
      expect(forwarded?.QueryStringsConfig.QueryStringBehavior, row.pattern).toBe(row.forward.queryStrings ? 'all' : 'none');
    }
    const account = originRequestPolicy(behaviors['/account/*'] as CacheBehavior);
    expect(account?.CookiesConfig.Cookies).toEqual(['__Host-plaincve_session']);
    expect(account?.HeadersConfig.Headers?.sort()).toEqual(['Content-Encoding', 'Content-Type', 'Origin', 'X-CSRF-Token']);
  });

  test('/api/* forwards Accept-Encoding (gzip and brotli) so exports arrive compressed, and keys on X-API-Key', () => {
    const behaviors = Object.fromEntries(distributionConfig().CacheBehaviors.map((b) => [b.PathPattern, b]));
    const policy = cachePolicy(behaviors['/api/*'] as CacheBehavior);
    expect(policy.EnableAcceptEncodingGzip).toBe(true);
    expect(policy.EnableAcceptEncodingBrotli).toBe(true);
    expect(policy.HeadersConfig.Headers).toContain('X-API-Key');
  });

  test('every method reaches the API behaviours, so API Gateway answers unknown methods with the JSON envelope', () => {
    for (const behavior of distributionConfig().CacheBehaviors) {
      expect(behavior.AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    }
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

describe('EDGE_BEHAVIOURS agrees with ROUTES (one source per fact)', () => {
  test('every route falls under exactly one behaviour, which CloudFront sends to the API', () => {
    for (const route of ROUTES) {
      const concrete = route.path.replace(/\{[^}]+\}/g, 'x');
      const matching = EDGE_BEHAVIOURS.filter((b) => behaviourFor(concrete) === b);
      expect(matching, `${route.method} ${route.path}`).toHaveLength(1);
    }
  });

  test('every behaviour serves at least one route, and only cookie-free routes allow CORS', () => {
    for (const behaviour of EDGE_BEHAVIOURS) {
      expect(routesUnder(behaviour).length, behaviour.pattern).toBeGreaterThan(0);
      if (behaviour.cors) expect(behaviour.forward.cookies, behaviour.pattern).toEqual([]);
    }
    expect(
      EDGE_BEHAVIOURS.filter((b) => b.cors)
        .map((b) => b.pattern)
        .sort(),
    ).toEqual(['/api/*', '/health', '/openapi.json']);
  });
});

describe('the OAuth secret', () => {
  test('lives in the stateful stack, is retained, and is created as JSON with every key present and empty', () => {
    const stateful = Template.fromStack(built.stateful);
    stateful.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    const [secret] = Object.values(stateful.findResources('AWS::SecretsManager::Secret')) as { Properties: { Name: string; SecretString: string } }[];
    expect(secret?.Properties.Name).toBe(OAUTH_SECRET_NAME);
    expect(JSON.parse(secret?.Properties.SecretString ?? '')).toEqual(EMPTY_OAUTH_SETTINGS);
    expect(Object.values(EMPTY_OAUTH_SETTINGS).every((v) => v === '')).toBe(true);
    stateful.hasOutput('OAuthSecretName', { Value: OAUTH_SECRET_NAME });
  });

  test('only the two sign-in functions may read it, and they alone are told where it is', () => {
    const readers = Object.entries(FUNCTIONS)
      .filter(([, d]) => (d as FunctionDefinition).secrets?.includes('oauth'))
      .map(([id]) => id);
    expect(readers.sort()).toEqual(['authCallback', 'authStart']);
    const policies = api.findResources('AWS::IAM::Policy');
    const granted = Object.values(policies).filter((policy) => JSON.stringify(policy).includes('secretsmanager:GetSecretValue')) as {
      Properties: { Roles: { Ref: string }[] };
    }[];
    const roles = granted.flatMap((p) => p.Properties.Roles.map((r) => r.Ref));
    expect(roles.map((r) => r.replace(/FnRole.*/, '')).sort()).toEqual(['authCallback', 'authStart']);
    const functions = Object.entries(api.findResources('AWS::Lambda::Function'));
    const told = functions.filter(([, fn]) => JSON.stringify(fn).includes('OAUTH_SECRET_ID')).map(([id]) => id.replace(/Fn.*/, ''));
    expect(told.sort()).toEqual(['authCallback', 'authStart']);
    expect(JSON.stringify(policies)).not.toMatch(/secretsmanager:\*|"secretsmanager:GetSecretValue","Resource":"\*"/);
  });
});

test('the whole app synthesizes with cdk-nag clean', () => {
  expect(synthError).toBeUndefined();
});
