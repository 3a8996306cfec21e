// Long sessions under each JIT mode: is C1 alone (the launcher's -XX:TieredStopAtLevel=1, chosen for start-up) still
// the better choice once a server has run for a while? Starts `bin/switchboard serve` (stdio, a fresh state
// directory, the workspace plugin enabled in a temp copy of the layout) once per mode and round, modes alternating,
// and in each session times, call by call: `read` of a 1 MiB file (the revision's SHA-256 and the 2 MiB answer),
// `grep` of a literal over 2,000 small files, and `server_info` (a short call, the protocol path alone). It prints
// per phase (calls 1-N/10 "early", the last half "late") the median wall time per call and the server's CPU time
// per call (all threads, /proc), and the time to the first answer.
// Usage: node bench/jit-bench.mjs [--rounds 2] [--reads 400] [--greps 150] [--infos 4000]
//          [--layout distribution/target/switchboard] [--plugin plugins/workspace/target/workspace-*.zip]
// Modes: "c1" is the launcher as shipped; "tiered" appends -XX:TieredStopAtLevel=4 through SWITCHBOARD_JAVA_OPTS
// (the later flag wins), i.e. C1 then C2 as the JVM does by default.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const rounds = Number(args.rounds ?? 2);
const counts = { read: Number(args.reads ?? 400), grep: Number(args.greps ?? 150), info: Number(args.infos ?? 4000) };
const layoutArg = resolve(args.layout ?? join(repo, 'distribution', 'target', 'switchboard'));
const MODES = { c1: '', tiered: '-XX:TieredStopAtLevel=4' };
const tick = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function session(command, env) {
  const child = spawn(command, ['serve'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    const msg = JSON.parse(line);
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  });
  let next = 1;
  const request = (method, params) => new Promise((done) => {
    const id = next++;
    waiting.set(id, done);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
  });
  const call = async (name, argumentsObject) => {
    const msg = await request('tools/call', { name, arguments: argumentsObject });
    if (msg.error || msg.result?.isError) throw new Error(`${name}: ${JSON.stringify(msg).slice(0, 300)}`);
    return msg.result;
  };
  return { pid: child.pid, request, call, close: () => { child.stdin.end(); return new Promise((r) => child.on('exit', r)); } };
}

function layoutWithWorkspace(scratch) {
  const copy = join(scratch, 'switchboard');
  cpSync(layoutArg, copy, { recursive: true });
  let zip = args.plugin;
  if (!zip && !readdirSync(join(copy, 'plugins')).some((name) => name.includes('workspace'))) {
    const target = join(repo, 'plugins', 'workspace', 'target');
    zip = join(target, readdirSync(target).find((n) => /^workspace-.*\.zip$/.test(n)));
  }
  if (zip) cpSync(resolve(zip), join(copy, 'plugins', 'plugin-workspace.zip'));
  const disabled = join(copy, 'plugins', 'disabled.txt');
  if (existsSync(disabled)) {
    writeFileSync(disabled, readFileSync(disabled, 'utf8').split('\n').filter((l) => l.trim() !== 'workspace').join('\n'));
  }
  return copy;
}

function fixture(root) {
  const line = 'x'.repeat(1000);
  writeFileSync(join(root, 'big.txt'), Array.from({ length: 1024 }, (_, i) =>
    `${String(i).padStart(23, '0')}${line}`).join('\n') + '\n');
  for (let i = 0; i < 2000; i++) {
    const dir = join(root, 'tree', `d${i % 40}`);
    if (i < 40) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.txt`), `line one of ${i}\n${i % 100 === 7 ? 'needle_42' : 'hay'} here\nend\n`);
  }
}

async function run(mode, scratch, layout, root) {
  const state = mkdtempSync(join(scratch, `state-${mode}-`));
  const t0 = process.hrtime.bigint();
  const sb = session(join(layout, 'bin', 'switchboard'),
    { SWITCHBOARD_KERNEL__STATE_DIR: state, SWITCHBOARD_KERNEL__ATTACH: 'false', SWITCHBOARD_JAVA_OPTS: MODES[mode] });
  await sb.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'jit', version: '1' } });
  const firstAnswerMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const opened = await sb.call('workspace_open', { cwd: root });
  const ws = opened.structuredContent.workspace_id;
  const ops = {
    read: () => sb.call('read', { workspace_id: ws, path: join(root, 'big.txt') }),
    grep: () => sb.call('grep', { workspace_id: ws, pattern: 'needle_42', path: join(root, 'tree'), literal: true }),
    info: () => sb.call('server_info', {}),
  };
  const out = { firstAnswerMs };
  for (const [name, fn] of Object.entries(ops)) {
    const n = counts[name];
    const wall = [];
    let cpuLateStart = 0;
    for (let i = 0; i < n; i++) {
      if (i === Math.floor(n / 2)) cpuLateStart = cpuMs(sb.pid);
      const s = process.hrtime.bigint();
      await fn();
      wall.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    out[name] = { early: median(wall.slice(0, Math.max(1, Math.floor(n / 10)))),
      late: median(wall.slice(Math.floor(n / 2))), lateCpu: (cpuMs(sb.pid) - cpuLateStart) / (n - Math.floor(n / 2)) };
  }
  out.totalCpuMs = cpuMs(sb.pid);
  await sb.close();
  return out;
}

const scratch = mkdtempSync(join(tmpdir(), 'jit-bench-'));
try {
  const root = join(scratch, 'fixture');
  mkdirSync(root);
  fixture(root);
  const layout = layoutWithWorkspace(scratch);
  console.log(`load average at start: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const results = { c1: [], tiered: [] };
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 === 0 ? ['c1', 'tiered'] : ['tiered', 'c1']) results[mode].push(await run(mode, scratch, layout, root));
  }
  const f = (x) => x.toFixed(x < 10 ? 2 : 1);
  for (const [mode, list] of Object.entries(results)) {
    for (const [i, res] of list.entries()) {
      const parts = ['read', 'grep', 'info'].map((op) =>
        `${op} early ${f(res[op].early)} late ${f(res[op].late)} (cpu ${f(res[op].lateCpu)})`);
      console.log(`${mode.padEnd(6)} #${i + 1}: first answer ${f(res.firstAnswerMs)} ms; ${parts.join('; ')}; total cpu ${f(res.totalCpuMs)} ms`);
    }
  }
  console.log(`load average at end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
