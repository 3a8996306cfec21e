// node:fs with a small globSync for Node 20 (see globsync-register.mjs). It walks `options.cwd` (default: the
// current directory) and returns the relative paths, with `/` separators, of the files and directories matching the
// pattern or patterns. Supported syntax: `**` (any number of directories), `*` and `?` within one path segment; other
// characters match themselves. Enough for the suite's `**/checks.json`; not a full glob.
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

function toRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') {
      source += '[^/]*';
    } else if (c === '?') {
      source += '[^/]';
    } else {
      source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

export function globSync(patterns, options = {}) {
  const cwd = options.cwd ? String(options.cwd) : process.cwd();
  const matchers = (Array.isArray(patterns) ? patterns : [patterns]).map(toRegExp);
  const found = [];
  const walk = (dir, prefix) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (matchers.some((m) => m.test(relative))) {
        found.push(relative);
      }
      if (entry.isDirectory()) {
        walk(path.join(dir, entry.name), relative);
      }
    }
  };
  walk(cwd, '');
  return found;
}
