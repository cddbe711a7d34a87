import { App, Validations, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack.js';
import { ChangeDeliveryStack } from './change-delivery-stack.js';
import { IngestStack } from './ingest-stack.js';
import { MonitoringStack } from './monitoring-stack.js';
import { StatefulStack } from './stateful-stack.js';
import { WebStack } from './web-stack.js';

export interface PlainCveApp {
  readonly app: App;
  readonly stateful: StatefulStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly ingest: IngestStack;
  readonly monitoring: MonitoringStack;
  readonly changeDelivery: ChangeDeliveryStack;
}

/** Context every build of the app needs, whether from `cdk synth` or a test. */
export const DEFAULT_CONTEXT = {
  // Producer-protecting cross-stack references: the API cannot lose a table it still uses.
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
  // A template CloudFormation's schema rejects (F3032 and the like) fails the synth, as cdk-nag does.
  '@aws-cdk/core:validateAgainstDefaultRules': true,
};

/** The whole CDK app, built the same way by `bin/app.ts` and the CDK assertion tests. */
export function buildApp(app: App = new App({ context: DEFAULT_CONTEXT })): PlainCveApp {
  const env: StackProps['env'] = {
    account: app.node.tryGetContext('account') ?? process.env.CDK_DEFAULT_ACCOUNT,
    region: app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
  };
  const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
  const alarmEmail = context('alarmEmail');
  const stateful = new StatefulStack(app, 'PlainCveStateful', {
    env,
    ...(alarmEmail ? { alarmEmail } : {}),
    description: 'PlainCVE tables, secrets and the alarm topic (retained)',
  });
  const api = new ApiStack(app, 'PlainCveApi', {
    env,
    tables: stateful.tables,
    oauthSecret: stateful.oauthSecret,
    description: 'PlainCVE REST API and functions',
  });
  const web = new WebStack(app, 'PlainCveWeb', {
    env,
    api: api.api,
    originVerifySecret: api.originVerifySecret,
    // No default: without these the CloudFront domain is the public origin (written to SSM).
    publicBaseUrl: context('publicBaseUrl'),
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    description: 'PlainCVE CloudFront distribution and dashboard bucket',
  });
  const ingestSourceUrls: string | undefined = app.node.tryGetContext('ingestSourceUrls');
  const ingest = new IngestStack(app, 'PlainCveIngest', {
    env,
    tables: stateful.tables,
    ...(ingestSourceUrls ? { sourceUrls: ingestSourceUrls } : {}),
    alarmTopic: stateful.alarmTopic,
    nvdApiKey: stateful.nvdApiKey,
    description: 'PlainCVE hourly catalogue ingest',
  });
  const monitoring = new MonitoringStack(app, 'PlainCveMonitoring', {
    env,
    api: api.api,
    functions: api.functions,
    ingestFunction: ingest.function,
    tables: stateful.tables,
    alarmTopic: stateful.alarmTopic,
    ingestAlarms: ingest.alarms,
    description: 'PlainCVE alarms (to the alarm topic) and the CloudWatch dashboard',
  });
  const changeDelivery = new ChangeDeliveryStack(app, 'PlainCveChangeDelivery', {
    env,
    tables: stateful.tables,
    deliveryQueue: stateful.deliveryQueue,
    deliveryDeadLetters: stateful.deliveryDeadLetters,
    matcherFailures: stateful.matcherFailures,
    alarmTopic: stateful.alarmTopic,
    description: 'PlainCVE change pipeline: catalogue stream → matcher → delivery queue → webhook delivery',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, api, web, ingest, monitoring, changeDelivery };
}
