import type { HttpMethod, RouteDefinition } from '../platform/routes.js';

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly pathParameters: Record<string, string>;
}

interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly pattern: RegExp;
  readonly names: string[];
  /** API Gateway prefers literal segments over parameters, and parameters over greedy ones. */
  readonly rank: number;
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  let rank = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy?.[1]) {
        names.push(greedy[1]);
        rank += 1;
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        rank += 100;
        return '([^/]+)';
      }
      rank += 10_000;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, rank };
}

export function createRouteMatcher(routes: readonly RouteDefinition[]) {
  const compiled = routes.map(compile).sort((a, b) => b.rank - a.rank);
  return (method: string, path: string): RouteMatch | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== (method as HttpMethod)) continue;
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, i) => {
        // As a REST API does: path parameters reach the function still percent-encoded.
        pathParameters[name] = found[i + 1] ?? '';
      });
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}
