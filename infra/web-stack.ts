import { CfnOutput, DefaultStackSynthesizer, DockerImage, Duration, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CachedMethods,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { buildDashboardSync } from '../dashboard/build.js';
import { DASHBOARD_CSP, DASHBOARD_PATH, HSTS_MAX_AGE_SECONDS, siteRewriteFunctionSource } from '../shared/platform/web.js';
import { PROVIDERS, PROVIDER_IDS } from '../shared/auth/providers.js';
import { errorEnvelope } from '../shared/domain/errors.js';
import { ACCESS_LOG_RETENTION_DAYS } from '../shared/domain/limits.js';
import { CLOUDFRONT_REGION, ORIGIN_VERIFY_HEADER, PUBLIC_BASE_URL_PARAMETER } from '../shared/platform/deployment.js';
import { CORS, EDGE_BEHAVIOURS, ORIGIN_READ_TIMEOUT_SECONDS, type EdgeBehaviour } from '../shared/platform/edge.js';
import { EdgeWebAcl } from './edge-waf.js';
import { PROJECT_ROOT } from './project-root.js';

export interface WebStackProps extends StackProps {
  readonly api: RestApi;
  /** The API stack's origin-verify secret: CloudFront sends its value with every API request. */
  readonly originVerifySecret: ISecret;
  /** A custom domain and its us-east-1 ACM certificate; without them the cloudfront.net name serves. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** An explicit public origin (e.g. a domain whose DNS is outside this app); else derived. */
  readonly publicBaseUrl?: string;
}

/**
 * One origin for everything a browser touches: CloudFront in front of the private dashboard
 * bucket (origin access control) and the REST API. Only /cve/* and /openapi.json are cached;
 * each API path gets exactly the headers, cookies and query strings it needs.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  readonly publicBaseUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // A CLOUDFRONT-scope web ACL can only be created in us-east-1: elsewhere the deploy would
    // fail half-way, after the API stack is already up. Refused at synth instead.
    if (Token.isUnresolved(this.region) || this.region !== CLOUDFRONT_REGION) {
      throw new Error(
        `${id} holds the CloudFront web ACL, which AWS creates only in ${CLOUDFRONT_REGION}; this app is set for region "${Token.isUnresolved(this.region) ? 'unresolved' : this.region}". Run the CDK CLI with AWS_REGION=${CLOUDFRONT_REGION} (it sets CDK_DEFAULT_REGION from your AWS region) or with -c region=${CLOUDFRONT_REGION}; see docs/deploy.md.`,
      );
    }

    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with an ACL, which needs object-writer ownership.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions::AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.bucket = new Bucket(this, 'Dashboard', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'dashboard-bucket/',
      // Only build output lives here: BucketDeployment can always put it back.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const dashboardHeaders = new ResponseHeadersPolicy(this, 'DashboardHeaders', {
      comment: 'PlainCVE dashboard: strict CSP, HSTS, nosniff, no framing',
      securityHeadersBehavior: securityHeaders(DASHBOARD_CSP, true),
    });
    // API answers: the same headers; a page's own CSP (the CVE pages set one) takes precedence.
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'PlainCVE API and pages: HSTS, nosniff, no framing',
      securityHeadersBehavior: securityHeaders("default-src 'none'; frame-ancestors 'none'; base-uri 'none'", false),
    });

    // The site's pages (home, dashboard, API reference) by the shared table of paths; anything
    // else that reaches the bucket's behaviour gets the product's JSON error.
    const rewrite = new CloudFrontFunction(this, 'DashboardIndex', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /, /dashboard and /docs/api from the site bucket, answers the rest in JSON',
      code: FunctionCode.fromInline(siteRewriteFunctionSource(JSON.stringify(errorEnvelope('NOT_FOUND')))),
    });

    // CORS preflight on the programmatic API, answered at the edge without a key (and without
    // reaching API Gateway); the other answers get their CORS headers from the policy below.
    const preflight = new CloudFrontFunction(this, 'CorsPreflight', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Answers CORS preflight (OPTIONS) on /api/*, /health and /openapi.json',
      code: FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  if (request.method !== 'OPTIONS') return request;
  return { statusCode: 204, statusDescription: 'No Content', headers: {
    'access-control-allow-origin': { value: '${CORS.allowOrigin}' },
    'access-control-allow-methods': { value: '${CORS.allowMethods.join(', ')}' },
    'access-control-allow-headers': { value: '${CORS.allowHeaders.join(', ')}' },
    'access-control-max-age': { value: '${CORS.maxAgeSeconds}' }
  } };
}`),
    });
    const corsHeaders = new ResponseHeadersPolicy(this, 'ApiCorsHeaders', {
      comment: 'PlainCVE programmatic API: security headers and CORS for any origin (no credentials)',
      securityHeadersBehavior: securityHeaders("default-src 'none'; frame-ancestors 'none'; base-uri 'none'", false),
      corsBehavior: {
        accessControlAllowCredentials: false,
        accessControlAllowOrigins: [CORS.allowOrigin],
        accessControlAllowMethods: [...CORS.allowMethods],
        accessControlAllowHeaders: [...CORS.allowHeaders],
        accessControlExposeHeaders: [...CORS.exposeHeaders],
        accessControlMaxAge: Duration.seconds(CORS.maxAgeSeconds),
        originOverride: true,
      },
    });

    // The secret header is the API's proof that a request came through this distribution.
    const apiOrigin = new RestApiOrigin(props.api, {
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
      readTimeout: Duration.seconds(ORIGIN_READ_TIMEOUT_SECONDS),
    });
    // Public pages: cached by path alone (no cookie, header or query string in the key).
    const pages = new CachePolicy(this, 'PublicPages', {
      comment: 'PlainCVE /cve/* and /openapi.json: by path only, honouring the origin Cache-Control',
      defaultTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The API-key API: nothing is kept (answers are private or no-store; the key is in the key
    // anyway), but Accept-Encoding reaches the origin, which compresses the exports.
    const passThrough = new CachePolicy(this, 'ApiPassThrough', {
      comment: 'PlainCVE /api/*: not cached; forwards X-API-Key, query strings and a normalised Accept-Encoding',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList(...(EDGE_BEHAVIOURS.find((b) => b.cache === 'passThrough')?.forward.headers ?? [])),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The keyless public search: cached by its q query string alone (shared/platform/edge.ts).
    const publicSearch = new CachePolicy(this, 'PublicSearch', {
      comment: 'PlainCVE /search: by its q query string only',
      defaultTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.allowList('q'),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const cachePolicies = { none: CachePolicy.CACHING_DISABLED, publicPage: pages, passThrough, publicSearch } as const;
    const apiBehaviours = Object.fromEntries(
      EDGE_BEHAVIOURS.map((behaviour, index) => [
        behaviour.pattern,
        {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          // Every method reaches the API, so an unknown method answers with the product's JSON
          // error (API Gateway's gateway responses) instead of CloudFront's own 403.
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: cachePolicies[behaviour.cache],
          responseHeadersPolicy: behaviour.cors ? corsHeaders : apiHeaders,
          compress: true,
          ...(behaviour.cors ? { functionAssociations: [{ function: preflight, eventType: FunctionEventType.VIEWER_REQUEST }] } : {}),
          // A pass-through cache policy already forwards what it keys on.
          ...(behaviour.cache !== 'passThrough' && behaviour.cache !== 'publicSearch' && forwardsAnything(behaviour)
            ? { originRequestPolicy: forwardingPolicy(this, `Forwarding${index}`, behaviour) }
            : {}),
        } satisfies BehaviorOptions,
      ]),
    );

    const certificate = props.certificateArn ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'PlainCVE: dashboard, sign-in, account API, public CVE pages and the REST API',
      defaultRootObject: '',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      // TLS 1.2+ for viewers: CloudFront enforces a security policy only with a custom certificate.
      ...(certificate && props.domainName
        ? { certificate, domainNames: [props.domainName], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      webAclId: new EdgeWebAcl(this, 'Firewall').webAcl.attrArn,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Every method reaches the viewer-request function, which answers all but GET/HEAD in JSON.
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: dashboardHeaders,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: apiBehaviours,
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR1',
      reason: 'A public security API for everyone: no geographic restriction by design.',
    });
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions::AwsSolutions-CFR4',
        reason:
          'Without the custom domain (context domainName/certificateArn) CloudFront serves its default certificate, whose policy AWS fixes; with the domain, TLSv1.2_2021 is set.',
      });
    }

    // The public origin, for the functions (read at cold start) and the outputs: an explicit
    // publicBaseUrl, else the custom domain, else CloudFront's own domain. Never a placeholder.
    this.publicBaseUrl =
      props.publicBaseUrl?.replace(/\/+$/, '') ??
      (props.domainName && certificate ? `https://${props.domainName}` : `https://${this.distribution.distributionDomainName}`);
    new StringParameter(this, 'PublicBaseUrl', {
      parameterName: PUBLIC_BASE_URL_PARAMETER,
      description: 'PlainCVE public origin: SARIF links, OAuth redirect URIs and the dashboard origin check',
      stringValue: this.publicBaseUrl,
    });
    new CfnOutput(this, 'SiteUrl', { description: 'The PlainCVE site (dashboard, API, pages)', value: this.publicBaseUrl });
    for (const provider of PROVIDER_IDS) {
      new CfnOutput(this, `${PROVIDERS[provider].label}CallbackUrl`, {
        description: `Register this redirect URI with ${PROVIDERS[provider].label}`,
        value: `${this.publicBaseUrl}/auth/${provider}/callback`,
      });
    }

    const deployment = new BucketDeployment(this, 'DashboardFiles', {
      sources: [
        Source.asset(join(PROJECT_ROOT, 'dashboard'), {
          exclude: ['dist', 'dist/**'],
          bundling: {
            // Built locally with esbuild at synth time; the image is never used.
            image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-alpine'),
            local: {
              tryBundle(outputDir: string) {
                buildDashboardSync(outputDir);
                return true;
              },
            },
          },
        }),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'dashboard/',
      distribution: this.distribution,
      distributionPaths: [`${DASHBOARD_PATH}*`, '/', '/docs/*'],
      memoryLimit: 256,
    });
    // BucketDeployment's handler is a stack-level singleton, not a child of the deployment.
    const handlers = [deployment, ...this.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))];
    for (const handler of handlers)
      Validations.of(handler).acknowledge(
        {
          id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: "BucketDeployment's CDK-provided handler runs with the basic execution role; it runs only at deploy time.",
        },
        ...[
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          `Resource::arn:<AWS::Partition>:s3:::${assetBucketName(this)}/*`,
          `Resource::<${this.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`,
          'Resource::*',
        ].map((finding) => ({
          id: `AwsSolutions::AwsSolutions-IAM5[${finding}]`,
          reason:
            "BucketDeployment's CDK-provided handler reads the asset, replaces the dashboard's objects and invalidates the distribution (CloudFront invalidation takes no resource ARN).",
        })),
        { id: 'AwsSolutions::AwsSolutions-L1', reason: "The runtime of BucketDeployment's handler is chosen by aws-cdk-lib." },
      );
  }
}

/**
 * The CDK bootstrap asset bucket as cdk-nag names it in a finding: a concrete account or region
 * (what `cdk deploy` sets through CDK_DEFAULT_ACCOUNT/REGION) appears literally, an unresolved one
 * as its pseudo-parameter. Built from the stack itself, so the acknowledgement fits any account.
 */
function assetBucketName(stack: Stack): string {
  const synthesizer = stack.synthesizer;
  const qualifier = (synthesizer instanceof DefaultStackSynthesizer ? synthesizer.bootstrapQualifier : undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `cdk-${qualifier}-assets-${account}-${region}`;
}

function forwardsAnything(behaviour: EdgeBehaviour): boolean {
  return behaviour.forward.headers.length > 0 || behaviour.forward.cookies.length > 0 || behaviour.forward.queryStrings;
}

/** Exactly the headers, cookies and query strings of the behaviour's row in EDGE_BEHAVIOURS. */
function forwardingPolicy(scope: Construct, id: string, behaviour: EdgeBehaviour): OriginRequestPolicy {
  const { headers, cookies, queryStrings } = behaviour.forward;
  return new OriginRequestPolicy(scope, id, {
    comment: `PlainCVE ${behaviour.pattern}: ${behaviour.description}`.slice(0, 128),
    headerBehavior: headers.length ? OriginRequestHeaderBehavior.allowList(...headers) : OriginRequestHeaderBehavior.none(),
    cookieBehavior: cookies.length ? OriginRequestCookieBehavior.allowList(...cookies) : OriginRequestCookieBehavior.none(),
    queryStringBehavior: queryStrings ? OriginRequestQueryStringBehavior.all() : OriginRequestQueryStringBehavior.none(),
  });
}

function securityHeaders(csp: string, overrideCsp: boolean) {
  return {
    strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    contentSecurityPolicy: { contentSecurityPolicy: csp, override: overrideCsp },
    contentTypeOptions: { override: true },
    referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
  };
}
