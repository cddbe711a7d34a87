import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app.js';

let api: Template;
let annotations: Annotations;

beforeAll(() => {
  const { app, api: stack } = buildApp();
  app.synth();
  api = Template.fromStack(stack);
  annotations = Annotations.fromStack(stack);
});

describe('exports in the API stack', () => {
  it("the REST API treats every media type as binary, so a buffered function's base64 answer reaches the client decoded", () => {
    api.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  it.each(['export.csv', 'export.json', 'export.sarif'])('GET /api/cves/%s goes through the API key authorizer', (path) => {
    const resources = api.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: path } });
    expect(Object.keys(resources)).toHaveLength(1);
    api.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      AuthorizationType: 'CUSTOM',
      ResourceId: { Ref: Object.keys(resources)[0] },
    });
  });

  it.each(['export.csv', 'export.json', 'export.sarif'])(
    'GET /api/cves/%s streams: a STREAM integration invoking the function with response streaming',
    (path) => {
      const resources = api.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: path } });
      const methods = api.findResources('AWS::ApiGateway::Method', { Properties: { HttpMethod: 'GET', ResourceId: { Ref: Object.keys(resources)[0] } } });
      expect(Object.values(methods)).toHaveLength(1);
      const integration = Object.values(methods)[0]?.Properties.Integration as { Type: string; ResponseTransferMode?: string; Uri: unknown };
      // The integration waits as long as the function may run (a buffered one stops at 29 s).
      expect(integration).toMatchObject({ Type: 'AWS_PROXY', ResponseTransferMode: 'STREAM', TimeoutInMillis: 120_000 });
      expect(JSON.stringify(integration.Uri)).toContain('/response-streaming-invocations');
    },
  );

  it('only the export functions, the change feed and the scan stream; every other integration stays buffered (6 MB answers)', () => {
    const methods = Object.values(api.findResources('AWS::ApiGateway::Method'));
    const streaming = methods.filter((m) => (m.Properties.Integration as { ResponseTransferMode?: string } | undefined)?.ResponseTransferMode === 'STREAM');
    // The three exports, GET /api/changes (a page of 1000 records can pass 6 MB) and POST /api/scan
    // (the SARIF of 10,000 components can too).
    expect(streaming).toHaveLength(ROUTES.filter((r) => FUNCTIONS[r.functionId].responseStreaming === true).length);
    expect(streaming).toHaveLength(5);
    const buffered = methods.filter((m) => m.Properties.Integration && !streaming.includes(m));
    expect(buffered.length).toBeGreaterThan(0);
    for (const m of buffered) expect(JSON.stringify(m.Properties.Integration.Uri)).not.toContain('response-streaming-invocations');
  });

  it('GET /openapi.json is public', () => {
    const resources = api.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: 'openapi.json' } });
    api.hasResourceProperties('AWS::ApiGateway::Method', { HttpMethod: 'GET', AuthorizationType: 'NONE', ResourceId: { Ref: Object.keys(resources)[0] } });
  });

  it('the export functions have memory for the filter index and time to stream 85 MB at 2 MB/s', () => {
    const exportsFns = api.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^GET /api/cves/export\\.') },
    });
    expect(Object.keys(exportsFns)).toHaveLength(3);
    for (const fn of Object.values(exportsFns)) expect(fn.Properties).toMatchObject({ MemorySize: 1024, Timeout: 120 });
  });

  it('the export functions may only read the catalogue (no writes), and write only counters', () => {
    const policies = api.findResources('AWS::IAM::Policy');
    const exportPolicies = Object.entries(policies).filter(([id]) => /^export(Csv|Json|Sarif)Fn/.test(id));
    expect(exportPolicies.length).toBeGreaterThanOrEqual(3);
    for (const [, policy] of exportPolicies) {
      const statements = (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]) ?? [];
      const catalogue = statements.filter((s) => /catalogue/i.test(JSON.stringify(s.Resource)));
      expect(catalogue.flatMap((s) => [s.Action].flat())).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:GetItem']));
      expect(catalogue.flatMap((s) => [s.Action].flat()).filter((a) => /Put|Update|Delete|BatchWrite/.test(a))).toEqual([]);
      const counters = statements.filter((s) => /counters/i.test(JSON.stringify(s.Resource)));
      expect(counters.flatMap((s) => [s.Action].flat())).toContain('dynamodb:UpdateItem');
    }
  });

  it('cdk-nag reports no unacknowledged errors', () => {
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});
