import { CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PlainCveApp } from '../../infra/app.js';
import type { PlainCveFunction } from '../../infra/plaincve-function.js';
import { CHANGE_MATCHER_FUNCTION, WEBHOOK_DELIVERY_FUNCTION } from '../../shared/keeping-up/declaration.js';
import { FUNCTIONS, type FunctionDefinition, type TableAccess } from '../../shared/platform/functions.js';
import { grantStatements, resourceEnvironment, TABLE_ACTIONS, type ResourceLocator } from '../../shared/platform/grants.js';
import { INGEST_FUNCTION } from '../../shared/ingest/declaration.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { TABLE_DEFINITIONS, type TableDefinition } from '../../shared/platform/tables.js';
import { LOG_METRICS } from '../../shared/platform/metrics.js';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
type Resource = { Type: string; Properties?: Record<string, unknown> };

const ALL_DEFINITIONS: readonly FunctionDefinition[] = [...Object.values(FUNCTIONS), INGEST_FUNCTION, CHANGE_MATCHER_FUNCTION, WEBHOOK_DELIVERY_FUNCTION];
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A locator that names each resource by its own id, so the derived env and statements can be compared by eye. */
const BY_ID: ResourceLocator = {
  table: (id) => ({ name: `name:${id}`, arn: `arn:${id}` }),
  secret: (id) => ({ id: `secret:${id}`, arn: `arn:secret:${id}` }),
  parameter: (id) => ({ name: `param:${id}`, arn: `arn:param:${id}` }),
  queue: (id) => ({ url: `url:${id}`, arn: `arn:queue:${id}` }),
};

describe('the declaration (shared/platform/functions.ts and friends)', () => {
  it.each(ALL_DEFINITIONS.map((d) => [d.id, d] as const))('%s: its table variables and its DynamoDB grants name the same tables', (_id, definition) => {
    const env = resourceEnvironment(definition, BY_ID);
    const named = TABLE_DEFINITIONS.filter((t) => env[t.envVar] === `name:${t.id}`).map((t) => t.id);
    const granted = grantStatements(definition, BY_ID)
      .filter((s) => s.actions.some((a) => a.startsWith('dynamodb:')))
      .flatMap((s) => s.resources)
      .filter((r) => !r.includes('/index/'))
      .map((r) => r.replace('arn:', ''));
    expect(granted.sort()).toEqual(named.sort());
    // An index only of a table the function has.
    for (const table of Object.keys(definition.indexes ?? {})) expect(named).toContain(table);
  });

  it('every function behind the key authorizer may write the accounts table (admission takes a unit there)', () => {
    const keyed = new Set(ROUTES.filter((r) => r.auth === 'apiKey').map((r) => r.functionId));
    // Lookup, batch lookup, package lookup, the three exports, changes, scan and the watchlists.
    expect(keyed.size).toBe(9);
    for (const id of keyed) {
      const access = FUNCTIONS[id].tables.accounts as TableAccess | undefined;
      expect(access, id).toBeDefined();
      expect(TABLE_ACTIONS[access as TableAccess], id).toContain('dynamodb:UpdateItem');
    }
  });
});

describe('the synthesized templates', () => {
  let built: PlainCveApp;
  beforeAll(() => {
    built = buildApp();
  });

  const templates = new Map<Stack, { Resources: Record<string, Resource> }>();
  const templateOf = (stack: Stack) => {
    let template = templates.get(stack);
    if (!template) {
      template = Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> };
      templates.set(stack, template);
    }
    return template;
  };
  const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

  /** Every service function with the stack it lives in. */
  const deployed = (): { stack: Stack; fn: PlainCveFunction }[] => [
    ...Object.values(built.api.functions).map((fn) => ({ stack: built.api as Stack, fn })),
    { stack: built.ingest, fn: built.ingest.function },
    { stack: built.changeDelivery, fn: built.changeDelivery.matcher },
    { stack: built.changeDelivery, fn: built.changeDelivery.delivery },
  ];

  it('builds every declared function', () => {
    expect(
      deployed()
        .map(({ fn }) => fn.definition.id)
        .sort(),
    ).toEqual(ALL_DEFINITIONS.map((d) => d.id).sort());
  });

  it('gives every function the table names of exactly the tables its role may use, and no other', () => {
    const tableId = (table: TableDefinition) => logicalId(built.stateful, built.stateful.tables[table.id] as unknown as { node: { defaultChild?: unknown } });
    for (const { stack, fn } of deployed()) {
      const template = templateOf(stack);
      const fnProps = template.Resources[logicalId(stack, fn.function)]?.Properties ?? {};
      const variables = ((fnProps.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
      const inEnvironment = TABLE_DEFINITIONS.filter((t) => t.envVar in variables).map((t) => {
        // The variable holds this very table's name (a reference to its logical id), not another's.
        expect(JSON.stringify(variables[t.envVar]), `${fn.definition.id} ${t.envVar}`).toContain(tableId(t));
        return t.id;
      });

      const roleId = logicalId(stack, fn.role);
      const statements = Object.values(template.Resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && asList(r.Properties?.Roles as unknown[]).some((role) => (role as { Ref?: string }).Ref === roleId))
        .flatMap((r) => (r.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
      const granted = new Set<string>();
      for (const statement of statements) {
        const actions = asList(statement.Action).filter((a) => a.startsWith('dynamodb:'));
        // The stream reads of the matcher's event source are on the stream, not a table.
        if (
          actions.length === 0 ||
          actions.every((a) => ['dynamodb:ListStreams', 'dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'].includes(a))
        )
          continue;
        const resources = asList(statement.Resource).map((r) => JSON.stringify(r));
        for (const table of TABLE_DEFINITIONS) if (resources.some((r) => r.includes(tableId(table)))) granted.add(table.id);
      }
      expect([...granted].sort(), fn.definition.id).toEqual(inEnvironment.sort());
      expect(inEnvironment.sort(), fn.definition.id).toEqual(Object.keys(fn.definition.tables).sort());
    }
  });

  it('counts every function\'s "configuration error" log lines into one metric, which alarms at the first', () => {
    for (const { stack, fn } of deployed()) {
      const logGroupId = logicalId(stack, fn.logGroup);
      const filters = Object.values(templateOf(stack).Resources).filter(
        (r) => r.Type === 'AWS::Logs::MetricFilter' && (r.Properties?.LogGroupName as { Ref?: string } | undefined)?.Ref === logGroupId,
      );
      const counting = filters.filter((f) => String(f.Properties?.FilterPattern).includes(`"${LOG_METRICS.configurationErrors.message}"`));
      expect(counting, fn.definition.id).toHaveLength(1);
      expect(counting[0]?.Properties?.MetricTransformations).toEqual([
        { MetricNamespace: LOG_METRICS.configurationErrors.namespace, MetricName: LOG_METRICS.configurationErrors.metricName, MetricValue: '1' },
      ]);
    }
    Template.fromStack(built.monitoring).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: LOG_METRICS.configurationErrors.namespace,
      MetricName: LOG_METRICS.configurationErrors.metricName,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});
