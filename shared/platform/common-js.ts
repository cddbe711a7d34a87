/**
 * A CommonJS package's exports, from the namespace its `import()` resolves to. Where they
 * appear depends on what loads it: Node gives them as named exports and as `default` (its
 * module.exports); a chunk of a function's bundle (esbuild code splitting, infra/function-bundle.ts)
 * only as `default`; tsx running an importer as CommonJS only as named exports (the `default` of
 * an `__esModule` package is its `exports.default`). `name` is one export the package has.
 */
export function commonJsExports<T extends { default?: unknown }>(namespace: T, name: Exclude<keyof T, 'default'>): T {
  return (namespace[name] !== undefined ? namespace : namespace.default) as T;
}
