// The durable-write benchmark (docs/performance.md, "Durable writes: CPU per call and group commit"): in one run,
// the PROCESS CPU (every thread of the server JVM, utime + stime from /proc/PID/stat) per durable `send_message` and
// per durable `frontispice_publish_handoff` of 1 KiB, and their rates, beside the raw durable commit floor (one plain
// sqlite-jdbc process committing one-row transactions, WAL, synchronous FULL, on the same disk):
//   shared  the shared server (`bin/switchboard serve` sessions attached to one `serve --shared`, ADR 32/33), with
//           1 sender (the other sessions idle) and with 8 senders at once (the server's group commit);
//   stdio   one in-process session (`serve --no-attach`), 1 sender.
// Phases take turns with the raw floor, round by round, so that a loaded host moves both alike; compare ratios.
// Every phase warms up first (--warm seconds and at least --warm-calls calls, not counted: the shared server's C2
// compiles the path meanwhile), then counts --seconds. The server's VmRSS is read idle (10 s after the sessions
// opened) and after the phases.
// Where the CPU went: the server's threads grouped by name (from /proc/PID/task), per call, for every phase.
// Usage: node bench/write-bench.mjs [--layout distribution/target/switchboard] [--seconds 5] [--warm 3] [--rounds 2]
//        [--warm-calls 1000] [--senders 8] [--modes shared,stdio] [--ops send,publish] [--jfr DIR]   (a JFR recording of every JVM, DIR/sb-PID.jfr)
//        [--variant 'NAME::JAVA OPTIONS' ...]   JVM option sets for the server, taking turns (SWITCHBOARD_JAVA_OPTS)
//        [--variant 'NAME:LAYOUT:JAVA OPTIONS']  another build (a layout directory) in the same turns
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, open as openAs, procStat, session, sharedServerPids, ticksPerSecond } from './lib/mcp-stdio.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const args = {};
const variantArgs = [];
for (let i = 0; i < argv.length; i++) {
  if (!argv[i].startsWith('--')) continue;
  if (argv[i] === '--variant') variantArgs.push(argv[++i]);
  else args[argv[i].slice(2)] = argv[++i];
}
const seconds = Number(args.seconds ?? 5);
const warm = Number(args.warm ?? 3);
const warmCalls = Number(args['warm-calls'] ?? 1000);
const rounds = Number(args.rounds ?? 2);
const senders = Number(args.senders ?? 8);
const modes = (args.modes ?? 'shared,stdio').split(',');
const ops = (args.ops ?? 'send,publish').split(',');
const jfr = args.jfr ? resolve(args.jfr) : undefined;
const defaultLayout = resolve(args.layout ?? join(here, '..', 'distribution', 'target', 'switchboard'));
const javaHome = process.env.JAVA_HOME ?? '/usr/lib/jvm/temurin-25-jdk-amd64';

const work = mkdtempSync(join(tmpdir(), 'wb-'));
const layouts = new Map();
function layoutCopy(source) {
  if (!layouts.has(source)) {
    const copy = join(work, 'sb' + layouts.size);
    cpSync(source, copy, { recursive: true });
    layouts.set(source, copy);
  }
  return layouts.get(source);
}
const variants = (variantArgs.length ? variantArgs : ['default::']).map((v) => {
  const [name, layout, ...opts] = v.split(':');
  return { name, layout: layoutCopy(resolve(layout || defaultLayout)), opts: opts.join(':').trim() };
});
if (jfr) mkdirSync(jfr, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (x, d = 0) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(d));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = (s.length - 1) / 2; return (s[Math.floor(m)] + s[Math.ceil(m)]) / 2; };

const open = (s) => openAs(s, 'write-bench');

// CPU ticks of a process (all its threads), and of each of its threads by name (digits folded: "C2 CompilerThread0").
function cpuOf(pid) {
  return userSysOf(pid).reduce((a, b) => a + b);
}
/** [user ticks, system ticks] */
function userSysOf(pid) {
  const { user, system } = procStat(pid);
  return [user, system];
}
function threadsOf(pid) {
  const out = new Map();
  let tasks = [];
  try { tasks = readdirSync(`/proc/${pid}/task`); } catch { return out; }
  for (const t of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+/g, '#');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(t, { name, ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* ended */ }
  }
  return out;
}
function threadDelta(before, after) {
  const byName = new Map();
  for (const [t, a] of after) {
    const d = a.ticks - (before.get(t)?.ticks ?? 0);
    if (d > 0) byName.set(a.name, (byName.get(a.name) ?? 0) + d);
  }
  return byName;
}
function clientTree(pid, serverPid) {
  // the launcher's bash and the attach client's JVM under it (the shared server is started detached: not counted)
  const all = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try { all.push([Number(name), procStat(name).ppid]); } catch { /* gone */ }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of all) if (pp === out[i] && p !== serverPid) out.push(p);
  return out;
}
const rssOf = (pid) => Number((readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/) ?? [0, 0])[1]) / 1024;
const treeCpu = (pids) => pids.reduce((a, p) => { try { return a + cpuOf(p); } catch { return a; } }, 0);

