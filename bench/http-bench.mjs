// Benchmarks MCP streamable HTTP servers with a raw JSON-RPC client (Node's http module, one keep-alive connection
// per session, no SDK, so the client is not the bottleneck): sequential tools/call on 1 session, then on N concurrent
// sessions, reporting calls per second and p50/p99 latency, plus the CPU seconds spent by client and server.
// Switchboard (`bin/switchboard serve --http`, fresh state dir, owner token from <state>/owner.token) is measured
// first, then @modelcontextprotocol/server-everything (`node dist/index.js streamableHttp`) in the same run.
// With --full-jit yes, Switchboard is measured a second time with C2 enabled (the launcher's default is C1 only, which
// suits short-lived stdio processes).
// With --eras yes, only Switchboard is measured, and tools/call server_info in both MCP eras on ONE server: the legacy
// era (2025-11-25, initialize and a session) against the modern one (2026-07-28, stateless, the version in each
// request's _meta), 1 client then N, in --rounds rounds whose order alternates (legacy first, then modern first), so
// that a drift of the host's load falls on both; the load average is printed before and after.
// Usage: node bench/http-bench.mjs [--seconds 10] [--warmup 5] [--sessions 16] [--only switchboard|everything]
//                                  [--full-jit yes] [--eras yes [--rounds 2]]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { cpuSeconds, freePort, openModernSession, openSession, waitUntilServing } from './lib/mcp-http.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const seconds = Number(args.seconds ?? 10);
const warmup = Number(args.warmup ?? 5);
const many = Number(args.sessions ?? 16);
const only = args.only;
const switchboard = join(here, '..', 'distribution', 'target', 'switchboard', 'bin', 'switchboard');
const everything = join(here, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

// Runs `count` sessions, each calling sequentially until the deadline; returns rate, latency percentiles and CPU.
// `open` opens one client's session: openSession (legacy era, the default) or openModernSession.
async function measure(server, count, method, params, duration, open = openSession) {
  const sessions = await Promise.all(Array.from({ length: count },
    () => open(server.port, server.token, 'http-bench')));
  const latencies = [];
  const cpuServer = cpuSeconds(server.pid);
  const cpuClient = process.cpuUsage();
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(duration * 1e9));
  await Promise.all(sessions.map(async (s) => {
    const own = [];
    for (let t = process.hrtime.bigint(); t < deadline; ) {
      await s.call(method, params);
      const now = process.hrtime.bigint();
      own.push(Number(now - t) / 1e6);
      t = now;
    }
    latencies.push(...own);
  }));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const client = process.cpuUsage(cpuClient);
  const serverCpu = cpuSeconds(server.pid) - cpuServer;
  await Promise.all(sessions.map((s) => s.close()));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { calls: latencies.length, rate: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99),
    clientCpu: (client.user + client.system) / 1e6 / elapsed, serverCpu: serverCpu / elapsed };
}

async function start(name, command, argv, env, tokenFile) {
  const port = await freePort();
  const child = spawn(command, argv(port), { env: { ...process.env, ...env(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitUntilServing(port);
  const token = tokenFile && existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : null;
  return { name, port, token, pid: child.pid,
    stop: () => new Promise((r) => { child.on('exit', r); child.kill('SIGTERM'); }) };
}

function line(label, r) {
  const f = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`  ${label.padEnd(34)} ${f(r.rate).padStart(7)} calls/s  p50 ${f(r.p50, 2).padStart(6)} ms`
    + `  p99 ${f(r.p99, 2).padStart(6)} ms  cpu: server ${f(r.serverCpu * 100)} %, client ${f(r.clientCpu * 100)} %`
    + `  (${r.calls} calls)`);
}

async function bench(server, method, params, label) {
  console.log(`${server.name} (${label}), ${seconds} s per measure after ${warmup} s warm-up:`);
  await measure(server, many, method, params, warmup);
  line('1 session', await measure(server, 1, method, params, seconds));
  line(`${many} sessions`, await measure(server, many, method, params, seconds));
}

const UNLIMITED = {
  SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__RATE_LIMIT_PER_SECOND: '1000000',
  SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__RATE_LIMIT_BURST: '1000000',
};

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

// Both eras on one server, rounds alternating which era goes first.
async function eras(server) {
  const params = { name: 'server_info', arguments: {} };
  const openers = { legacy: openSession, modern: openModernSession };
  const rounds = Number(args.rounds ?? 2);
  console.log(`${server.name}, tools/call server_info in both eras, ${seconds} s per measure after ${warmup} s warm-up`
    + ` of each; load average ${load()}`);
  await measure(server, many, 'tools/call', params, warmup, openSession);
  await measure(server, many, 'tools/call', params, warmup, openModernSession);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['legacy', 'modern'] : ['modern', 'legacy'];
    for (const count of [1, many]) {
      for (const era of order) {
        line(`round ${round + 1}, ${era}, ${count} client${count > 1 ? 's' : ''}`,
          await measure(server, count, 'tools/call', params, seconds, openers[era]));
      }
    }
  }
  console.log(`load average after: ${load()}`);
}

async function main() {
  const state = mkdtempSync(join(tmpdir(), 'sb-http-bench-'));
  try {
    if (args.eras === 'yes') {
      const sb = await start('switchboard', switchboard, (port) => ['serve', '--http', '--port', String(port)],
        () => ({ SWITCHBOARD_KERNEL__STATE_DIR: state, ...UNLIMITED }), join(state, 'owner.token'));
      try {
        await eras(sb);
      } finally { await sb.stop(); }
      return;
    }
    const variants = [['switchboard', {}]];
    if (args['full-jit'] === 'yes') {
      variants.push(['switchboard, full JIT', { SWITCHBOARD_JAVA_OPTS: '-XX:TieredStopAtLevel=4' }]);
    }
    for (const [name, extra] of only === 'everything' ? [] : variants) {
      const sb = await start(name, switchboard, (port) => ['serve', '--http', '--port', String(port)],
        // One owner token drives every session at line speed: lift the per-token rate limit (ADR 22) out of the way.
        () => ({ SWITCHBOARD_KERNEL__STATE_DIR: state, ...UNLIMITED, ...extra }), join(state, 'owner.token'));
      try {
        await bench(sb, 'tools/call', { name: 'server_info', arguments: {} }, 'tools/call server_info');
        await bench(sb, 'ping', {}, 'ping, the protocol-only ceiling');
      } finally { await sb.stop(); }
    }
    if (only !== 'switchboard') {
      const ev = await start('server-everything', process.execPath, () => [everything, 'streamableHttp'],
        (port) => ({ PORT: String(port) }), null);
      try {
        await bench(ev, 'tools/call', { name: 'echo', arguments: { message: 'hi' } }, 'tools/call echo');
        await bench(ev, 'ping', {}, 'ping');
      } finally { await ev.stop(); }
    }
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

// Runs only as a script, so that importing this file (for its measure or start) runs no benchmark.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}

export { measure, start };
