// The benchmarks' raw MCP streamable HTTP client and process helpers (Node's http module, one keep-alive connection
// per session, no SDK, so the client is not the bottleneck), shared by http-bench.mjs and status-load-bench.mjs.
// Importing it runs nothing.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const ticks = 100; // USER_HZ for /proc/<pid>/stat

/** @returns the current time in milliseconds, from the monotonic clock */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @returns a loopback port that was free a moment ago */
export const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

/** @returns the CPU seconds (user + system) a process has used so far, from /proc */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks; // utime + stime
}

/**
 * One HTTP request to 127.0.0.1:port; a body, when given, is sent as JSON-RPC (JSON, accepting JSON or SSE).
 * @returns {status, headers, text, at}: `at` is when the whole answer had arrived ({@link now})
 */
export function request(agent, port, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
        'content-length': Buffer.byteLength(body) }), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString(),
        at: now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The JSON-RPC answer to request `id`: the body is either JSON or an event stream whose `data:` lines carry JSON-RPC
 * messages. Throws on a status other than 200, a JSON-RPC error or a tool error.
 */
export function answerOf(res, id) {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text}`);
  const messages = (res.headers['content-type'] ?? '').startsWith('text/event-stream')
    ? res.text.split('\n').filter((l) => l.startsWith('data:') && l.slice(5).trim()).map((l) => JSON.parse(l.slice(5)))
    : [JSON.parse(res.text)];
  const answer = messages.find((m) => m.id === id);
  if (!answer || answer.error || answer.result?.isError) throw new Error(`bad answer: ${res.text}`);
  return answer;
}

/**
 * Opens an MCP session (initialize, then notifications/initialized) on http://127.0.0.1:port/mcp.
 * @param token  the bearer token, or null for a server without authentication
 * @param client the clientInfo name
 * @returns {call(method, params) -> result, tool(name, arguments) -> structuredContent, close()}; close ends the
 *          session with DELETE, so it does not count against the server's session limit
 */
export async function openSession(port, token, client) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = token ? { authorization: `Bearer ${token}` } : {};
  const post = (headers, body) => request(agent, port, 'POST', '/mcp', headers, body);
  const init = await post(base, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: client, version: '1' } } }));
  answerOf(init, 0);
  const headers = { ...base, 'mcp-session-id': init.headers['mcp-session-id'], 'mcp-protocol-version': '2025-11-25' };
  const ack = await post(headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  if (ack.status !== 202 && ack.status !== 200) throw new Error(`initialized: HTTP ${ack.status}`);
  let next = 1;
  const call = async (method, params) => {
    const id = next++;
    return answerOf(await post(headers, JSON.stringify({ jsonrpc: '2.0', id, method, params })), id).result;
  };
  return {
    call,
    tool: async (name, args) => (await call('tools/call', { name, arguments: args })).structuredContent,
    close: () => request(agent, port, 'DELETE', '/mcp', headers).catch(() => {}).finally(() => agent.destroy()),
  };
}

/** The modern era's protocol version (MCP 2026-07-28: no initialize, no session, the version in each request). */
export const MODERN = '2026-07-28';

/**
 * A modern-era "session" on http://127.0.0.1:port/mcp: nothing is opened (the era is stateless); every request carries
 * the version, the client's identity and capabilities in `_meta` and the era's headers (`Mcp-Method`,
 * `MCP-Protocol-Version`, `Mcp-Name` on `tools/call`), on one keep-alive connection.
 * @returns the same shape as {@link openSession}; close only drops the connection
 */
export async function openModernSession(port, token, client) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = { ...(token ? { authorization: `Bearer ${token}` } : {}), 'mcp-protocol-version': MODERN };
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: client, version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  let next = 1;
  const call = async (method, params) => {
    const id = next++;
    const headers = { ...base, 'mcp-method': method, ...(method === 'tools/call' ? { 'mcp-name': params.name } : {}) };
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });
    return answerOf(await request(agent, port, 'POST', '/mcp', headers, body), id).result;
  };
  return {
    call,
    tool: async (name, args) => (await call('tools/call', { name, arguments: args })).structuredContent,
    close: async () => agent.destroy(),
  };
}

/** Resolves once something accepts connections on 127.0.0.1:port (polling for up to 60 s). */
export async function waitUntilServing(port) {
  for (let i = 0; i < 1200; i++) { // 60 s: a loaded host can take more than 15 s to start a server
    const up = await new Promise((r) => { const s = net.connect(port, '127.0.0.1', () => { s.destroy(); r(true); });
      s.on('error', () => r(false)); });
    if (up) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on port ${port}`);
}
