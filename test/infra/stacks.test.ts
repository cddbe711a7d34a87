import { CfnElement, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PlainCveApp } from '../../infra/app.js';
import { FUNCTIONS, type FunctionId, type TableAccess } from '../../shared/platform/functions.js';
import { INDEX_ACTIONS, TABLE_ACTIONS } from '../../shared/platform/grants.js';
import { AUTHORIZER_CACHE_TTL_SECONDS, GATEWAY_RESPONSES, STAGE_THROTTLE, gatewayResponseBody } from '../../shared/platform/gateway.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { TABLE_DEFINITIONS, type TableDefinition } from '../../shared/platform/tables.js';
import { servedOpenApiDocument } from '../../shared/catalogue/use-cases/openapi-document.js';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** IAM actions that only read (aws-cdk-lib's grantReadData set). */
const READ_ONLY_ACTIONS = new Set([
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
]);
const WRITE_ACTIONS = new Set(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']);

let built: PlainCveApp;
let api: Template;
let stateful: Template;
let apiResources: Record<string, Resource>;

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const ofType = (type: string) => Object.entries(apiResources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  built = buildApp();
  api = Template.fromStack(built.api);
  stateful = Template.fromStack(built.stateful);
  apiResources = api.toJSON().Resources as Record<string, Resource>;
});

describe('authorizer', () => {
  it('is one REQUEST authorizer on the X-API-Key header with the documented cache TTL, run by the authorizer function', () => {
    expect(AUTHORIZER_CACHE_TTL_SECONDS).toBeGreaterThanOrEqual(0);
    expect(AUTHORIZER_CACHE_TTL_SECONDS).toBeLessThanOrEqual(60);
    api.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    api.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.X-API-Key',
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_TTL_SECONDS,
    });
    const [, authorizer] = ofType('AWS::ApiGateway::Authorizer')[0] ?? [];
    expect(JSON.stringify(authorizer?.Properties?.AuthorizerUri)).toContain(logicalId(built.api, built.api.functions.authorizer.function));
  });
});

describe('gateway responses', () => {
  it.each(Object.values(GATEWAY_RESPONSES))('$type answers with its status, headers and the envelope body', (definition) => {
    api.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: definition.type,
      StatusCode: definition.statusCode === undefined ? Match.absent() : String(definition.statusCode),
      ResponseTemplates: { 'application/json': gatewayResponseBody(definition) },
      ...(Object.keys(definition.headers).length
        ? { ResponseParameters: Object.fromEntries(Object.entries(definition.headers).map(([k, v]) => [`gatewayresponse.header.${k}`, `'${v}'`])) }
        : {}),
    });
  });

  it('has exactly one gateway response per type of the shared list', () => {
    const types = ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => r.Properties?.ResponseType);
    expect(types.sort()).toEqual(Object.keys(GATEWAY_RESPONSES).sort());
  });

  it('turns the missing key, the denial and the authorizer failure into 401, 401 and 503', () => {
    const body = (type: keyof typeof GATEWAY_RESPONSES) =>
      ofType('AWS::ApiGateway::GatewayResponse').find(([, r]) => r.Properties?.ResponseType === type)?.[1].Properties;
    expect(body('UNAUTHORIZED')).toMatchObject({ StatusCode: '401', ResponseTemplates: { 'application/json': expect.stringContaining('"MISSING_API_KEY"') } });
    expect(body('ACCESS_DENIED')).toMatchObject({ StatusCode: '401', ResponseTemplates: { 'application/json': expect.stringContaining('"INVALID_API_KEY"') } });
    expect(body('AUTHORIZER_FAILURE')).toMatchObject({
      StatusCode: '503',
      ResponseTemplates: { 'application/json': expect.stringContaining('"SERVICE_UNAVAILABLE"') },
    });
  });
});

