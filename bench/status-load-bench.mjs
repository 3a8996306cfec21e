// Load on the hosted mailbox over HTTP (docs/performance.md, "Mailbox: /status long polls under load"):
// 4 channels x 4 roles, each role with its own role token and MCP session, while 64 `GET /status?wait=50` polls are
// held (4 per role token, within the default caps of 8 per token and 64 in all). Each round: the 64 polls are
// held, then all 16 roles send one message at once to the next role of their channel (so every role gets one and
// each of its 4 held polls must wake), then each role marks its message read so the next round's polls are held
// again. Reported: sends per second and p50/p99 send latency (16 concurrent senders), the p50/p99/max wake latency
// of the held polls (from the start of the send that woke them, so it includes part of that send: an upper bound
// of commit-to-wake; also from the send's answer, a lower bound, negative when the poll woke first), polls lost (answered without the message pending, or not at all) and 5xx answers, and the
// server's CPU (% of one core, and CPU ms per round and per woken poll: everything the server did in the measured
// rounds, sends and mark_reads included, divided by the rounds or the woken polls) and the host's load average. One raw JSON-RPC client per session (Node's http, no SDK), as
// bench/http-bench.mjs does (bench/lib/mcp-http.mjs), so the client is not the bottleneck.
// With --nodes 2 two servers share one state directory and database: the roles' MCP sessions (the sends) are on
// node A, the held polls on node B, so every wake crosses nodes; --env-file FILE adds KEY=VALUE lines to both
// servers' environment (SWITCHBOARD_KERNEL__STORAGE=postgres and the storage-postgres URL and user: two nodes need
// PostgreSQL, whose NOTIFY carries the signal).
// Usage: node bench/status-load-bench.mjs [--rounds 30] [--warmup 5] [--channels 4] [--roles 4] [--polls 4]
//                                        [--nodes 1|2] [--env-file FILE]
// Needs the built distribution (mvn -B -ntp -q install -pl distribution -am -DskipTests).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { cpuSeconds, freePort, now, openSession, request, sleep, waitUntilServing } from './lib/mcp-http.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, all) =>
  (v.startsWith('--') ? [...acc, [v.slice(2), all[i + 1]]] : acc), []));
const rounds = Number(args.rounds ?? 30);
const warmup = Number(args.warmup ?? 5);
const channels = Number(args.channels ?? 4);
const rolesPer = Number(args.roles ?? 4);
const pollsPer = Number(args.polls ?? 4);
const nodes = Number(args.nodes ?? 1);
const extraEnv = args['env-file'] ? Object.fromEntries(readFileSync(args['env-file'], 'utf8').split('\n')
  .filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])) : {};
const switchboard = join(here, '..', 'distribution', 'target', 'switchboard', 'bin', 'switchboard');

