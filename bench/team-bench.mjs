// The team benchmark (docs/performance.md, "A team of sessions on one machine"): N stdio sessions, each
// with its own mailbox role, started the way an MCP client starts them (`bin/switchboard serve`, which attaches to the
// shared server of the user and state directory) against N in-process servers (`serve --no-attach`), in one run:
//   memory      total RSS of every Switchboard process (sessions' process trees and the shared server) after use;
//   idle CPU    process CPU an idle session costs for each write of another session (one session sends, the others
//               wait; attach: the shared server's extra CPU over N = 1, per idle session and send);
//   send rate   send_message per second with every session sending at once (8 and 16), against the durable-commit
//               floor of as many plain sqlite-jdbc processes on the same disk in the same run;
//   wake        wait_for_mail in one session woken by another's send: from the send's answer to the wait's answer;
//   attach      spawn -> initialize -> first tools/list answer of `serve` while the shared server runs, side by side
//               with server-filesystem's cold start (taking turns), and the first attach (no server running).
// Usage: node bench/team-bench.mjs [--layout distribution/target/switchboard] [--sizes 1,4,8,16] [--sends 200]
//        [--seconds 5] [--wakes 40] [--runs 15]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, open as openAs, procStat, session, sharedServerPids as serverPids, ticksPerSecond } from './lib/mcp-stdio.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const sizes = (args.sizes ?? '1,4,8,16').split(',').map(Number);
const sends = Number(args.sends ?? 200);
const seconds = Number(args.seconds ?? 5);
const wakes = Number(args.wakes ?? 40);
const runs = Number(args.runs ?? 15);
const source = args.layout ?? join(here, '..', 'distribution', 'target', 'switchboard');
const filesystem = join(here, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
const javaHome = process.env.JAVA_HOME ?? '/usr/lib/jvm/temurin-25-jdk-amd64';

const work = mkdtempSync(join(tmpdir(), 'tb-'));
const layout = join(work, 'sb');
cpSync(source, layout, { recursive: true });
const launcher = join(layout, 'bin', 'switchboard');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]; };
const fmt = (x, d = 1) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(d));

const open = (s) => openAs(s, 'team-bench');

// /proc accounting: a process tree's RSS (KiB) and CPU (ticks).
function usage(pid) {
  try {
    const { ppid, user, system } = procStat(pid);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number((status.match(/VmRSS:\s+(\d+)/) ?? [0, 0])[1]);
    let pss = 0;
    try { pss = Number((readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/Pss:\s+(\d+)/) ?? [0, 0])[1]); } catch { /* gone */ }
    return { ppid, cpu: user + system, rss, pss };
  } catch { return null; }
}
function tree(root) {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = usage(Number(name));
    if (s) all.set(Number(name), s);
  }
  const out = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    const s = all.get(pid);
    if (!s) continue;
    out.push({ pid, ...s });
    for (const [child, cs] of all) if (cs.ppid === pid) queue.push(child);
  }
  return out;
}
// Each process once: the first client starts the shared server as its own child (setsid keeps its parent), so a
// client's tree may hold the server too.
const sum = (procs, key) => [...new Map(procs.map((p) => [p.pid, p])).values()].reduce((a, p) => a + p[key], 0);
const without = (procs, pids) => procs.filter((p) => !pids.includes(p.pid));

function env(stateDir, role) {
  return {
    HOME: work,
    SWITCHBOARD_KERNEL__STATE_DIR: stateDir,
    SWITCHBOARD_PLUGINS__MAILBOX__ROLE: role,
  };
}