describe('routes', () => {
  /** Full path of every API Gateway resource, from PathPart and ParentId. */
  function resourcePaths(): Map<string, string> {
    const resources = new Map(ofType('AWS::ApiGateway::Resource'));
    const paths = new Map<string, string>();
    const pathOf = (id: string): string => {
      const known = paths.get(id);
      if (known !== undefined) return known;
      const resource = resources.get(id);
      const parent = resource?.Properties?.ParentId as { Ref?: string } | undefined;
      const prefix = parent?.Ref ? pathOf(parent.Ref) : '';
      const path = `${prefix}/${String(resource?.Properties?.PathPart)}`;
      paths.set(id, path);
      return path;
    };
    for (const id of resources.keys()) pathOf(id);
    return paths;
  }

  it('has exactly the methods of ROUTES, each with its function and authorization type', () => {
    const paths = resourcePaths();
    const authorizerId = ofType('AWS::ApiGateway::Authorizer')[0]?.[0];
    const methods = ofType('AWS::ApiGateway::Method').map(([, r]) => {
      const props = r.Properties ?? {};
      const resourceRef = (props.ResourceId as { Ref?: string }).Ref ?? '';
      return {
        method: props.HttpMethod,
        path: paths.get(resourceRef) ?? '/',
        authorizationType: props.AuthorizationType,
        authorizer: (props.AuthorizerId as { Ref?: string } | undefined)?.Ref,
        integration: JSON.stringify(props.Integration),
        integrationType: (props.Integration as { Type?: string } | undefined)?.Type,
      };
    });
    expect(methods.map((m) => `${m.method} ${m.path}`).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of ROUTES) {
      const method = methods.find((m) => m.method === route.method && m.path === route.path);
      expect(method?.integrationType).toBe('AWS_PROXY');
      expect(method?.integration).toContain(logicalId(built.api, built.api.functions[route.functionId].function));
      if (route.auth === 'apiKey') {
        expect(method?.authorizationType, route.path).toBe('CUSTOM');
        expect(method?.authorizer).toBe(authorizerId);
      } else {
        expect(method?.authorizationType, route.path).toBe('NONE');
        expect(method?.authorizer).toBeUndefined();
      }
    }
  });

  it('the OpenAPI document served at /openapi.json documents exactly the gateway methods of the programmatic API', () => {
    // Two builders compared, not one table with itself: CDK's resources (paths rebuilt from
    // PathPart and ParentId) against the document the openapi function serves.
    const paths = resourcePaths();
    const deployed = ofType('AWS::ApiGateway::Method')
      .map(([, r]) => `${String(r.Properties?.HttpMethod)} ${paths.get((r.Properties?.ResourceId as { Ref?: string }).Ref ?? '') ?? '/'}`)
      // A CORS preflight answer is not an operation of the API.
      .filter((m) => !m.startsWith('OPTIONS ') && / (\/api\/.*|\/health|\/openapi\.json)$/.test(m))
      // OpenAPI has no greedy parameter: API Gateway's {name+} is documented as {name}.
      .map((m) => m.replace(/\{(\w+)\+\}/g, '{$1}'));
    const document = JSON.parse(servedOpenApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(deployed).toEqual(expect.arrayContaining(['GET /api/cve/{cve_id}', 'GET /health', 'GET /openapi.json']));
    expect(documented.sort()).toEqual(deployed.sort());
  });
});

describe('functions', () => {
  it.each(Object.keys(FUNCTIONS) as FunctionId[])('%s runs Node.js 22 with its memory, timeout and only its tables in the environment', (id) => {
    const definition = FUNCTIONS[id];
    const fnId = logicalId(built.api, built.api.functions[id].function);
    const props = apiResources[fnId]?.Properties ?? {};
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.MemorySize).toBe(definition.memoryMb ?? 256);
    expect(props.Timeout).toBe(definition.timeoutSeconds ?? 10);
    expect((props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.NODE_OPTIONS).toBe(
      ['--enable-source-maps', ...(definition.nodeFlags ?? [])].join(' '),
    );
    const variables = Object.keys((props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {});
    const tableVariables = variables.filter((v) => TABLE_DEFINITIONS.some((t) => t.envVar === v));
    const expected = TABLE_DEFINITIONS.filter((t) => definition.tables[t.id]).map((t) => t.envVar);
    expect(tableVariables.sort()).toEqual(expected.sort());
  });
});

describe('least-privilege grants (derived from shared/platform/functions.ts)', () => {
  const tableLogicalId = (table: TableDefinition) =>
    logicalId(built.stateful, built.stateful.tables[table.id] as unknown as { node: { defaultChild?: unknown } });

  it.each(Object.keys(FUNCTIONS) as FunctionId[])('%s reaches exactly its own tables, read-only where its access is read', (id) => {
    const definition = FUNCTIONS[id];
    const roleId = logicalId(built.api, built.api.functions[id].role);
    const role = apiResources[roleId]?.Properties ?? {};
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(role.Policies).toBeUndefined();

    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => asList(p.Properties?.Roles as unknown[]).some((r) => (r as { Ref?: string }).Ref === roleId))
      .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: { Effect: string; Action: string | string[]; Resource: unknown }[] }).Statement);
    expect(statements.length).toBeGreaterThan(0);

    const reached = new Set<string>();
    for (const statement of statements) {
      const actions = asList(statement.Action);
      expect(
        actions.every((a) => !a.includes('*')),
        JSON.stringify(actions),
      ).toBe(true);
      const dynamoActions = actions.filter((a) => a.startsWith('dynamodb:'));
      const resources = JSON.stringify(statement.Resource);
      const tables = TABLE_DEFINITIONS.filter((t) => resources.includes(tableLogicalId(t)));
      if (dynamoActions.length === 0) {
        expect(tables).toEqual([]);
        continue;
      }
      expect(statement.Effect).toBe('Allow');
      expect(tables, `a DynamoDB statement of ${id} names exactly one table`).toHaveLength(1);
      const table = tables[0] as TableDefinition;
      const access = definition.tables[table.id];
      expect(access, `${id} may not touch ${table.id}`).toBeDefined();
      // Indexes are named, never index/*, and only those the declaration lists, with Query alone.
      expect(resources).not.toContain('/index/*');
      if (resources.includes('/index/')) {
        expect(dynamoActions).toEqual([...INDEX_ACTIONS]);
        for (const index of table.globalIndexes) {
          expect(resources.includes(`/index/${index.indexName}`)).toBe((definition.indexes?.[table.id] ?? []).includes(index.indexName));
        }
        continue;
      }
      reached.add(table.id);
      expect([...dynamoActions].sort()).toEqual([...TABLE_ACTIONS[access as TableAccess]].sort());
      for (const action of dynamoActions) {
        if (access === 'read') expect(READ_ONLY_ACTIONS.has(action), `${id}: ${action} on ${table.id}`).toBe(true);
        else expect(READ_ONLY_ACTIONS.has(action) || WRITE_ACTIONS.has(action), `${id}: ${action} on ${table.id}`).toBe(true);
      }
    }
    expect([...reached].sort()).toEqual(Object.keys(definition.tables).sort());
  });
});

