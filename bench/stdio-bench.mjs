// Benchmarks a stdio MCP server with a raw JSON-RPC client (no SDK, so the client is not the bottleneck):
//   cold start: spawn -> initialize -> initialized -> first tools/list answer, median of N runs;
//   round trips: sequential tools/call server_info (or tools/list) answers per second on one session.
// Usage: node bench/stdio-bench.mjs [--runs 10] [--calls 20000] [--layout distribution/target/switchboard]
//        [--baseline path/to/an/older/layout[,another]]   cold start of older builds too, taking turns in the same run
//        [--node no]   leave the Node server-filesystem out of the cold-start turns (fewer starts per run)
// Comparing: --without ID [--rounds 5] runs the same layout with and without plugin ID's zip (as a build before the
// plugin was added), alternating, in one run: cold start medians and server_info round trips per round for both.
// --disable ID does the same with the plugin listed in plugins/disabled.txt instead: server_info then lists it in
// both layouts, so its answer is the same size and only what the running plugin adds to a call is measured.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const baselineLayouts = args.baseline ? args.baseline.split(',') : [];
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
    pid: child.pid,
    close(kill = false) {
      child.stdin.end();
      if (kill) child.kill('SIGKILL');
      return new Promise((r) => child.on('exit', r));
    },
  };
}

const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

