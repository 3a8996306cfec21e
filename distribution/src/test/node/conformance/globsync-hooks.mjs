// Module resolution hooks (node:module register): when the conformance suite's code imports `fs` or `node:fs`, it
// gets fs-with-globsync.mjs instead, which is node:fs plus a globSync. Every other importer gets Node's own fs.
const SUITE = '/node_modules/@modelcontextprotocol/conformance/';
const REPLACEMENT = new URL('./fs-with-globsync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes(SUITE)) {
    return { url: REPLACEMENT, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