const serverPid = (stateDir) => sharedServerPids(stateDir)[0];

const content = 'durable write bench content, a curated conclusion of about one KiB. '.repeat(15).slice(0, 1024);
const operations = {
  send: (s, who, k) => s.call('send_message', { to: who.peer, topic: `t ${who.role} ${k}`, body: 'write bench message ' + k }),
  publish: (s, who, k) => s.call('frontispice_publish_handoff', {
    project: 'writebench', title: `handoff ${who.role} ${k}`, summary: 'write bench', content,
    idempotency_key: `${who.role}-${process.pid}-${Date.now()}-${k}`,
  }),
};

// Runs one operation from every given session for `secs` and at least `least` calls in all, sequentially per
// session: returns the count.
async function drive(list, op, secs, tag, least = 0) {
  let count = 0;
  const end = performance.now() + secs * 1000;
  await Promise.all(list.map(async ({ s, who }) => {
    let k = 0;
    while (performance.now() < end || count < least) { ok(await operations[op](s, who, `${tag}-${k++}`), op); count++; }
  }));
  return count;
}

async function phase(server, clients, list, op) {
  await drive(list, op, warm, 'w', warmCalls);
  const t0 = userSysOf(server); const c0 = treeCpu(clients); const th0 = threadsOf(server);
  const w0 = performance.now();
  const count = await drive(list, op, seconds, 'm');
  const wall = (performance.now() - w0) / 1000;
  const t1 = userSysOf(server); const c1 = treeCpu(clients); const th1 = threadsOf(server);
  const perCallUs = (ticks) => (ticks * 1e6) / ticksPerSecond / count;
  const byThread = [...threadDelta(th0, th1)].sort((a, b) => b[1] - a[1]);
  const threads = byThread.map(([n, d]) => `${n} ${fmt(perCallUs(d))}`);
  const jit = byThread.filter(([n]) => /Compiler/.test(n)).reduce((a, [, d]) => a + d, 0);
  const all = t1[0] + t1[1] - t0[0] - t0[1];
  return {
    rate: count / wall, count, serverUs: perCallUs(all), sysUs: perCallUs(t1[1] - t0[1]), noJitUs: perCallUs(all - jit),
    clientUs: perCallUs(c1 - c0), threads,
  };
}

function env(stateDir, role, opts) {
  return {
    HOME: work, SWITCHBOARD_KERNEL__STATE_DIR: stateDir, SWITCHBOARD_PLUGINS__MAILBOX__ROLE: role,
    SWITCHBOARD_JAVA_OPTS: [opts, jfr ? `-XX:StartFlightRecording=filename=${jfr}/sb-%p.jfr,settings=profile,jdk.ExecutionSample#period=2ms` : ''].join(' ').trim(),
  };
}

async function runMode(variant, mode) {
  const launcher = join(variant.layout, 'bin', 'switchboard');
  const stateDir = mkdtempSync(join(work, 's'));
  const n = mode === 'shared' ? senders : 1;
  const argvs = mode === 'shared' ? ['serve'] : ['serve', '--no-attach'];
  const list = [];
  for (let i = 0; i < n; i++) {
    const role = 'r' + i;
    list.push({ s: await open(session(launcher, argvs, env(stateDir, role, variant.opts))), who: { role, peer: 'r' + ((i + 1) % Math.max(n, 2)) } });
  }
  ok(await list[0].s.call('frontispice_register_project', { project: 'writebench', confirmed: true }), 'register');
  const server = mode === 'shared' ? serverPid(stateDir) : list[0].s.pid;
  // the in-process session: the launcher execs the JVM, so its pid is the server's
  const clients = mode === 'shared' ? list.flatMap(({ s }) => clientTree(s.pid, server)) : [];
  const out = {};
  await sleep(10000);
  const idleRss = rssOf(server);
  for (const op of ops) {
    out[op + '1'] = await phase(server, clients, list.slice(0, 1), op);
    if (n > 1) out[op + n] = await phase(server, clients, list, op);
  }
  // a sent message is found at once: the last one, by its topic's word, through the index
  const found = ok(await list[0].s.call('search_messages', { query: 'bench' }), 'search');
  if (!JSON.stringify(found).includes('write bench message')) throw new Error('search did not find the sent messages');
  out.rss = { idle: idleRss, used: rssOf(server) };
  await Promise.all(list.map(({ s }) => s.close()));
  if (mode === 'shared') spawnSync(launcher, ['server', 'stop', '--all'], { env: { ...process.env, ...env(stateDir, '', '') }, stdio: 'ignore' });
  rmSync(stateDir, { recursive: true, force: true });
  return out;
}