async function team(mode, n) {
  const stateDir = mkdtempSync(join(work, 's'));
  const argv = mode === 'attach' ? ['serve'] : ['serve', '--no-attach'];
  const sessions = [];
  // One at a time, as a person opens terminals: the first one starts the shared server.
  for (let i = 0; i < n; i++) sessions.push(await open(session(launcher, argv, env(stateDir, 'r' + i))));
  const peer = (i) => (n === 1 ? 'sink' : 'r' + ((i + 1) % n));
  for (let round = 0; round < 20; round++) {
    await Promise.all(sessions.map((s, i) => s.call('send_message', { to: peer(i), topic: 'warm ' + round, body: 'hello' })));
  }
  await Promise.all(sessions.map((s) => s.call('read_inbox', { limit: 50 })));
  await sleep(500);
  const servers = () => serverPids(stateDir).flatMap((p) => tree(p));
  const clients = () => without(sessions.flatMap((s) => tree(s.pid)), servers().map((p) => p.pid));
  const rssKiB = sum(clients(), 'rss') + sum(servers(), 'rss');
  // PSS: each shared page (libjvm, an AOT cache mapped by every client) counted once in total, not once a process.
  const pssKiB = sum(clients(), 'pss') + sum(servers(), 'pss');
  const clientRssKiB = n ? sum(clients(), 'rss') / n : 0;

  // Idle CPU: session 0 sends, the others sit idle (never subscribed).
  const idle = () => without(sessions.slice(1).flatMap((s) => tree(s.pid)), servers().map((p) => p.pid));
  const before = { idle: sum(idle(), 'cpu'), server: sum(servers(), 'cpu'), sender: sum(without(tree(sessions[0].pid), servers().map((p) => p.pid)), 'cpu') };
  const t0 = performance.now();
  for (let k = 0; k < sends; k++) ok(await sessions[0].call('send_message', { to: peer(0), topic: 'idle ' + k, body: 'x' }), 'send');
  const sendMs = performance.now() - t0;
  await sleep(300);
  const after = { idle: sum(idle(), 'cpu'), server: sum(servers(), 'cpu'), sender: sum(without(tree(sessions[0].pid), servers().map((p) => p.pid)), 'cpu') };
  const cpuMs = (ticks) => (ticks * 1000) / ticksPerSecond;

  // Send rate, every session at once.
  let rate;
  if (n >= 2) {
    let count = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(sessions.map(async (s, i) => {
      while (performance.now() < end) { ok(await s.call('send_message', { to: peer(i), topic: 'rate', body: 'y' }), 'send'); count++; }
    }));
    rate = count / seconds;
  }

  // Wake: r0 waits, r1 sends to r0.
  const wakeMs = [];
  if (n >= 2) {
    for (let w = 0; w < wakes; w++) {
      const waited = sessions[0].call('wait_for_mail', { timeout_s: 10 });
      let woke;
      waited.then(() => { woke = performance.now(); });
      await sleep(60);
      ok(await sessions[1].call('send_message', { to: 'r0', topic: 'wake ' + w, body: 'z' }), 'send');
      const sent = performance.now();
      ok(await waited, 'wait');
      wakeMs.push(woke - sent);
    }
  }
  await Promise.all(sessions.map((s) => s.close()));
  if (mode === 'attach') spawnSync(launcher, ['server', 'stop', '--all'], { env: { ...process.env, ...env(stateDir, '') }, stdio: 'ignore' });
  return {
    mode, n, rssMiB: rssKiB / 1024, pssMiB: pssKiB / 1024, clientRssMiB: clientRssKiB / 1024,
    idleCpuUsPerSendPerSession: n > 1 ? (cpuMs(after.idle - before.idle) * 1000) / (sends * (n - 1)) : 0,
    serverCpuUsPerSend: (cpuMs(after.server - before.server) * 1000) / sends,
    senderCpuUsPerSend: (cpuMs(after.sender - before.sender) * 1000) / sends,
    sequentialSendsPerS: sends / (sendMs / 1000),
    rate, wakeP50: wakeMs.length ? median(wakeMs) : undefined, wakeP99: wakeMs.length ? pct(wakeMs, 0.99) : undefined,
  };
}

