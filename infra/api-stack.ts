import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  ResponseTransferMode,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { errorEnvelope } from '../shared/domain/errors.js';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { FUNCTIONS, type FunctionId } from '../shared/platform/functions.js';
import { AUTHORIZER_CACHE_TTL_SECONDS, BINARY_MEDIA_TYPES, GATEWAY_RESPONSES, STAGE_THROTTLE, gatewayResponseBody } from '../shared/platform/gateway.js';
import { ORIGIN_VERIFY_HEADER } from '../shared/platform/deployment.js';
import { ROUTES } from '../shared/platform/routes.js';
import type { TableDefinition } from '../shared/platform/tables.js';
import { LOG_RETENTION, PlainCveFunction } from './plaincve-function.js';

export interface ApiStackProps extends StackProps {
  readonly tables: Record<TableDefinition['id'], ITableV2>;
  /** Read by the functions whose definition lists the `oauth` secret (the two sign-in functions) and no other. */
  readonly oauthSecret: ISecret;
}

export const API_STAGE = 'prod';

/**
 * The REST API (not an HTTP API: only a REST API's gateway responses can turn an authorizer's
 * denial into our 401 bodies), one function per endpoint, all built from the shared route table.
 */
export class ApiStack extends Stack {
  readonly api: RestApi;
  readonly functions: Record<FunctionId, PlainCveFunction>;
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const functions = {} as Record<FunctionId, PlainCveFunction>;
    for (const [functionId, definition] of Object.entries(FUNCTIONS) as [FunctionId, (typeof FUNCTIONS)[FunctionId]][]) {
      const fn = new PlainCveFunction(this, `${functionId}Fn`, { definition });
      // The public origin is learnt at cold start from the parameter the web stack writes.
      fn.bindResources({ tables: props.tables, secrets: { oauth: props.oauthSecret } });
      functions[functionId] = fn;
    }
    this.functions = functions;

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: LOG_RETENTION });
    this.api = new RestApi(this, 'Api', {
      restApiName: 'plaincve',
      description: 'PlainCVE: plain-English CVE explanations and exports',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      binaryMediaTypes: [...BINARY_MEDIA_TYPES],
      cloudWatchRole: true,
      deployOptions: {
        stageName: API_STAGE,
        throttlingRateLimit: STAGE_THROTTLE.rateLimit,
        throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        tracingEnabled: true,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // No header values: the X-API-Key header must never reach a log.
        accessLogFormat: AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
      },
    });

    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-APIG2',
        reason:
          'Each function validates its input with zod and answers with the product error envelope naming every bad parameter; API Gateway validators would answer with their own body.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: "API Gateway's account-level CloudWatch role needs the AWS managed AmazonAPIGatewayPushToCloudWatchLogs policy.",
      },
    );

    // Reachable only through CloudFront: a regional WAF on the stage lets through only requests
    // carrying the origin-verify header with the secret's value (CloudFront adds it), before any
    // function runs. Anything else gets 403 in the product's envelope.
    // Named by CloudFormation: a fixed name would stop this stack (or the secret) being replaced.
    this.originVerifySecret = new Secret(this, 'OriginVerify', {
      description: 'PlainCVE: the header value CloudFront sends and the API stage WAF requires (change it, then deploy Api and Web)',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    new CfnOutput(this, 'OriginVerifySecretName', {
      description: 'The origin-verify secret (to change its value: put a new one, then deploy PlainCveApi and PlainCveWeb)',
      value: this.originVerifySecret.secretName,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'The value lives in two deployed configurations (CloudFront origin header, stage WAF rule) read at deploy time; rotating means a new value and one deploy of both stacks, documented in docs/deploy.md.',
    });
    const originOnly = new CfnWebACL(this, 'OriginOnly', {
      scope: 'REGIONAL',
      defaultAction: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'forbidden' } } },
      customResponseBodies: {
        forbidden: { contentType: 'APPLICATION_JSON', content: JSON.stringify(errorEnvelope('FORBIDDEN', 'Use the service through its public address.')) },
      },
      rules: [
        {
          name: 'FromCloudFront',
          priority: 0,
          action: { allow: {} },
          statement: {
            byteMatchStatement: {
              fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER.toLowerCase() } },
              positionalConstraint: 'EXACTLY',
              searchString: this.originVerifySecret.secretValue.unsafeUnwrap(),
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'FromCloudFront', sampledRequestsEnabled: false },
        },
      ],
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'PlainCveApiOriginOnly', sampledRequestsEnabled: true },
    });
    new CfnWebACLAssociation(this, 'OriginOnlyAssociation', { resourceArn: this.api.deploymentStage.stageArn, webAclArn: originOnly.attrArn });

    const authorizer = new RequestAuthorizer(this, 'ApiKeyAuthorizer', {
      handler: functions.authorizer.function,
      identitySources: [IdentitySource.header('X-API-Key')],
      resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_TTL_SECONDS),
      authorizerName: 'plaincve-api-key',
    });

    for (const definition of Object.values(GATEWAY_RESPONSES)) {
      this.api.addGatewayResponse(`Gateway${definition.type}`, {
        type: ResponseType.of(definition.type),
        ...(definition.statusCode ? { statusCode: String(definition.statusCode) } : {}),
        responseHeaders: Object.fromEntries(Object.entries(definition.headers).map(([k, v]) => [k, `'${v}'`])),
        templates: { 'application/json': gatewayResponseBody(definition) },
      });
    }

    for (const route of ROUTES) {
      const resource = this.api.root.resourceForPath(route.path);
      // A streaming function is invoked with InvokeWithResponseStream: its answer has no 6 MB cap
      // and may take longer than a buffered integration's 29 s, up to the function's timeout.
      const definition = FUNCTIONS[route.functionId];
      const integration = new LambdaIntegration(
        functions[route.functionId].function,
        definition.responseStreaming ? { responseTransferMode: ResponseTransferMode.STREAM, timeout: Duration.seconds(definition.timeoutSeconds ?? 10) } : {},
      );
      const method = resource.addMethod(route.method, integration, {
        ...(route.auth === 'apiKey' ? { authorizer, authorizationType: AuthorizationType.CUSTOM } : { authorizationType: AuthorizationType.NONE }),
      });
      if (route.auth === 'none') {
        // Honest reasons: the dashboard API is not public, it is guarded by the session cookie.
        const reason = route.path.startsWith('/account/')
          ? `${route.method} ${route.path} is protected by the HttpOnly session cookie (and Origin/CSRF-token checks on changes), verified by the function; API Gateway authorizers cannot read it without a second lookup.`
          : route.path.startsWith('/auth/')
            ? `${route.method} ${route.path} is the OAuth sign-in flow itself: it runs before any credential exists (state and PKCE are checked by the function).`
            : `${route.method} ${route.path} is public by the product's design (no API key).`;
        Validations.of(method).acknowledge({ id: 'AwsSolutions::AwsSolutions-APIG4', reason }, { id: 'AwsSolutions::AwsSolutions-COG4', reason });
      } else {
        Validations.of(method).acknowledge({
          id: 'AwsSolutions::AwsSolutions-COG4',
          reason: 'Callers authenticate with PlainCVE API keys through the Lambda REQUEST authorizer, not Cognito.',
        });
      }
    }
  }
}
