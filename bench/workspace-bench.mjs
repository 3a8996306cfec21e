// Benchmarks the workspace tools against @modelcontextprotocol/server-filesystem, side by side in one run, on the
// same generated fixture, with a raw JSON-RPC client over stdio pipes (no SDK, so the client is not the bottleneck):
//   read   a 1 MiB text file (1,024 lines of 1,024 bytes, so Switchboard's 2,000-line window shows all of it), next
//          to a Node stub answering with the same bytes (the floor: pipe, JSON and the client's parse alone);
//   edit   one exact replacement in a 200-line file (alternating back and forth, so the file never grows);
//   grep   a literal, and a regex, over a tree of 5,000 small files (server-filesystem has no content search);
//   names  Switchboard `find` vs server-filesystem `search_files`, the same glob over the same tree;
//   bash   spawn round trip of `true` (Switchboard only; this process's own spawn of `bash -c true` is the floor).
// Each operation: warm-up calls, then N timed calls, alternating the servers call by call so both see the same
// machine noise; prints median and p90 of wall time per call and each server's CPU time per call (from /proc), in ms.
// Usage: node bench/workspace-bench.mjs [--runs 30] [--warmup 10] [--files 5000]
//          [--ops read,edit,grep,grepRegex,names,bash] [--layout distribution/target/switchboard]
//          [--plugin plugins/workspace/target/workspace-*.zip]
// --layout is a built Switchboard installation; when it has no workspace plugin, or --plugin names a zip, the script
// copies it to a temp dir and puts the plugin zip in (default: the zip `mvn -pl plugins/workspace install` leaves in
// plugins/workspace/target/). SWITCHBOARD_JAVA_OPTS passes JVM options, e.g. -XX:TieredStopAtLevel=4 for C2.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const runs = Number(args.runs ?? 30);
const warmup = Number(args.warmup ?? 10);
const fileCount = Number(args.files ?? 5000);
const layoutArg = resolve(args.layout ?? join(repo, 'distribution', 'target', 'switchboard'));
const filesystem = join(here, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
const only = args.ops?.split(','); // a subset of read,edit,grep,grepRegex,names,bash
const NEEDLE = 'switchboard_needle_42';

function session(command, argv, env, stderr) {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', stderr] });
  const waiting = new Map();
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    if (!line.startsWith('{')) return; // e.g. a JFR start-up note when profiling
    const msg = JSON.parse(line);
    const settle = waiting.get(msg.id);
    if (settle) { waiting.delete(msg.id); settle(msg); }
  });
  let next = 1;
  const request = (method, params) => {
    const id = next++;
    return new Promise((done) => {
      waiting.set(id, done);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  };
  return {
    pid: child.pid,
    request,
    async start() {
      await request('initialize', { protocolVersion: '2025-11-25', capabilities: {},
        clientInfo: { name: 'workspace-bench', version: '1' } });
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    },
    async call(name, argumentsObject) {
      const msg = await request('tools/call', { name, arguments: argumentsObject });
      if (msg.error || msg.result?.isError) {
        throw new Error(`${name} failed: ${JSON.stringify(msg.error ?? msg.result.content).slice(0, 400)}`);
      }
      return msg.result;
    },
    close() { child.stdin.end(); return new Promise((r) => child.on('exit', r)); },
  };
}

// The fixture: tree/ holds fileCount small files (about 1 KiB, 24 lines) in two levels of directories, one file in
// 100 holding the needle; big.txt is exactly 1 MiB; edit.txt is a 200-line file.
function makeFixture(root) {
  const tree = join(root, 'tree');
  const perDir = 10;
  for (let i = 0; i < fileCount; i++) {
    const dir = join(tree, `d${Math.floor(i / (perDir * 10)) % 1000}`, `s${Math.floor(i / perDir) % 10}`);
    if (i % perDir === 0) mkdirSync(dir, { recursive: true });
    const lines = [];
    for (let l = 0; l < 24; l++) {
      lines.push(l === 12 && i % 100 === 7 ? `  const marker = "${NEEDLE}"; // file ${i}`
        : `  line ${l} of file ${i}: lorem ipsum dolor sit amet ${(i * 31 + l) % 997}`);
    }
    writeFileSync(join(dir, `f${String(i).padStart(5, '0')}.txt`), lines.join('\n') + '\n');
  }
  const line = 'x'.repeat(1000);
  writeFileSync(join(root, 'big.txt'), Array.from({ length: 1024 }, (_, i) =>
    `${String(i).padStart(23, '0')}${line}`).join('\n') + '\n'); // 1,024 lines of 1,023 chars and LF: 1 MiB
  writeFileSync(join(root, 'edit.txt'), Array.from({ length: 200 }, (_, i) =>
    i === 100 ? 'const value = 1;' : `// line ${i} of a file that gets edited`).join('\n') + '\n');
  return tree;
}

// A stub server answering every request with one canned result (the bytes of Switchboard's 1 MiB read answer), to
// show what the pipe, the JSON text and the client's parse cost alone.
const STUB = `
  const { readFileSync } = require('node:fs');
  const body = readFileSync(process.argv[1], 'utf8');
  require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
    const id = JSON.parse(line).id;
    if (id !== undefined) process.stdout.write('{"jsonrpc":"2.0","id":' + id + ',"result":' + body + '}\\n');
  });`;

// A temp copy of the layout with the workspace plugin enabled (it ships disabled): the layout's own plugin, or the
// zip given with --plugin (or found under plugins/workspace/target) in its place.
function layoutWithWorkspace(scratch) {
  const plugins = readdirSync(join(layoutArg, 'plugins'));
  const copy = join(scratch, 'switchboard');
  cpSync(layoutArg, copy, { recursive: true });
  let zip = args.plugin;
  if (!zip && !plugins.some((name) => name.includes('workspace'))) {
    const target = join(repo, 'plugins', 'workspace', 'target');
    const found = existsSync(target) ? readdirSync(target).filter((n) => /^workspace-.*\.zip$/.test(n)) : [];
    if (found.length === 0) throw new Error(`${layoutArg} has no workspace plugin; build it or pass --plugin`);
    zip = join(target, found[0]);
  }
  if (zip) {
    for (const name of plugins.filter((n) => n.includes('workspace'))) {
      rmSync(join(copy, 'plugins', name), { recursive: true, force: true });
    }
    cpSync(resolve(zip), join(copy, 'plugins', 'plugin-workspace.zip'));
  }
  const disabled = join(copy, 'plugins', 'disabled.txt');
  if (existsSync(disabled)) {
    const kept = readFileSync(disabled, 'utf8').split('\n').filter((line) => line.trim() !== 'workspace');
    writeFileSync(disabled, kept.join('\n'));
  }
  return copy;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p90: at(0.9) };
};
const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1)).padStart(7);

