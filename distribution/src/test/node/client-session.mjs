// One MCP session of the official TypeScript SDK client with `bin/switchboard serve` over stdio, driven line by line
// by a Java test (dev.switchboard.e2e.support.TypeScriptSession), so that a scenario can interleave this session's
// calls with another client's. Not a `node --test` script.
//
//   SWITCHBOARD_E2E_HOME=<installation> SWITCHBOARD_E2E_SERVER_ENV='{"NAME":"value"}' node client-session.mjs
//
// The server gets the SDK's default environment plus SWITCHBOARD_E2E_SERVER_ENV (a JSON object of strings: state
// directory, role, JDK). Protocol, one JSON object per line:
// - stdout, once connected:       {"ready": {"name": <server name>, "version": <server version>}}
// - stdin, a call:                {"id": <number>, "tool": <name>, "arguments": {...}}
// - stdout, its answer:           {"id": <number>, "result": <CallToolResult>} or {"id": <number>, "error": <message>}
// - stdin, tools/list:            {"id": <number>, "list": true}  ->  {"id": <number>, "tools": [<name>, ...]}
// Calls run concurrently (a wait does not hold up the next call); answers come in completion order. The server's
// stderr goes to this process's stderr. When stdin ends, the session closes (ending the server) and the script exits.
import path from 'node:path';
import readline from 'node:readline';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';

const home = process.env.SWITCHBOARD_E2E_HOME;
if (!home) {
  console.error('client-session: SWITCHBOARD_E2E_HOME must name the installation to serve');
  process.exit(2);
}
const serverEnv = JSON.parse(process.env.SWITCHBOARD_E2E_SERVER_ENV ?? '{}');
// Longer than the mailbox's 50 s cap on a wait, so that a wait's own answer always arrives.
const requestOptions = { timeout: 90_000 };

function answer(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const transport = new StdioClientTransport({
  command: path.join(home, 'bin', 'switchboard'),
  args: ['serve'],
  env: { ...getDefaultEnvironment(), ...serverEnv },
  stderr: 'inherit',
});
const client = new Client({ name: 'switchboard-e2e-ts-session', version: '1.0.0' });
await client.connect(transport, requestOptions);
answer({ ready: client.getServerVersion() });

async function handle(line) {
  const request = JSON.parse(line);
  try {
    if (request.list) {
      const { tools } = await client.listTools(undefined, requestOptions);
      answer({ id: request.id, tools: tools.map((tool) => tool.name) });
    } else {
      const result = await client.callTool(
        { name: request.tool, arguments: request.arguments ?? {} }, undefined, requestOptions);
      answer({ id: request.id, result });
    }
  } catch (error) {
    answer({ id: request.id, error: String(error?.message ?? error) });
  }
}

const pending = new Set();
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim()) {
    const call = handle(line);
    pending.add(call);
    call.finally(() => pending.delete(call));
  }
}
await Promise.allSettled(pending);
await client.close();