// Wall time from spawn to the first tools/list answer, and the CPU time (user + system, all threads) the server had
// used by then: CPU is much less sensitive than wall time to other work on a loaded host.
async function coldStart(command, argv, env, kill = false) {
  const started = process.hrtime.bigint();
  const s = session(command, argv, env);
  await s.request('initialize', init);
  s.notify('notifications/initialized');
  await s.request('tools/list', {});
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = cpuMs(s.pid);
  await s.close(kill);
  return { ms, cpu };
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

// CPU time (user + system) the process has used so far, in ms; Linux only (/proc), clock ticks of 10 ms.
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// Two servers, one session each, called in turns (A B, B A, A B...): both see the same moments of a noisy host, so
// their ratio is steadier than that of two runs one after the other. Returns calls/s of waiting on each, and the
// CPU each process spent per call in microseconds.
async function interleavedRoundTrips(a, b, method, params) {
  const sessions = [session(a.command, a.argv, a.env), session(b.command, b.argv, b.env)];
  for (const s of sessions) {
    await s.request('initialize', init);
    s.notify('notifications/initialized');
    for (let i = 0; i < 2000; i++) await s.request(method, params);
  }
  const waited = [0n, 0n];
  // Each call's round trip too: the median is not moved by the host preempting a few calls for milliseconds, which
  // on a loaded host dominates the totals behind the rates.
  const each = [new Float64Array(calls), new Float64Array(calls)];
  const cpu = sessions.map((s) => cpuMs(s.pid));
  for (let i = 0; i < calls; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) { // each goes first half the time
      const t = process.hrtime.bigint();
      await sessions[k].request(method, params);
      const took = process.hrtime.bigint() - t;
      waited[k] += took;
      each[k][i] = Number(took) / 1e3;
    }
  }
  const cpuPerCall = sessions.map((s, k) => ((cpuMs(s.pid) - cpu[k]) * 1000) / calls);
  for (const s of sessions) await s.close();
  return { rates: waited.map((w) => calls / (Number(w) / 1e9)), cpuPerCall, medianMicros: each.map((xs) => median(xs)) };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

// One series of cold starts: median wall time and median CPU time, then every run's wall time.
const startLine = (starts) => `${median(starts.map((x) => x.ms)).toFixed(0)} ms, CPU`
  + ` ${median(starts.map((x) => x.cpu)).toFixed(0)} ms  (runs: ${starts.map((x) => x.ms.toFixed(0)).join(' ')};`
  + ` CPU: ${starts.map((x) => x.cpu).join(' ')})`;

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

// A copy of the all-plugins layout without plugin `id`'s zip: the bundle as it was before that plugin was added.
function layoutWithout(copyOf, id, scratchDir, disableOnly) {
  const copy = join(scratchDir, 'switchboard');
  cpSync(copyOf, copy, { recursive: true });
  if (disableOnly) {
    const disabled = join(copy, 'plugins', 'disabled.txt');
    writeFileSync(disabled, `${existsSync(disabled) ? readFileSync(disabled, 'utf8') : ''}\n${id}\n`);
    return join(copy, 'bin', 'switchboard');
  }
  for (const name of readdirSync(join(copy, 'plugins'))) {
    const bare = name.replace(/^plugin-/, '').replace(/\.zip$/, '').replace(/-\d[^-]*(-SNAPSHOT)?$/, '');
    if (bare === id) rmSync(join(copy, 'plugins', name), { recursive: true, force: true });
  }
  if (!readdirSync(join(copyOf, 'plugins')).some((name) => name === `plugin-${id}.zip`)) {
    throw new Error(`the layout has no plugins/plugin-${id}.zip to leave out`);
  }
  return join(copy, 'bin', 'switchboard');
}

async function compareWithout(id, withPlugin, rounds, disableOnly = false) {
  const scratchB = mkdtempSync(join(tmpdir(), 'sb-layout-'));
  const stateB = mkdtempSync(join(tmpdir(), 'sb-bench-'));
  const without = layoutWithout(join(withPlugin, '..', '..'), id, scratchB, disableOnly);
  // The in-process server (the attach client is measured by team-bench.mjs).
  const envB = { SWITCHBOARD_KERNEL__STATE_DIR: stateB, SWITCHBOARD_KERNEL__ATTACH: 'false' };
  try {
    await coldStart(without, ['serve'], envB);
    const starts = { with: [], without: [] };
    for (let i = 0; i < runs; i++) {
      starts.with.push(await coldStart(withPlugin, ['serve'], sbEnv));
      starts.without.push(await coldStart(without, ['serve'], envB));
    }
    const show = (xs) => startLine(xs);
    console.log(`cold start to first tools/list, every bundled plugin enabled, median of ${runs}, alternating:`);
    console.log(`  with ${id}`.padEnd(31) + show(starts.with));
    console.log(`  ${disableOnly ? 'disabled' : 'without'} ${id}`.padEnd(31) + show(starts.without));
    console.log(`tools/call server_info on one stdio session per server, ${calls} calls each after 2000 warm-up,`
      + ` the two servers called in turns, ${rounds} rounds:`);
    const ratios = [];
    const cpuRatios = [];
    const latencyRatios = [];
    const a = { command: withPlugin, argv: ['serve'], env: sbEnv };
    const b = { command: without, argv: ['serve'], env: envB };
    for (let r = 0; r < rounds; r++) {
      const { rates: [on, off], cpuPerCall: [cpuOn, cpuOff], medianMicros: [latOn, latOff] } =
        await interleavedRoundTrips(a, b, 'tools/call', { name: 'server_info', arguments: {} });
      ratios.push(on / off);
      cpuRatios.push(cpuOn / cpuOff);
      latencyRatios.push(latOn / latOff);
      console.log(`  round ${r + 1}: with ${on.toFixed(0)} /s (${cpuOn.toFixed(1)} µs CPU/call, median`
        + ` ${latOn.toFixed(1)} µs), without ${off.toFixed(0)} /s (${cpuOff.toFixed(1)} µs CPU/call, median`
        + ` ${latOff.toFixed(1)} µs), rate with/without ${(on / off).toFixed(3)}`);
    }
    const spread = (xs) => { const s = [...xs].sort((x, y) => x - y); return `median ${median(xs).toFixed(3)}, min ${s[0].toFixed(3)}, max ${s.at(-1).toFixed(3)}`; };
    console.log(`  rate with/without: ${spread(ratios)}`);
    console.log(`  CPU per call with/without: ${spread(cpuRatios)}`);
    console.log(`  median round trip with/without: ${spread(latencyRatios)}`);
  } finally {
    rmSync(stateB, { recursive: true, force: true });
    rmSync(scratchB, { recursive: true, force: true });
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'sb-layout-'));
const switchboard = layoutWithAllPlugins(scratch);
const state = mkdtempSync(join(tmpdir(), 'sb-bench-'));
const fsRoot = mkdtempSync(join(tmpdir(), 'fs-bench-'));
// The in-process server (`serve --no-attach`): team-bench.mjs measures the attach client and shared server.
const sbEnv = { SWITCHBOARD_KERNEL__STATE_DIR: state, SWITCHBOARD_KERNEL__ATTACH: 'false' };
// Each older build gets a state directory of its own (its migrations may be older than the new build's) and serves
// in-process as the new one does (an older build's serve would otherwise attach and measure the attach client).
const baselines = baselineLayouts.map((path, k) => ({
  path,
  command: layoutWithAllPlugins(scratch, path, `baseline-${k}`),
  env: { SWITCHBOARD_KERNEL__STATE_DIR: mkdtempSync(join(tmpdir(), 'sb-bench-base-')), SWITCHBOARD_KERNEL__ATTACH: 'false' },
  times: [],
}));
const withNode = args.node !== 'no';
try {
  await coldStart(switchboard, ['serve'], sbEnv); // first start expands the plugin zips
  if (args.without || args.disable) {
    await compareWithout(args.without ?? args.disable, switchboard, Number(args.rounds ?? 5), !args.without);
  } else {
    for (const b of baselines) await coldStart(b.command, ['serve'], b.env);
    const withFloor = existsSync(floor);
    const sb = [];
    const fsTimes = [];
    const floorTimes = [];
    // The builds take turns in an order reversed every run, so that none is always first after the Node server.
    const builds = [{ command: switchboard, env: sbEnv, times: sb }, ...baselines];
    for (let i = 0; i < runs; i++) {
      for (const b of i % 2 === 0 ? builds : [...builds].reverse()) {
        b.times.push(await coldStart(b.command, ['serve'], b.env));
      }
      if (withNode) fsTimes.push(await coldStart(process.execPath, [filesystem, fsRoot], {}));
      if (withFloor) floorTimes.push(await coldStart(floor, [], {}, true));
    }
    const line = (label, xs) => console.log(`  ${label.padEnd(29)}${startLine(xs)}`);
    console.log(`cold start to first tools/list, median of ${runs}:`);
    line('switchboard', sb);
    for (const b of baselines) {
      // Paired by run (the two starts of one turn saw the same moment of the host): median and quartiles.
      const paired = (pick) => {
        const d = sb.map((x, k) => pick(x) - pick(b.times[k])).sort((x, y) => x - y);
        const at = (q) => d[Math.floor((d.length - 1) * q)].toFixed(0);
        return `${at(0.5)} ms (quartiles ${at(0.25)} to ${at(0.75)})`;
      };
      console.log(`  baseline ${b.path}\n  ${''.padEnd(29)}${startLine(b.times)}`);
      console.log(`  ${''.padEnd(29)}switchboard minus it, per turn: wall ${paired((x) => x.ms)}, CPU ${paired((x) => x.cpu)}`);
    }
    if (withNode) line('server-filesystem (Node)', fsTimes);
    if (withFloor) line('MCP Java SDK alone (floor)', floorTimes);
    else console.log('  (run bench/sdk-floor/build.sh to compare with a bare MCP Java SDK server too)');
    const info = await roundTrips(switchboard, ['serve'], sbEnv, 'tools/call', { name: 'server_info', arguments: {} });
    const ping = await roundTrips(switchboard, ['serve'], sbEnv, 'ping', {});
    console.log(`sequential round trips on one stdio session (${calls} calls after 2000 warm-up):`);
    console.log(`  tools/call server_info       ${info.toFixed(0)} /s`);
    console.log(`  ping                         ${ping.toFixed(0)} /s`);
  }
} finally {
  rmSync(state, { recursive: true, force: true });
  for (const b of baselines) rmSync(b.env.SWITCHBOARD_KERNEL__STATE_DIR, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  rmSync(fsRoot, { recursive: true, force: true });
}
