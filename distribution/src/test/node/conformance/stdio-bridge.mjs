// A test-only streamable HTTP front for `switchboard serve` over stdio, so that the official conformance suite (which
// speaks streamable HTTP only) can test the stdio transport. Each MCP session is one `bin/switchboard serve` process:
// `initialize` without a session id starts one, and its JSON-RPC lines are relayed both ways.
//
//   node stdio-bridge.mjs            (env: SWITCHBOARD_E2E_HOME = the installation; BRIDGE_PORT, default 0 = any)
//
// Prints `listening <port>` on stdout once it accepts connections; logs go to stderr. Ends its servers when it gets
// SIGTERM or SIGINT, or when stdin closes (so a killed test run leaves nothing behind).
//
// What it does per request (MCP 2025-11-25 "Streamable HTTP", kept minimal):
// - Host must be a loopback name and Origin, when present, a loopback origin; otherwise 403 (DNS rebinding).
// - POST /mcp: a JSON-RPC request is answered on an SSE stream that carries, in order, whatever the server sends
//   for it (progress for its token, log messages and server-to-client requests while it is the newest call in flight)
//   and then its response, after which the stream ends. Notifications and responses from the client get 202.
// - GET /mcp opens the session's stream for messages that belong to no call in flight; DELETE /mcp ends the session.
// - Unknown session id: 404; missing one after initialize: 400. A session with no open connection for IDLE_MS is
//   ended, because the suite's clients close without DELETE and every session holds a JVM.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';

const home = process.env.SWITCHBOARD_E2E_HOME;
if (!home) {
  console.error('stdio-bridge: SWITCHBOARD_E2E_HOME must name the installation to serve');
  process.exit(2);
}
const launcher = path.join(home, 'bin', 'switchboard');
const IDLE_MS = 5_000;
const MAX_BODY = 8 * 1024 * 1024;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const sessions = new Map();
const children = new Set();

function log(message) {
  process.stderr.write(`stdio-bridge: ${message}\n`);
}

function hostnameOf(hostHeader) {
  if (!hostHeader || hostHeader.includes('@')) {
    return null;
  }
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

function originAllowed(origin) {
  if (origin === undefined) {
    return true;
  }
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
}

function plain(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
}

function jsonRpcError(res, status, code, message) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

function openStream(res, headers = {}) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...headers });
  res.flushHeaders();
}

function sendEvent(res, message) {
  res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

class Session {
  constructor(id) {
    this.id = id;
    this.calls = new Map(); // request id (as JSON) -> { res, progressToken, opened }
    this.standalone = null;
    this.openConnections = 0;
    this.idleTimer = null;
    this.ended = false;
    this.child = takeServer();
    this.child.stderr.on('data', (chunk) => process.stderr.write(`[${id.slice(0, 8)}] ${chunk}`));
    this.child.on('exit', (code, signal) => {
      log(`session ${id} server exited (${signal ?? code})`);
      this.end();
    });
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      queueMicrotask(() => this.end());
    }
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => this.fromServer(line));
  }

  toServer(message) {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  fromServer(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      log(`session ${this.id}: server wrote a line that is not JSON: ${line}`);
      return;
    }
    const isResponse = message.id !== undefined && message.method === undefined;
    if (isResponse) {
      const key = JSON.stringify(message.id);
      const call = this.calls.get(key);
      if (call) {
        this.calls.delete(key);
        sendEvent(call.res, message);
        call.res.end();
        return;
      }
    }
    const target = this.streamFor(message);
    if (target) {
      sendEvent(target, message);
    } else {
      log(`session ${this.id}: no open stream for ${line}`);
    }
  }

  // Progress goes to the call that carries its token; anything else to the newest call in flight, else to GET.
  streamFor(message) {
    const calls = [...this.calls.values()];
    if (message.method === 'notifications/progress') {
      const owner = calls.find((c) => c.progressToken !== undefined
        && JSON.stringify(c.progressToken) === JSON.stringify(message.params?.progressToken));
      if (owner) {
        return owner.res;
      }
    }
    const newest = calls.sort((a, b) => b.opened - a.opened)[0];
    return newest ? newest.res : this.standalone;
  }

  track(res) {
    this.openConnections++;
    clearTimeout(this.idleTimer);
    res.on('close', () => {
      this.openConnections--;
      for (const [key, call] of this.calls) {
        if (call.res === res) {
          this.calls.delete(key);
        }
      }
      if (this.standalone === res) {
        this.standalone = null;
      }
      if (this.openConnections === 0 && !this.ended) {
        this.idleTimer = setTimeout(() => this.end(), IDLE_MS);
      }
    });
  }

  end() {
    if (this.ended) {
      return;
    }
    this.ended = true;
    clearTimeout(this.idleTimer);
    sessions.delete(this.id);
    for (const call of this.calls.values()) {
      call.res.end();
    }
    this.standalone?.end();
    this.child.stdin.end();
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    this.child.once('exit', () => clearTimeout(killer));
  }
}

