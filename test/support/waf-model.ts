/**
 * A model of AWS WAF evaluating a synthesized CLOUDFRONT web ACL (the template's properties, as
 * CloudFormation receives them) on one request: rules in priority order, managed rule groups
 * under a Count override adding their labels, label, byte-match, and/or/not statements, and a
 * terminating Block. Managed rule groups are AWS's, so which of their rules match is the test's
 * input, except the one the edge design depends on: the common rule set's SizeRestrictions_BODY,
 * which matches every body over 8 KB (8,192 bytes, as WAF sees it: the bytes on the wire).
 * Rate-based rules are treated as under their limit (one request never exceeds it).
 */

export interface WafRequest {
  readonly method: string;
  readonly path: string;
  readonly bodyBytes: number;
  /** Labels the managed groups' other rules would add (e.g. a cross-site-scripting match). */
  readonly otherManagedLabels?: readonly string[];
}

export type WafVerdict =
  | { readonly action: 'allow'; readonly labels: readonly string[] }
  | { readonly action: 'block'; readonly rule: string; readonly status: number; readonly labels: readonly string[] };

type Statement = Record<string, unknown>;
interface Rule {
  Name: string;
  Priority: number;
  Statement: Statement;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number } }; Allow?: unknown; Count?: unknown };
  OverrideAction?: { Count?: unknown; None?: unknown };
}

export interface WebAclProperties {
  readonly DefaultAction: { Allow?: unknown; Block?: unknown };
  readonly Rules: readonly Rule[];
}

const BODY_SIZE_LIMIT = 8 * 1024;
const GROUP_NAMESPACES: Readonly<Record<string, string>> = {
  AWSManagedRulesCommonRuleSet: 'awswaf:managed:aws:core-rule-set:',
  AWSManagedRulesKnownBadInputsRuleSet: 'awswaf:managed:aws:known-bad-inputs:',
};

function managedGroupLabels(group: string, request: WafRequest): string[] {
  const namespace = GROUP_NAMESPACES[group];
  if (!namespace) throw new Error(`the WAF model does not know the managed rule group ${group}`);
  const labels = (request.otherManagedLabels ?? []).filter((label) => label.startsWith(namespace));
  if (group === 'AWSManagedRulesCommonRuleSet' && request.bodyBytes > BODY_SIZE_LIMIT) labels.push(`${namespace}SizeRestrictions_Body`);
  return labels;
}

function matches(statement: Statement, request: WafRequest, labels: readonly string[]): boolean {
  const [kind, body] = Object.entries(statement)[0] as [string, Record<string, unknown>];
  switch (kind) {
    case 'AndStatement':
      return (body.Statements as Statement[]).every((s) => matches(s, request, labels));
    case 'OrStatement':
      return (body.Statements as Statement[]).some((s) => matches(s, request, labels));
    case 'NotStatement':
      return !matches(body.Statement as Statement, request, labels);
    case 'LabelMatchStatement': {
      const key = body.Key as string;
      return body.Scope === 'NAMESPACE' ? labels.some((l) => l.startsWith(key)) : labels.includes(key);
    }
    case 'ByteMatchStatement': {
      if (!('UriPath' in (body.FieldToMatch as object))) throw new Error('the WAF model matches bytes of the URI path only');
      const search = body.SearchString as string;
      const constraint = body.PositionalConstraint as string;
      if (constraint === 'EXACTLY') return request.path === search;
      if (constraint === 'STARTS_WITH') return request.path.startsWith(search);
      if (constraint === 'CONTAINS') return request.path.includes(search);
      throw new Error(`the WAF model does not know the positional constraint ${constraint}`);
    }
    case 'RateBasedStatement':
      return false;
    default:
      throw new Error(`the WAF model does not know the statement ${kind}`);
  }
}

/** What the web ACL does with the request: the first terminating rule's action, or the default. */
export function evaluateWebAcl(acl: WebAclProperties, request: WafRequest): WafVerdict {
  const labels: string[] = [];
  for (const rule of [...acl.Rules].sort((a, b) => a.Priority - b.Priority)) {
    const group = (rule.Statement.ManagedRuleGroupStatement as { Name: string } | undefined)?.Name;
    if (group) {
      const added = managedGroupLabels(group, request);
      labels.push(...added);
      // A managed group without a Count override would block on its own, with AWS's body.
      if (added.length && !rule.OverrideAction?.Count) return { action: 'block', rule: rule.Name, status: 403, labels };
      continue;
    }
    if (!matches(rule.Statement, request, labels)) continue;
    if (rule.Action?.Block) return { action: 'block', rule: rule.Name, status: rule.Action.Block.CustomResponse?.ResponseCode ?? 403, labels };
    if (rule.Action?.Allow) return { action: 'allow', labels };
  }
  return acl.DefaultAction.Allow ? { action: 'allow', labels } : { action: 'block', rule: '(default)', status: 403, labels };
}