// One held poll on its own connection; resolves with its answer and when it came.
function poll(port, token) {
  const agent = new http.Agent({ keepAlive: false });
  return request(agent, port, 'GET', '/status?wait=50', { authorization: `Bearer ${token}` })
    .then((res) => ({ ...res, json: res.status === 200 ? JSON.parse(res.text) : null }))
    .catch((error) => ({ status: 0, error, at: now() }));
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function round(pollPort, roles, stats) {
  const held = roles.flatMap((role) => Array.from({ length: pollsPer }, () => poll(pollPort, role.token).then((r) =>
    ({ ...r, role }))));
  await sleep(400); // every poll has taken its slot and is waiting
  const sendStart = new Map();
  const sendEnd = new Map();
  const started = now();
  const sent = await Promise.all(roles.map(async (role) => {
    const to = role.next;
    const t = now();
    sendStart.set(to.name, t);
    const answer = await role.session.tool('send_message', { to: to.role, topic: 'load', body: `from ${role.role}` });
    sendEnd.set(to.name, now());
    stats.send.push(sendEnd.get(to.name) - t);
    return { to, id: answer.id };
  }));
  stats.sendWall += now() - started;
  stats.sends += sent.length;
  for (const answer of await Promise.all(held)) {
    if (answer.status >= 500 || answer.status === 0) stats.errors++;
    if (answer.status !== 200 || !(answer.json?.pending?.unread >= 1)) {
      stats.lost++;
      continue;
    }
    stats.wake.push(answer.at - sendStart.get(answer.role.name));
    stats.afterAnswer.push(answer.at - sendEnd.get(answer.role.name));
  }
  await Promise.all(sent.map(({ to, id }) => to.session.tool('mark_read', { message_id: id })));
}

const state = mkdtempSync(join(tmpdir(), 'sb-status-bench-'));
const servers = [];
for (let n = 0; n < nodes; n++) {
  const port = await freePort();
  const child = spawn(switchboard, ['serve', '--http', '--port', String(port)],
    { env: { ...process.env, ...extraEnv, SWITCHBOARD_KERNEL__STATE_DIR: state }, stdio: ['ignore', 'ignore', 'inherit'] });
  servers.push({ port, child });
  await waitUntilServing(port); // the first node creates the owner token before the second starts
}
const port = servers[0].port;
const pollPort = servers.at(-1).port;
try {
  const ownerFile = join(state, 'owner.token');
  for (let i = 0; i < 100 && !existsSync(ownerFile); i++) await sleep(50);
  const owner = await openSession(port, readFileSync(ownerFile, 'utf8').trim(), 'status-load-bench');
  const roles = [];
  const run = Date.now().toString(36); // channel names are never reused, so a shared database needs fresh ones
  for (let c = 0; c < channels; c++) {
    const names = Array.from({ length: rolesPer }, (_, r) => `r${r}`);
    const { tokens } = await owner.tool('create_channel', { name: `load${c}-${run}`, roles: names });
    const mine = [];
    for (const role of names) {
      mine.push({ name: `load${c}-${run}/${role}`, role, token: tokens[role],
        session: await openSession(port, tokens[role], 'status-load-bench') });
    }
    mine.forEach((role, i) => { role.next = mine[(i + 1) % mine.length]; });
    roles.push(...mine);
  }
  await owner.close();
  const fresh = () => ({ send: [], wake: [], afterAnswer: [], sends: 0, sendWall: 0, lost: 0, errors: 0 });
  const warm = fresh();
  for (let i = 0; i < warmup; i++) await round(pollPort, roles, warm);
  const stats = fresh();
  const cpuBefore = servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0);
  const wallBefore = now();
  const loadBefore = loadavg()[0];
  for (let i = 0; i < rounds; i++) await round(pollPort, roles, stats);
  const cpuUsed = servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0) - cpuBefore;
  const serverCpu = cpuUsed / ((now() - wallBefore) / 1000);
  await Promise.all(roles.map((r) => r.session.close()));
  stats.send.sort((a, b) => a - b);
  stats.wake.sort((a, b) => a - b);
  stats.afterAnswer.sort((a, b) => a - b);
  const f = (x, d = 1) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`status load: ${nodes === 1 ? 'one node' : `${nodes} nodes (sends on A, polls on the last)`},`
    + ` storage ${extraEnv.SWITCHBOARD_KERNEL__STORAGE ?? 'sqlite'}; ${channels} channels x ${rolesPer} roles,`
    + ` ${roles.length * pollsPer} held /status?wait=50,`
    + ` ${rounds} rounds after ${warmup} warm-up; ${cpus().length} cores, load ${f(loadBefore, 2)} before,`
    + ` ${f(loadavg()[0], 2)} after`);
  console.log(`  sends: ${stats.sends} in ${f(stats.sendWall / 1000, 2)} s of send phases = ${f(stats.sends / (stats.sendWall / 1000))}/s;`
    + ` latency p50 ${f(pct(stats.send, 0.5))} ms, p99 ${f(pct(stats.send, 0.99))} ms`);
  console.log(`  wakes: ${stats.wake.length} of ${stats.sends * pollsPer} polls; from send start p50 ${f(pct(stats.wake, 0.5))} ms,`
    + ` p99 ${f(pct(stats.wake, 0.99))} ms, max ${f(stats.wake.at(-1))} ms; from the send's answer p50`
    + ` ${f(pct(stats.afterAnswer, 0.5))} ms, p99 ${f(pct(stats.afterAnswer, 0.99))} ms (negative: woken first)`);
  console.log(`  lost polls: ${stats.lost}; 5xx or failed: ${stats.errors}; servers' CPU ${f(serverCpu * 100, 0)} % of one core,`
    + ` ${f(cpuUsed * 1000 / rounds, 0)} ms per round = ${f(cpuUsed * 1000 / Math.max(1, stats.wake.length), 2)} ms per woken poll`
    + ` (the round's sends, mark_reads and poll admissions included)`);
  if (stats.lost > 0 || stats.errors > 0) process.exitCode = 1;
} finally {
  await Promise.all(servers.map(({ child }) => new Promise((r) => { child.on('exit', r); child.kill('SIGTERM'); })));
  rmSync(state, { recursive: true, force: true });
}
