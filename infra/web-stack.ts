import { DockerImage, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
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
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { buildDashboardSync } from '../dashboard/build.js';
import { DASHBOARD_CSP, DASHBOARD_PATH, HSTS_MAX_AGE_SECONDS, PUBLIC_CACHED_PATHS, siteRewriteFunctionSource } from '../shared/platform/web.js';
import { FLOW_COOKIE_NAME, SESSION_COOKIE_NAME } from '../shared/platform/cookies.js';
import { PROJECT_ROOT } from './project-root.js';

export interface WebStackProps extends StackProps {
  readonly api: RestApi;
  /** A custom domain and its us-east-1 ACM certificate; without them the cloudfront.net name serves. */
  readonly domainName?: string;
  readonly certificateArn?: string;
}

/**
 * One origin for everything a browser touches: CloudFront in front of the private dashboard
 * bucket (origin access control) and the REST API. Only /cve/* and /openapi.json are cached;
 * each API path gets exactly the headers, cookies and query strings it needs.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with an ACL, which needs object-writer ownership.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
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

    // The site's pages (home, dashboard, API reference) by the shared table of paths.
    const rewrite = new CloudFrontFunction(this, 'DashboardIndex', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /, /dashboard and /docs/api from their objects in the site bucket',
      code: FunctionCode.fromInline(siteRewriteFunctionSource()),
    });

    const apiOrigin = new RestApiOrigin(props.api);
    const uncached = CachePolicy.CACHING_DISABLED;
    const forwarding = (id: string, comment: string, options: {
      headers?: string[];
      cookies?: string[];
      queryStrings?: boolean;
    }) =>
      new OriginRequestPolicy(this, id, {
        comment,
        headerBehavior: options.headers ? OriginRequestHeaderBehavior.allowList(...options.headers) : OriginRequestHeaderBehavior.none(),
        cookieBehavior: options.cookies ? OriginRequestCookieBehavior.allowList(...options.cookies) : OriginRequestCookieBehavior.none(),
        queryStringBehavior: options.queryStrings ? OriginRequestQueryStringBehavior.all() : OriginRequestQueryStringBehavior.none(),
      });

    const api = (overrides: Partial<BehaviorOptions>): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: uncached,
      responseHeadersPolicy: apiHeaders,
      compress: true,
      ...overrides,
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
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: dashboardHeaders,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': api({
          originRequestPolicy: forwarding('ApiKeyForwarding', 'X-API-Key and query strings for the API', { headers: ['X-API-Key'], queryStrings: true }),
        }),
        '/health': api({}),
        '/auth/*': api({
          originRequestPolicy: forwarding('SignInForwarding', 'OAuth code/state and the flow and session cookies', {
            cookies: [FLOW_COOKIE_NAME, SESSION_COOKIE_NAME],
            queryStrings: true,
          }),
        }),
        '/account/*': api({
          allowedMethods: AllowedMethods.ALLOW_ALL,
          originRequestPolicy: forwarding('AccountForwarding', 'The session cookie and the CSRF checks of the dashboard API', {
            cookies: [SESSION_COOKIE_NAME],
            headers: ['Origin', 'X-CSRF-Token', 'Content-Type'],
          }),
        }),
        '/cve/*': api({ cachePolicy: pages }),
        '/openapi.json': api({ cachePolicy: pages }),
        '/search': api({
          cachePolicy: new CachePolicy(this, 'PublicSearch', {
            comment: 'PlainCVE /search: by its q query string only',
            defaultTtl: Duration.minutes(5),
            minTtl: Duration.seconds(0),
            maxTtl: Duration.days(1),
            headerBehavior: CacheHeaderBehavior.none(),
            cookieBehavior: CacheCookieBehavior.none(),
            queryStringBehavior: CacheQueryStringBehavior.allowList(...(PUBLIC_CACHED_PATHS['/search'] ?? [])),
            enableAcceptEncodingGzip: true,
            enableAcceptEncodingBrotli: true,
          }),
        }),
      },
    });

    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions::AwsSolutions-CFR1', reason: 'A public security API for everyone: no geographic restriction by design.' },
      {
        id: 'AwsSolutions::AwsSolutions-CFR2',
        reason: 'Per-key rate limits run in the functions and API Gateway throttles the stage; a WAF web ACL is a deployment add-on documented in docs/architecture.md.',
      },
    );
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions::AwsSolutions-CFR4',
        reason: 'Without the custom domain (context domainName/certificateArn) CloudFront serves its default certificate, whose policy AWS fixes; with the domain, TLSv1.2_2021 is set.',
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
    for (const handler of handlers) Validations.of(handler).acknowledge(
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
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*`,
        `Resource::<${this.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`,
        'Resource::*',
      ].map((finding) => ({
        id: `AwsSolutions::AwsSolutions-IAM5[${finding}]`,
        reason: "BucketDeployment's CDK-provided handler reads the asset, replaces the dashboard's objects and invalidates the distribution (CloudFront invalidation takes no resource ARN).",
      })),
      { id: 'AwsSolutions::AwsSolutions-L1', reason: "The runtime of BucketDeployment's handler is chosen by aws-cdk-lib." },
    );
  }
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