// Servers started ahead of need: a JVM takes a second or more to start, and the suite opens a new session for almost
// every scenario, so the next session's server starts while the current scenario runs.
const SPARES = 2;
const spares = [];

function startServer() {
  const child = spawn(launcher, ['serve'], { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function takeServer() {
  let child = spares.shift();
  while (child && (child.exitCode !== null || child.signalCode !== null)) {
    child = spares.shift();
  }
  while (!stopping && spares.length < SPARES) {
    spares.push(startServer());
  }
  return child ?? startServer();
}

let stopping = false;
let nextOrder = 0;

function handlePost(req, res, body) {
  if (!(req.headers['content-type'] ?? '').includes('application/json')) {
    plain(res, 415, 'Content-Type must be application/json');
    return;
  }
  let message;
  try {
    message = JSON.parse(body);
  } catch {
    jsonRpcError(res, 400, -32700, 'Parse error');
    return;
  }
  if (Array.isArray(message)) {
    jsonRpcError(res, 400, -32600, 'Batches are not supported');
    return;
  }
  const sessionId = req.headers['mcp-session-id'];
  let session;
  if (message.method === 'initialize' && sessionId === undefined) {
    session = new Session(randomUUID());
    sessions.set(session.id, session);
    log(`session ${session.id} started`);
  } else if (sessionId === undefined) {
    plain(res, 400, 'Mcp-Session-Id header is required');
    return;
  } else {
    session = sessions.get(sessionId);
    if (!session) {
      plain(res, 404, 'Unknown session');
      return;
    }
  }
  session.track(res);
  if (message.method === undefined || message.id === undefined) {
    session.toServer(message);
    res.writeHead(202).end();
    return;
  }
  openStream(res, { 'Mcp-Session-Id': session.id });
  session.calls.set(JSON.stringify(message.id),
    { res, progressToken: message.params?._meta?.progressToken, opened: nextOrder++ });
  session.toServer(message);
}

function handle(req, res) {
  if (!LOOPBACK.has(hostnameOf(req.headers.host)) || !originAllowed(req.headers.origin)) {
    plain(res, 403, 'Forbidden: Host or Origin is not a loopback name');
    return;
  }
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/mcp') {
    plain(res, 404, 'Not found');
    return;
  }
  if (req.method === 'POST') {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        plain(res, 413, 'Body too large');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (size <= MAX_BODY) {
        handlePost(req, res, Buffer.concat(chunks).toString('utf8'));
      }
    });
    return;
  }
  const session = sessions.get(req.headers['mcp-session-id']);
  if (req.method === 'GET' || req.method === 'DELETE') {
    if (!session) {
      plain(res, req.headers['mcp-session-id'] === undefined ? 400 : 404, 'Unknown or missing session');
      return;
    }
    if (req.method === 'DELETE') {
      session.end();
      res.writeHead(200).end();
      return;
    }
    if (session.standalone) {
      plain(res, 409, 'The session already has a GET stream');
      return;
    }
    session.track(res);
    openStream(res);
    session.standalone = res;
    return;
  }
  res.writeHead(405, { Allow: 'GET, POST, DELETE' }).end();
}

const server = http.createServer(handle);
server.listen(Number(process.env.BRIDGE_PORT ?? 0), '127.0.0.1', () => {
  while (spares.length < SPARES) {
    spares.push(startServer());
  }
  process.stdout.write(`listening ${server.address().port}\n`);
});

function shutdown() {
  stopping = true;
  for (const spare of spares.splice(0)) {
    spare.stdin.end();
  }
  server.close();
  server.closeAllConnections();
  for (const session of [...sessions.values()]) {
    session.end();
  }
  // Each server got its end of input; one still alive 10 s later is killed by Session.end's timer.
  setInterval(() => {
    if (children.size === 0) {
      process.exit(0);
    }
  }, 100);
}

process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.stdin.on('end', shutdown);
process.stdin.resume();
