// Benchmarks a stdio MCP server with a raw JSON-RPC client (no SDK, so the client is not the bottleneck):
//   cold start: spawn -> initialize -> initialized -> first tools/list answer, median of N runs;
//   round trips: sequential tools/call server_info (or tools/list) answers per second on one session.
// Usage: node bench/stdio-bench.mjs [--runs 10] [--calls 20000] [--layout distribution/target/switchboard]
//        [--baseline path/to/an/older/layout]   cold start of an older build too, taking turns in the same run
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const runs = Number(args.runs ?? 10);
const calls = Number(args.calls ?? 20000);
const layout = args.layout ?? join(here, '..', 'distribution', 'target', 'switchboard');
const baselineLayout = args.baseline;
const filesystem = join(here, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
// Built by bench/sdk-floor/build.sh: a bare MCP Java SDK server with one tool, the floor under Switchboard's start.
const floor = join(here, 'sdk-floor', 'target', 'run.sh');

function session(command, argv, env) {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line);
    const resolve = waiting.get(msg.id);
    if (resolve) { waiting.delete(msg.id); resolve(msg); }
  });
  let next = 1;
  return {
    request(method, params) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    },
    notify(method) { child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method }) + '\n'); },
    // The SDK floor server does not end at end of input (the SDK's stdio transport gap): it is killed.
    close(kill = false) {
      child.stdin.end();
      if (kill) child.kill('SIGKILL');
      return new Promise((r) => child.on('exit', r));
    },
  };
}

const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

async function coldStart(command, argv, env, kill = false) {
  const started = process.hrtime.bigint();
  const s = session(command, argv, env);
  await s.request('initialize', init);
  s.notify('notifications/initialized');
  await s.request('tools/list', {});
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await s.close(kill);
  return ms;
}

async function roundTrips(command, argv, env, method, params) {
  const s = session(command, argv, env);
  await s.request('initialize', init);
  s.notify('notifications/initialized');
  for (let i = 0; i < 2000; i++) await s.request(method, params); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await s.request(method, params);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await s.close();
  return calls / seconds;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

// A temp copy of the layout with every bundled plugin enabled: the workspace plugin ships disabled (opt-in), the
// conformance fixture is a test surface and stays off. The copy keeps the layout's AOT cache.
function layoutWithAllPlugins(scratch, source = layout, name = 'switchboard') {
  const copy = join(scratch, name);
  cpSync(source, copy, { recursive: true });
  const disabled = join(copy, 'plugins', 'disabled.txt');
  if (existsSync(disabled)) {
    const kept = readFileSync(disabled, 'utf8').split('\n').filter((line) => line.trim() !== 'workspace');
    writeFileSync(disabled, kept.join('\n'));
  }
  return join(copy, 'bin', 'switchboard');
}

const scratch = mkdtempSync(join(tmpdir(), 'sb-layout-'));
const switchboard = layoutWithAllPlugins(scratch);
const state = mkdtempSync(join(tmpdir(), 'sb-bench-'));
const fsRoot = mkdtempSync(join(tmpdir(), 'fs-bench-'));
const sbEnv = { SWITCHBOARD_KERNEL__STATE_DIR: state };
// The older build gets a state directory of its own: its migrations may be older than the new build's.
const baseline = baselineLayout ? layoutWithAllPlugins(scratch, baselineLayout, 'baseline') : null;
const baseState = mkdtempSync(join(tmpdir(), 'sb-bench-base-'));
const baseEnv = { SWITCHBOARD_KERNEL__STATE_DIR: baseState };
try {
  await coldStart(switchboard, ['serve'], sbEnv); // first start expands the plugin zips
  if (baseline) await coldStart(baseline, ['serve'], baseEnv);
  const withFloor = existsSync(floor);
  const sb = [];
  const fsTimes = [];
  const floorTimes = [];
  const baseTimes = [];
  for (let i = 0; i < runs; i++) {
    sb.push(await coldStart(switchboard, ['serve'], sbEnv));
    if (baseline) baseTimes.push(await coldStart(baseline, ['serve'], baseEnv));
    fsTimes.push(await coldStart(process.execPath, [filesystem, fsRoot], {}));
    if (withFloor) floorTimes.push(await coldStart(floor, [], {}, true));
  }
  const line = (label, xs) => console.log(`  ${label.padEnd(29)}${median(xs).toFixed(0)} ms  (runs: ${xs.map((x) => x.toFixed(0)).join(' ')})`);
  console.log(`cold start to first tools/list, median of ${runs}:`);
  line('switchboard', sb);
  if (baseline) line('baseline (--baseline)', baseTimes);
  line('server-filesystem (Node)', fsTimes);
  if (withFloor) line('MCP Java SDK alone (floor)', floorTimes);
  else console.log('  (run bench/sdk-floor/build.sh to compare with a bare MCP Java SDK server too)');
  const info = await roundTrips(switchboard, ['serve'], sbEnv, 'tools/call', { name: 'server_info', arguments: {} });
  const ping = await roundTrips(switchboard, ['serve'], sbEnv, 'ping', {});
  console.log(`sequential round trips on one stdio session (${calls} calls after 2000 warm-up):`);
  console.log(`  tools/call server_info       ${info.toFixed(0)} /s`);
  console.log(`  ping                         ${ping.toFixed(0)} /s`);
} finally {
  rmSync(state, { recursive: true, force: true });
  rmSync(baseState, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  rmSync(fsRoot, { recursive: true, force: true });
}
