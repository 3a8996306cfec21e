// Module resolution hooks (node:module register): when the conformance suite's code imports `fs` or `node:fs`, it
// gets fs-with-globsync.mjs instead, which is node:fs plus a globSync. Every other importer gets Node's own fs.
// Both pinned versions: 0.1.16 under its own name, 0.2.0-alpha.12 under the npm alias conformance-modern.
const SUITES = ['/node_modules/@modelcontextprotocol/conformance/', '/node_modules/conformance-modern/'];
const REPLACEMENT = new URL('./fs-with-globsync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && SUITES.some((suite) => context.parentURL?.includes(suite))) {
    return { url: REPLACEMENT, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