describe('stage', () => {
  it('throttles at the shared stage limits and logs access without data traces or headers', () => {
    api.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
          ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
          DataTraceEnabled: false,
        }),
      ]),
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
    const stage = ofType('AWS::ApiGateway::Stage')[0]?.[1].Properties ?? {};
    const access = stage.AccessLogSetting as { Format: string; DestinationArn: { 'Fn::GetAtt': [string, string] } };
    expect(apiResources[access.DestinationArn['Fn::GetAtt'][0]]?.Type).toBe('AWS::Logs::LogGroup');
    expect(access.Format).toContain('$context.requestId');
    expect(access.Format).not.toMatch(/header|apiKey|\$input|caller|user/i);
  });
});

describe('log retention', () => {
  it('keeps every log group for a month, and each function logs to its own group', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups.length).toBe(Object.keys(FUNCTIONS).length + 1);
    for (const [, group] of groups) expect(group.Properties?.RetentionInDays).toBe(30);
    for (const id of Object.keys(FUNCTIONS) as FunctionId[]) {
      const fn = apiResources[logicalId(built.api, built.api.functions[id].function)]?.Properties ?? {};
      const group = (fn.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref ?? '';
      expect(apiResources[group]?.Type, id).toBe('AWS::Logs::LogGroup');
    }
  });
});

describe('function code', () => {
  it('each function runs its own bundle (infra/function-bundle.ts): index.handler, Node.js 22 on arm64, an asset no other function shares', () => {
    const assets = (Object.keys(FUNCTIONS) as FunctionId[]).map((id) => {
      const fn = apiResources[logicalId(built.api, built.api.functions[id].function)]?.Properties ?? {};
      expect(fn, id).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      return JSON.stringify((fn.Code as { S3Key?: unknown } | undefined)?.S3Key);
    });
    expect(new Set(assets).size).toBe(new Set(Object.values(FUNCTIONS).map((f) => f.entry)).size);
  });
});

describe('tables', () => {
  it.each(TABLE_DEFINITIONS.map((t) => [t.id, t] as const))('%s has the keys, TTL and indexes of TABLE_DEFINITIONS', (_id, table) => {
    const keySchema = [
      { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
      ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' }] : []),
    ];
    stateful.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: keySchema,
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: table.timeToLiveAttribute ? { AttributeName: table.timeToLiveAttribute, Enabled: true } : Match.absent(),
        GlobalSecondaryIndexes: table.globalIndexes.length
          ? table.globalIndexes.map((index) => ({
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
                ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
              ],
              Projection: { ProjectionType: 'ALL' },
            }))
          : Match.absent(),
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });

  it('holds exactly the tables of TABLE_DEFINITIONS, all retained', () => {
    const tables = Object.values(stateful.toJSON().Resources as Record<string, Resource>).filter((r) => r.Type.startsWith('AWS::DynamoDB::'));
    expect(tables).toHaveLength(TABLE_DEFINITIONS.length);
    for (const table of tables) expect(table.DeletionPolicy).toBe('Retain');
  });
});

describe('local-only allowances', () => {
  it("no function in any stack may use plain http to loopback (OAUTH_ALLOW_HTTP_LOOPBACK, WEBHOOK_ALLOW_LOOPBACK are the local stack's)", () => {
    const stacks = [built.stateful, built.api, built.web, built.ingest, built.monitoring, built.changeDelivery];
    const environments = stacks.flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(
        (f) => (f.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>,
      ),
    );
    // The check reads real function settings...
    expect(environments.some((variables) => 'ACCOUNTS_TABLE' in variables)).toBe(true);
    // ...and none of them carries a local allowance.
    for (const variables of environments) {
      expect(variables).not.toHaveProperty('OAUTH_ALLOW_HTTP_LOOPBACK');
      expect(variables).not.toHaveProperty('WEBHOOK_ALLOW_LOOPBACK');
    }
  });
});