async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

// CPU time (user + system) a process has used so far, in ms, from /proc (Linux); null elsewhere.
const tick = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
  } catch {
    return null;
  }
}

// Runs warm-up then timed calls of each named operation, interleaved; returns {name: {wall: [ms...], cpu: ms/call}},
// where cpu is the server process's CPU time per timed call (all its threads), which machine load disturbs less
// than wall time.
async function measure(key, operations) {
  if (only && !only.includes(key)) return null;
  const names = Object.keys(operations);
  const pids = { switchboard: sb.pid, filesystem: fs.pid };
  for (let i = 0; i < warmup; i++) for (const name of names) await operations[name](i);
  const samples = Object.fromEntries(names.map((n) => [n, { wall: [], cpu: null }]));
  const before = Object.fromEntries(names.map((n) => [n, pids[n] && cpuMs(pids[n])]));
  for (let i = 0; i < runs; i++) {
    for (const name of names) samples[name].wall.push(await timed(() => operations[name](warmup + i)));
  }
  for (const name of names) {
    const after = pids[name] && cpuMs(pids[name]);
    if (after != null && before[name] != null) samples[name].cpu = (after - before[name]) / runs;
  }
  return samples;
}

const scratch = mkdtempSync(join(tmpdir(), 'ws-bench-'));
const state = join(scratch, 'state');
const fixture = join(scratch, 'fixture');
mkdirSync(fixture);
let sb;
let fs;
let stub;
try {
  const generated = await timed(async () => makeFixture(fixture));
  const layout = layoutWithWorkspace(scratch);
  sb = session(join(layout, 'bin', 'switchboard'), ['serve'], { SWITCHBOARD_KERNEL__STATE_DIR: state }, 'inherit');
  fs = session(process.execPath, [filesystem, fixture], {}, 'ignore'); // it prints a banner
  await sb.start();
  await fs.start();
  const opened = await sb.call('workspace_open', { cwd: fixture });
  const ws = opened.structuredContent?.workspace_id
    ?? /Workspace (\S+) open/.exec(opened.content[0].text)[1];
  const big = join(fixture, 'big.txt');
  const editFile = join(fixture, 'edit.txt');
  const tree = join(fixture, 'tree');

  // Sanity: both servers return the whole 1 MiB file, and grep finds every needle.
  const sbRead = await sb.call('read', { workspace_id: ws, path: big });
  const fsRead = await fs.call('read_text_file', { path: big });
  const sbGrep = await sb.call('grep', { workspace_id: ws, pattern: NEEDLE, path: tree, literal: true, limit: 1000 });
  const expected = Math.ceil((fileCount - 7) / 100);
  const grepText = sbGrep.content[0].text;
  const found = grepText.split('\n').filter((l) => l.includes(NEEDLE)).length;
  if (sbRead.content[0].text.length < 1024 * 1024 - 1 || fsRead.content[0].text.length < 1024 * 1024 - 1
      || found !== expected) {
    throw new Error(`sanity check failed: read ${sbRead.content[0].text.length}/${fsRead.content[0].text.length}`
      + ` chars, grep found ${found} of ${expected}`);
  }

  const canned = join(scratch, 'read-answer.json');
  writeFileSync(canned, JSON.stringify(sbRead));
  stub = session(process.execPath, ['-e', STUB, canned], {}, 'inherit');

  let revision = (await sb.call('read', { workspace_id: ws, path: editFile })).structuredContent.revision;
  const swap = (i) => (i % 2 === 0 ? ['const value = 1;', 'const value = 2;']
    : ['const value = 2;', 'const value = 1;']);
  const fsEdit = join(fixture, 'edit-fs.txt');
  cpSync(editFile, fsEdit);

  const results = {
    read: await measure('read', {
      switchboard: () => sb.call('read', { workspace_id: ws, path: big }),
      filesystem: () => fs.call('read_text_file', { path: big }),
      stub: () => stub.request('tools/call', {}),
    }),
    edit: await measure('edit', {
      switchboard: async (i) => {
        const [oldText, newText] = swap(i);
        const r = await sb.call('edit', { workspace_id: ws, request_key: `bench-edit-${i}`, path: editFile,
          expected_revision: revision, edits: [{ oldText, newText }] });
        revision = r.structuredContent.revision;
      },
      filesystem: (i) => {
        const [oldText, newText] = swap(i);
        return fs.call('edit_file', { path: fsEdit, edits: [{ oldText, newText }] });
      },
    }),
    grep: await measure('grep', {
      switchboard: () => sb.call('grep', { workspace_id: ws, pattern: NEEDLE, path: tree, literal: true, limit: 1000 }),
    }),
    grepRegex: await measure('grepRegex', {
      switchboard: () => sb.call('grep', { workspace_id: ws, pattern: 'marker = "switch\\w+_42"', path: tree,
        limit: 1000 }),
    }),
    names: await measure('names', {
      switchboard: () => sb.call('find', { workspace_id: ws, pattern: 'f*7.txt', path: tree, limit: 2000 }),
      filesystem: () => fs.call('search_files', { path: tree, pattern: '**/f*7.txt' }),
    }),
    bash: await measure('bash', {
      switchboard: (i) => sb.call('bash', { workspace_id: ws, request_key: `bench-bash-${i}`, command: 'true' }),
      node: async () => { spawnSync('bash', ['-c', 'true']); },
    }),
  };

  const rows = [
    ['read 1 MiB file', 'read', 'read_text_file', results.read],
    ['edit (1 replacement, 200 lines)', 'edit', 'edit_file', results.edit],
    [`content search, ${fileCount} files, literal`, 'grep', '(none)', results.grep],
    [`content search, ${fileCount} files, regex`, 'grep', '(none)', results.grepRegex],
    [`name search, ${fileCount} files (glob)`, 'find', 'search_files', results.names],
    ['bash spawn round trip (`true`)', 'bash', 'Node spawnSync floor', results.bash],
  ];
  console.log(`workspace bench: ${runs} timed calls per operation after ${warmup} warm-up, ms (median / p90)`);
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`machine: ${cpus().length} x ${cpus()[0].model}, load average ${load}`
    + `; node ${process.version}; fixture generated in ${generated.toFixed(0)} ms`);
  console.log('operation                               switchboard                 server-filesystem (Node)');
  console.log('                                       median /   p90   cpu          median /   p90   cpu');
  const cpu = (r) => (r.cpu == null ? '      ' : ms(r.cpu).slice(1));
  for (const [label, sbTool, fsTool, r] of rows.filter((row) => row[3])) {
    const a = stats(r.switchboard.wall);
    const other = r.filesystem ?? r.node;
    const b = other ? stats(other.wall) : null;
    console.log(`${label.padEnd(38)} ${ms(a.median)} / ${ms(a.p90)} ${cpu(r.switchboard)}  ${sbTool.padEnd(5)}`
      + (b ? ` ${ms(b.median)} / ${ms(b.p90)} ${cpu(other)}  ${fsTool}` : ` ${fsTool}`));
    if (r.stub) {
      const c = stats(r.stub.wall);
      console.log(`${'  floor: Node stub, same answer bytes'.padEnd(38)} ${ms(c.median)} / ${ms(c.p90)}`);
    }
  }
} finally {
  await stub?.close();
  await sb?.close();
  await fs?.close();
  rmSync(scratch, { recursive: true, force: true });
}
