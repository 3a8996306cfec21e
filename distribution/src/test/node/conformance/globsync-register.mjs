// Preloaded with `node --import ./conformance/globsync-register.mjs` before the conformance suite's CLI.
// @modelcontextprotocol/conformance (0.1.14 to 0.2.0-alpha) imports `globSync` from `fs`, which Node has only from
// version 22; on Node 20 the whole CLI then fails to load, although only its GitHub tier-check command calls it. On a
// Node that has fs.globSync this registers nothing.
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') {
  register('./globsync-hooks.mjs', import.meta.url);
}
