import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { errorEnvelope, type ErrorCode } from '../shared/domain/errors.js';
import { EDGE_BEHAVIOURS, EDGE_RATE_LIMITS, type EdgeRateLimit } from '../shared/platform/edge.js';

const MANAGED_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;
const MANAGED_LABELS = ['awswaf:managed:aws:core-rule-set:', 'awswaf:managed:aws:known-bad-inputs:'];

/** A WAF block answers in the product's error envelope, like every other answer. */
function jsonBlock(code: ErrorCode, status: number, key: string, headers: Record<string, string> = {}): CfnWebACL.RuleActionProperty {
  return {
    block: {
      customResponse: {
        responseCode: status,
        customResponseBodyKey: key,
        responseHeaders: Object.entries(headers).map(([name, value]) => ({ name, value })),
      },
    },
  };
}

function bodies(): Record<string, CfnWebACL.CustomResponseBodyProperty> {
  const json = (code: ErrorCode, message?: string) => ({ contentType: 'APPLICATION_JSON', content: JSON.stringify(errorEnvelope(code, message)) });
  return {
    forbidden: json('FORBIDDEN', 'This request was refused by the service\'s firewall.'),
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

/**
 * The CloudFront web ACL: AWS managed common and known-bad-inputs rules (counted, then blocked by
 * their labels so the block answers with our JSON envelope), and per-IP rate rules whose limits
 * and paths come from EDGE_BEHAVIOURS: tight on sign-in and the dashboard API, generous on the API.
 */
export class EdgeWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });
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
      statement: anyOf(MANAGED_LABELS.map((key) => ({ labelMatchStatement: { scope: 'NAMESPACE', key } }))),
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
