// The benchmarks' MCP stdio client (newline-delimited JSON-RPC over a child's stdin and stdout, no SDK) and the /proc
// readings of the processes it starts, shared by team-bench.mjs and write-bench.mjs. Importing it runs nothing.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** USER_HZ: the clock ticks a second in /proc/<pid>/stat's CPU fields. */
export const ticksPerSecond = 100;

/**
 * Starts `command argv` with `env` added to this process's environment, as an MCP client starts a stdio server.
 * @returns {pid, stderr(), request(method, params), call(tool, arguments), notify(method), close(), kill()}: request
 *   and call resolve to the JSON-RPC answer; close ends stdin and kill sends SIGKILL, both resolve when it exited
 */
export function session(command, argv, env) {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    let msg;
    try { msg = JSON.parse(line); } catch { return; }
    const answer = waiting.get(msg.id);
    if (answer) { waiting.delete(msg.id); answer(msg); }
  });
  let next = 1;
  const exited = new Promise((r) => child.on('exit', r));
  return {
    pid: child.pid,
    stderr: () => stderr,
    request(method, params) {
      const id = next++;
      return new Promise((r) => {
        waiting.set(id, r);
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    },
    call(name, args) { return this.request('tools/call', { name, arguments: args }); },
    notify(method) { child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method }) + '\n'); },
    close() { child.stdin.end(); return exited; },
    kill() { child.kill('SIGKILL'); return exited; },
  };
}

/** Initializes a session as client `clientName` and lists its tools; throws if initialize fails. @returns the session */
export async function open(s, clientName) {
  const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: clientName, version: '1' } };
  const answer = await s.request('initialize', init);
  if (!answer.result) throw new Error('initialize failed: ' + JSON.stringify(answer) + '\n' + s.stderr());
  s.notify('notifications/initialized');
  await s.request('tools/list', {});
  return s;
}

/** @returns a tool call's result; throws, naming `what`, on a JSON-RPC error or a tool error */
export function ok(answer, what) {
  if (!answer.result || answer.result.isError) throw new Error(what + ': ' + JSON.stringify(answer).slice(0, 2000));
  return answer.result;
}

/**
 * A process's /proc/<pid>/stat fields the benchmarks read.
 * @returns {ppid, user, system}: user and system CPU in ticks ({@link ticksPerSecond}); throws when it is gone
 */
export function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), user: Number(fields[11]), system: Number(fields[12]) };
}

/** @returns the pids of the shared servers of a state directory, from their attach/<key>.json records */
export function sharedServerPids(stateDir) {
  const dir = join(stateDir, 'attach');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => {
    try { return JSON.parse(readFileSync(join(dir, f), 'utf8')).pid; } catch { return null; /* being written */ }
  }).filter((p) => p);
}
