import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DELIVERY_QUEUE } from '../shared/keeping-up/declaration.js';
import { NVD_API_KEY_PLACEHOLDER, OAUTH_SECRET_NAME } from '../shared/platform/deployment.js';
import { EMPTY_OAUTH_SETTINGS } from '../shared/secrets/oauth-settings.js';
import { TABLE_DEFINITIONS, type TableDefinition } from '../shared/platform/tables.js';

export interface StatefulStackProps extends StackProps {
  /** Context `alarmEmail`: subscribed to the alarm topic (AWS e-mails a confirmation link). */
  readonly alarmEmail?: string;
}

const attributeType = (type: 'S' | 'N') => (type === 'S' ? AttributeType.STRING : AttributeType.NUMBER);

/**
 * Everything that holds data: retained when the stack is deleted, point-in-time recovery on,
 * deletion protection on. Kept apart from the stateless stacks so those can be replaced freely.
 */
export class StatefulStack extends Stack {
  readonly tables: Record<TableDefinition['id'], ITableV2>;
  /** The OAuth client secrets (`{"github":"…","google":"…","microsoft":"…"}`), filled in by the operator. */
  readonly oauthSecret: ISecret;
  /** The optional NVD API key the ingest sends (holds NVD_API_KEY_PLACEHOLDER until filled). */
  readonly nvdApiKey: ISecret;
  readonly alarmTopic: Topic;
  /** Webhook deliveries waiting (or waiting for their next retry): one message per watchlist and change. */
  readonly deliveryQueue: Queue;
  /** Deliveries the delivery function itself failed on `maxReceiveCount` times. */
  readonly deliveryDeadLetters: Queue;
  /** Catalogue stream batches the matcher could not process after its retries (the event source's on-failure destination). */
  readonly matcherFailures: Queue;

  constructor(scope: Construct, id: string, props?: StatefulStackProps) {
    super(scope, id, props);
    const tables: Partial<Record<TableDefinition['id'], ITableV2>> = {};
    for (const definition of TABLE_DEFINITIONS) {
      tables[definition.id] = new TableV2(this, `${definition.id}Table`, {
        partitionKey: { name: definition.partitionKey.name, type: attributeType(definition.partitionKey.type) },
        ...(definition.sortKey ? { sortKey: { name: definition.sortKey.name, type: attributeType(definition.sortKey.type) } } : {}),
        billing: Billing.onDemand(),
        encryption: TableEncryptionV2.awsManagedKey(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        ...(definition.stream === 'NEW_AND_OLD_IMAGES' ? { dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES } : {}),
        globalSecondaryIndexes: definition.globalIndexes.map((index) => ({
          indexName: index.indexName,
          partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey.type) },
          ...(index.sortKey ? { sortKey: { name: index.sortKey.name, type: attributeType(index.sortKey.type) } } : {}),
        })),
      });
    }
    this.tables = tables as Record<TableDefinition['id'], ITableV2>;

    // Retained like the tables: replacing a stack must not lose the provider credentials.
    // Created as JSON with every key present and empty; `npm run setup:oauth` fills a provider.
    const oauthSecret = new Secret(this, 'OAuthClientSecrets', {
      secretName: OAUTH_SECRET_NAME,
      description: 'PlainCVE OAuth settings: client id and secret per provider (fill with npm run setup:oauth; an empty provider is shown as unavailable)',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(EMPTY_OAUTH_SETTINGS)),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnOutput(this, 'OAuthSecretName', {
      description: 'Fill with: npm run setup:oauth -- --provider <id> --client-id <id> (secret on stdin)',
      value: OAUTH_SECRET_NAME,
    });
    Validations.of(oauthSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'OAuth client secrets are issued by GitHub, Google and Microsoft; they are rotated at the provider and pasted in, which a rotation Lambda cannot do.',
    });
    this.oauthSecret = oauthSecret;

    // The NVD API key: optional. Kept here with the other operator-filled secret, so replacing the
    // ingest stack never loses it. Created holding the placeholder, which the ingest reads as "no
    // key" (a generated value would be sent to NVD, which answers 404 to a key it did not issue).
    const nvdApiKey = new Secret(this, 'NvdApiKey', {
      description: `NVD API key for the PlainCVE ingest (optional: put the key from nvd.nist.gov here as a plain string; while it holds "${NVD_API_KEY_PLACEHOLDER}" the ingest runs without one, paced to the keyless limit)`,
      secretStringValue: SecretValue.unsafePlainText(NVD_API_KEY_PLACEHOLDER),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnOutput(this, 'NvdApiKeySecretName', { description: 'Optional: put your NVD API key (plain string) here', value: nvdApiKey.secretName });
    Validations.of(nvdApiKey).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason: 'The secret holds an API key issued by NVD; only NVD can issue a new one, so it cannot be rotated automatically.',
    });
    this.nvdApiKey = nvdApiKey;

    // Where every alarm goes. Kept here, with the data: an e-mail subscription must be confirmed
    // by its recipient, so the topic should outlive replacements of the stateless stacks.
    this.alarmTopic = new Topic(this, 'Alarms', { displayName: 'PlainCVE alarms', enforceSSL: true });
    if (props?.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed aws/sns key; the messages carry only alarm names, states and metric values, no customer data.',
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'Alarm notifications (subscribe more addresses here)', value: this.alarmTopic.topicArn });
    // The change pipeline's queues hold undelivered work, so they live here with the data: replacing
    // the stateless change-delivery stack must not drop deliveries in flight.
    const queueDefaults = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, removalPolicy: RemovalPolicy.RETAIN } as const;
    this.deliveryDeadLetters = new Queue(this, 'DeliveryDeadLetters', {
      ...queueDefaults,
      retentionPeriod: Duration.days(DELIVERY_QUEUE.deadLetterRetentionDays),
    });
    this.deliveryQueue = new Queue(this, 'DeliveryQueue', {
      ...queueDefaults,
      visibilityTimeout: Duration.seconds(DELIVERY_QUEUE.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(DELIVERY_QUEUE.retentionDays),
      deadLetterQueue: { queue: this.deliveryDeadLetters, maxReceiveCount: DELIVERY_QUEUE.maxReceiveCount },
    });
    this.matcherFailures = new Queue(this, 'MatcherFailures', {
      ...queueDefaults,
      retentionPeriod: Duration.days(DELIVERY_QUEUE.deadLetterRetentionDays),
    });
    Validations.of(this.deliveryDeadLetters).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the webhook delivery queue.',
    });
    Validations.of(this.matcherFailures).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: "This queue is itself a dead-letter destination: the change matcher's stream event source sends batches it gave up on here.",
    });

    new CfnOutput(this, 'CatalogueTableName', { description: 'For npm run ingest:status -- --table <name>', value: this.tables.catalogue.tableName });
  }
}