function rawFloor(processes) {
  const db = join(work, 'raw-' + processes + '.db');
  rmSync(db, { force: true });
  const jar = readdirSync(join(layout, 'lib')).find((f) => f.startsWith('sqlite-jdbc-'));
  const start = Date.now() + 1500;
  const children = [];
  for (let i = 0; i < processes; i++) {
    children.push(new Promise((resolve) => {
      const c = spawn(join(javaHome, 'bin', 'java'), ['-cp', join(layout, 'lib', jar), join(here, 'team', 'RawCommits.java'), db, String(seconds)],
        { env: { ...process.env, RAW_START_AT_MS: String(start) }, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      c.stdout.on('data', (d) => { out += d; });
      c.on('exit', () => resolve(Number((out.match(/commits=(\d+)/) ?? [0, 0])[1])));
    }));
  }
  return Promise.all(children).then((counts) => counts.reduce((a, b) => a + b, 0) / seconds);
}

async function coldStart(command, argv, envs) {
  const t0 = performance.now();
  const s = await open(session(command, argv, envs));
  const ms = performance.now() - t0;
  await s.close();
  return ms;
}

async function attachLatency() {
  const stateDir = mkdtempSync(join(work, 'a'));
  const first = [];
  for (let i = 0; i < 3; i++) {
    const fresh = mkdtempSync(join(work, 'f'));
    first.push(await coldStart(launcher, ['serve'], env(fresh, 'r0')));
    spawnSync(launcher, ['server', 'stop', '--all'], { env: { ...process.env, ...env(fresh, '') }, stdio: 'ignore' });
  }
  const inProcess = [];
  for (let i = 0; i < 3; i++) inProcess.push(await coldStart(launcher, ['serve', '--no-attach'], env(mkdtempSync(join(work, 'n')), 'r0')));
  const keeper = await open(session(launcher, ['serve'], env(stateDir, 'keeper')));
  const attached = []; const fs = []; const rss = [];
  for (let i = 0; i < runs; i++) {
    attached.push(await coldStart(launcher, ['serve'], env(stateDir, 'r' + i)));
    if (existsSync(filesystem)) fs.push(await coldStart('node', [filesystem, work], {}));
  }
  // The client's own memory once attached.
  const probe = await open(session(launcher, ['serve'], env(stateDir, 'probe')));
  await probe.call('server_info', {});
  await sleep(300);
  rss.push(sum(without(tree(probe.pid), serverPids(stateDir)), 'rss') / 1024);
  await probe.close();
  await keeper.close();
  spawnSync(launcher, ['server', 'stop', '--all'], { env: { ...process.env, ...env(stateDir, '') }, stdio: 'ignore' });
  return { attached: median(attached), filesystem: fs.length ? median(fs) : undefined, first: median(first), inProcess: median(inProcess), clientRss: rss[0] };
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`team-bench: layout ${source}, load average ${load}, sends ${sends}, ${seconds} s rate windows, ${wakes} wakes`);
const results = [];
for (const n of sizes) {
  for (const mode of ['attach', 'no-attach']) {
    const r = await team(mode, n);
    results.push(r);
    console.log(JSON.stringify(r));
  }
}
const floors = {};
for (const p of [1, ...sizes.filter((n) => n >= 8)]) floors[p] = await rawFloor(p);
console.log('raw durable commits per second by processes: ' + JSON.stringify(floors));
const latency = await attachLatency();
console.log('attach: ' + JSON.stringify(latency));

console.log('\n| N | mode | total RSS MiB | total PSS MiB | RSS per client MiB | idle CPU µs per send per idle session | server CPU µs per send | send_message/s, all sending (vs raw) | wake p50 / p99 ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const floor = floors[r.n];
  const rate = r.rate === undefined ? '' : `${fmt(r.rate, 0)}` + (floor ? ` (${fmt((100 * r.rate) / floor, 0)} % of ${fmt(floor, 0)})` : '');
  console.log(`| ${r.n} | ${r.mode} | ${fmt(r.rssMiB, 0)} | ${fmt(r.pssMiB, 0)} | ${fmt(r.clientRssMiB, 1)} | ${fmt(r.idleCpuUsPerSendPerSession, 0)} | ${fmt(r.serverCpuUsPerSend, 0)} | ${rate} | ${r.wakeP50 === undefined ? '' : fmt(r.wakeP50, 1) + ' / ' + fmt(r.wakeP99, 1)} |`);
}
console.log(`\nattach to first tools/list (server running) p50 ${fmt(latency.attached, 0)} ms; server-filesystem cold start p50 ${fmt(latency.filesystem, 0)} ms; first attach (no server) ${fmt(latency.first, 0)} ms; in-process cold start ${fmt(latency.inProcess, 0)} ms; attached client RSS ${fmt(latency.clientRss, 1)} MiB`);
rmSync(work, { recursive: true, force: true });
