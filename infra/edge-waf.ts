import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { errorEnvelope, type ErrorCode } from '../shared/domain/errors.js';
import { EDGE_BEHAVIOURS, EDGE_RATE_LIMITS, LARGE_BODY_PATHS, type EdgeRateLimit } from '../shared/platform/edge.js';

const MANAGED_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;
const CORE_NAMESPACE = 'awswaf:managed:aws:core-rule-set:';
const KNOWN_BAD_NAMESPACE = 'awswaf:managed:aws:known-bad-inputs:';
/** The common rule set's label for a body over 8 KB (its SizeRestrictions_BODY rule). */
export const BODY_SIZE_LABEL = `${CORE_NAMESPACE}SizeRestrictions_Body`;
/**
 * The common rule set's other labels (AWS's documented list). On a scan path a body over 8 KB
 * carries BODY_SIZE_LABEL, so the namespace cannot tell whether another rule matched too: these
 * are checked by name there.
 */
export const CORE_LABELS_BESIDES_BODY_SIZE: readonly string[] = [
  'NoUserAgent_Header',
  'BadBots_Header',
  'SizeRestrictions_QueryString',
  'SizeRestrictions_Cookie_Header',
  'SizeRestrictions_URIPath',
  'EC2MetaDataSSRF_Body',
  'EC2MetaDataSSRF_Cookie',
  'EC2MetaDataSSRF_URIPath',
  'EC2MetaDataSSRF_QueryArguments',
  'GenericLFI_QueryArguments',
  'GenericLFI_URIPath',
  'GenericLFI_Body',
  'RestrictedExtensions_URIPath',
  'RestrictedExtensions_QueryArguments',
  'GenericRFI_QueryArguments',
  'GenericRFI_Body',
  'GenericRFI_URIPath',
  'CrossSiteScripting_Cookie',
  'CrossSiteScripting_QueryArguments',
  'CrossSiteScripting_Body',
  'CrossSiteScripting_URIPath',
].map((name) => `${CORE_NAMESPACE}${name}`);

/** A WAF block answers in the product's error envelope, like every other answer. */
function jsonBlock(code: ErrorCode, status: number, key: string, headers: Record<string, string> = {}): CfnWebACL.RuleActionProperty {
  return {
    block: {
      customResponse: {
        responseCode: status,
        customResponseBodyKey: key,
        // CloudFormation refuses an empty list (at least one header): absent when there is none.
        ...(Object.keys(headers).length ? { responseHeaders: Object.entries(headers).map(([name, value]) => ({ name, value })) } : {}),
      },
    },
  };
}

function bodies(): Record<string, CfnWebACL.CustomResponseBodyProperty> {
  const json = (code: ErrorCode, message?: string) => ({ contentType: 'APPLICATION_JSON', content: JSON.stringify(errorEnvelope(code, message)) });
  return {
    forbidden: json('FORBIDDEN', "This request was refused by the service's firewall."),
    rateLimited: json('RATE_LIMITED', 'Too many requests from your address; please retry in a few minutes.'),
  };
}

/** A path statement for one EDGE_BEHAVIOURS pattern (`/x/*` starts with `/x/`, else exactly). */
function pathStatement(pattern: string): CfnWebACL.StatementProperty {
  const wildcard = pattern.endsWith('/*');
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: wildcard ? 'STARTS_WITH' : 'EXACTLY',
      searchString: wildcard ? pattern.slice(0, -1) : pattern,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty =>
  statements.length === 1 ? (statements[0] as CfnWebACL.StatementProperty) : { orStatement: { statements } };
const allOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => ({ andStatement: { statements } });
const not = (statement: CfnWebACL.StatementProperty): CfnWebACL.StatementProperty => ({ notStatement: { statement } });
const label = (key: string): CfnWebACL.StatementProperty => ({ labelMatchStatement: { scope: 'LABEL', key } });
const namespace = (key: string): CfnWebACL.StatementProperty => ({ labelMatchStatement: { scope: 'NAMESPACE', key } });
const exactPath = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * What the label rule blocks: anything the known-bad-inputs set matched; anything the common set
 * matched, except a body over 8 KB on a manifest path (LARGE_BODY_PATHS), where only the size
 * label is let through and every other common rule still blocks by name.
 */
function managedMatches(): CfnWebACL.StatementProperty {
  const largeBodyPath = anyOf(LARGE_BODY_PATHS.map(exactPath));
  const oversized = label(BODY_SIZE_LABEL);
  return anyOf([
    namespace(KNOWN_BAD_NAMESPACE),
    allOf([namespace(CORE_NAMESPACE), not(oversized)]),
    allOf([oversized, not(largeBodyPath)]),
    allOf([oversized, anyOf(CORE_LABELS_BESIDES_BODY_SIZE.map(label))]),
  ]);
}

/**
 * The CloudFront web ACL: AWS managed common and known-bad-inputs rules (counted, then blocked by
 * their labels so the block answers with our JSON envelope; a manifest over 8 KB on a scan path
 * is the one exception), and per-IP rate rules whose limits
 * and paths come from EDGE_BEHAVIOURS: tight on sign-in and the dashboard API, generous on the API.
 */
export class EdgeWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: name,
      sampledRequestsEnabled: true,
    });
    const rules: CfnWebACL.RuleProperty[] = MANAGED_GROUPS.map((name, i) => ({
      name,
      priority: i,
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      // Counted here and blocked by the label rule below, whose block carries our JSON body.
      overrideAction: { count: {} },
      visibilityConfig: visibility(name),
    }));
    rules.push({
      name: 'BlockManagedMatches',
      priority: MANAGED_GROUPS.length,
      statement: managedMatches(),
      action: jsonBlock('FORBIDDEN', 403, 'forbidden'),
      visibilityConfig: visibility('BlockManagedMatches'),
    });
    const tiers: EdgeRateLimit[] = ['tight', 'generous', 'default'];
    const scoped = (tier: EdgeRateLimit) => EDGE_BEHAVIOURS.filter((b) => b.rateLimit === tier).map((b) => pathStatement(b.pattern));
    const others = EDGE_BEHAVIOURS.filter((b) => b.rateLimit !== 'default').map((b) => pathStatement(b.pattern));
    tiers.forEach((tier, i) => {
      // The default tier covers every path the other tiers do not (CVE pages, the dashboard).
      const scopeDown: CfnWebACL.StatementProperty = tier === 'default' ? { notStatement: { statement: anyOf(others) } } : anyOf(scoped(tier));
      rules.push({
        name: `RatePerIp-${tier}`,
        priority: MANAGED_GROUPS.length + 1 + i,
        statement: { rateBasedStatement: { limit: EDGE_RATE_LIMITS[tier], aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: scopeDown } },
        action: jsonBlock('RATE_LIMITED', 429, 'rateLimited', { 'Retry-After': '300' }),
        visibilityConfig: visibility(`RatePerIp-${tier}`),
      });
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: bodies(),
      rules,
      visibilityConfig: visibility('PlainCveEdge'),
    });
  }
}