function rawFloor(bytes) {
  const db = join(work, `raw-${bytes}.db`);
  rmSync(db, { force: true });
  const lib = join(variants[0].layout, 'lib');
  const jar = readdirSync(lib).find((f) => f.startsWith('sqlite-jdbc-'));
  const r = spawnSync(join(javaHome, 'bin', 'java'), ['-cp', join(lib, jar), join(here, 'team', 'RawCommits.java'), db, String(seconds), String(bytes)],
    { encoding: 'utf8' });
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  return Number((r.stdout.match(/commits=(\d+)/) ?? [0, 0])[1]) / seconds;
}

const loads = [];
const load = () => { const l = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); loads.push(l); return l; };
console.log(`write-bench: ${seconds} s per phase after ${warm} s warm-up, ${rounds} rounds, ${senders} senders, load average ${load()}`);
const results = [];
const floors = { 200: [], 1024: [] };
for (let round = 0; round < rounds; round++) {
  floors[200].push(rawFloor(200));
  for (const variant of variants) {
    for (const mode of modes) {
      const r = await runMode(variant, mode);
      results.push({ round, variant: variant.name, mode, ...r });
      console.log(`round ${round} ${variant.name} ${mode} (load ${load()}): server RSS idle ${fmt(r.rss.idle, 1)} MiB, after ${fmt(r.rss.used, 1)} MiB; ` + Object.entries(r).filter(([k]) => k !== 'rss').map(([k, v]) =>
        `${k} ${fmt(v.rate)}/s server ${fmt(v.serverUs)} µs (system ${fmt(v.sysUs)}, without JIT ${fmt(v.noJitUs)}) client ${fmt(v.clientUs)} µs [${v.threads.slice(0, 6).join(', ')}]`).join('; '));
    }
  }
  floors[1024].push(rawFloor(1024));
  console.log(`round ${round} raw commits/s: 200 B ${fmt(floors[200].at(-1))}, 1 KiB ${fmt(floors[1024].at(-1))}`);
}

const floor200 = median(floors[200]);
const floor1k = median(floors[1024]);
console.log(`\nraw durable commits (one process, one row, WAL, synchronous FULL), median of ${rounds}: 200 B ${fmt(floor200)} /s, 1 KiB ${fmt(floor1k)} /s; load averages ${loads.join(' | ')}`);
for (const v of variants) {
  for (const mode of modes) {
    const rs = results.filter((r) => r.variant === v.name && r.mode === mode);
    console.log(`${v.name} ${mode}: server VmRSS idle ${rs.map((r) => fmt(r.rss.idle, 1)).join(' / ')} MiB, after the phases ${rs.map((r) => fmt(r.rss.used, 1)).join(' / ')} MiB`);
  }
}
console.log('\n| variant | mode | operation | senders | per second | of raw | server process CPU µs per call | of it system | without the JIT threads | client CPU µs per call | server threads, µs per call (top 5) |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const v of variants) {
  for (const mode of modes) {
    const rs = results.filter((r) => r.variant === v.name && r.mode === mode);
    for (const key of Object.keys(rs[0] ?? {}).filter((k) => /^(send|publish)\d+$/.test(k))) {
      const op = key.replace(/\d+$/, ''); const n = key.slice(op.length);
      const rate = median(rs.map((r) => r[key].rate));
      const floor = op === 'send' ? floor200 : floor1k;
      const last = rs.at(-1)[key];
      console.log(`| ${v.name} | ${mode} | ${op} | ${n} | ${fmt(rate)} | ${fmt((100 * rate) / floor)} % | ${fmt(median(rs.map((r) => r[key].serverUs)))} | ${fmt(median(rs.map((r) => r[key].sysUs)))} | ${fmt(median(rs.map((r) => r[key].noJitUs)))} | ${mode === 'shared' ? fmt(median(rs.map((r) => r[key].clientUs))) : '—'} | ${last.threads.slice(0, 5).join(', ')} |`);
    }
  }
}
rmSync(work, { recursive: true, force: true });
