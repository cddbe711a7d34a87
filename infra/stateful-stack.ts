import { CfnOutput, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { OAUTH_SECRET_NAME } from '../shared/platform/deployment.js';
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
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props?: StatefulStackProps) {
    super(scope, id, props);
    const tables: Partial<Record<TableDefinition['id'], ITableV2>> = {};
    for (const definition of TABLE_DEFINITIONS) {
      tables[definition.id] = new TableV2(this, `${definition.id}Table`, {
        partitionKey: { name: definition.partitionKey.name, type: attributeType(definition.partitionKey.type) },
        ...(definition.sortKey
          ? { sortKey: { name: definition.sortKey.name, type: attributeType(definition.sortKey.type) } }
          : {}),
        billing: Billing.onDemand(),
        encryption: TableEncryptionV2.awsManagedKey(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
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
    new CfnOutput(this, 'OAuthSecretName', { description: 'Fill with: npm run setup:oauth -- --provider <id> --client-id <id> (secret on stdin)', value: OAUTH_SECRET_NAME });
    Validations.of(oauthSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason: 'OAuth client secrets are issued by GitHub, Google and Microsoft; they are rotated at the provider and pasted in, which a rotation Lambda cannot do.',
    });
    this.oauthSecret = oauthSecret;

    // Where every alarm goes. Kept here, with the data: an e-mail subscription must be confirmed
    // by its recipient, so the topic should outlive replacements of the stateless stacks.
    this.alarmTopic = new Topic(this, 'Alarms', { displayName: 'PlainCVE alarms', enforceSSL: true });
    if (props?.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason: 'CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed aws/sns key; the messages carry only alarm names, states and metric values, no customer data.',
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'Alarm notifications (subscribe more addresses here)', value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'CatalogueTableName', { description: 'For npm run ingest:status -- --table <name>', value: this.tables.catalogue.tableName });
  }
}
