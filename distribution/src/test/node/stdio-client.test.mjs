// Drives the built Switchboard distribution with the official MCP TypeScript SDK client over stdio.
// Run by TypeScriptClientIT (or by hand) with:
//   SWITCHBOARD_E2E_HOME=<a copy of target/switchboard> SWITCHBOARD_E2E_STATE_DIR=<an empty dir> node --test
// Optional: SWITCHBOARD_JAVA_HOME selects the JDK the launcher runs (the SDK passes only a few variables on).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const home = requiredEnv('SWITCHBOARD_E2E_HOME');
const stateDir = requiredEnv('SWITCHBOARD_E2E_STATE_DIR');
const requestOptions = { timeout: 20_000 };

let client;
let transport;
let negotiatedVersion;
let serverStderr = '';

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

function serverEnvironment() {
  const env = { ...getDefaultEnvironment(), SWITCHBOARD_KERNEL__STATE_DIR: stateDir };
  if (process.env.SWITCHBOARD_JAVA_HOME) {
    env.SWITCHBOARD_JAVA_HOME = process.env.SWITCHBOARD_JAVA_HOME;
  }
  if (process.env.SWITCHBOARD_KERNEL__ATTACH) {
    // the test's installation serves in-process unless the test asks for attaching (no shared server left behind)
    env.SWITCHBOARD_KERNEL__ATTACH = process.env.SWITCHBOARD_KERNEL__ATTACH;
  }
  return env;
}

// Appends the server's stderr to an assertion message, so that a failure shows why the server misbehaved.
function withServerLog(message) {
  return `${message}\n--- server stderr ---\n${serverStderr}`;
}

before(async () => {
  transport = new StdioClientTransport({
    command: path.join(home, 'bin', 'switchboard'),
    args: ['serve'],
    env: serverEnvironment(),
    stderr: 'pipe',
  });
  transport.stderr.on('data', (chunk) => {
    serverStderr += chunk.toString('utf8');
  });
  // The client hands the negotiated version to transports that want it; stdio does not, so record it here.
  transport.setProtocolVersion = (version) => {
    negotiatedVersion = version;
  };
  client = new Client({ name: 'switchboard-e2e-ts', version: '1.0.0' });
  await client.connect(transport, requestOptions);
});

after(async () => {
  await client?.close();
});

test('initialize reports the switchboard server and the latest protocol version', () => {
  assert.equal(client.getServerVersion()?.name, 'switchboard', withServerLog('server name'));
  assert.equal(negotiatedVersion, '2025-11-25');
  assert.ok(client.getServerCapabilities()?.tools, 'the server offers tools');
});

test('tools/list offers server_info, described and read-only', async () => {
  const { tools } = await client.listTools(undefined, requestOptions);
  const serverInfo = tools.find((tool) => tool.name === 'server_info');
  assert.ok(serverInfo, withServerLog(`server_info missing from ${tools.map((t) => t.name)}`));
  assert.match(serverInfo.description, /Switchboard server/);
  assert.equal(serverInfo.annotations?.readOnlyHint, true);
  assert.equal(serverInfo.inputSchema.type, 'object');
});

test('server_info reports sqlite storage in the state dir, without naming it, and the started bundled plugins', async () => {
  const result = await client.callTool({ name: 'server_info', arguments: {} }, undefined, requestOptions);
  assert.notEqual(result.isError, true, withServerLog(JSON.stringify(result)));
  const info = result.structuredContent;
  assert.equal(info.name, 'switchboard');
  assert.equal(info.storage.available, true);
  assert.equal(info.storage.backend, 'sqlite');
  // ADR 14: answers write <state-dir> for the state directory.
  assert.equal(info.storage.location, '<state-dir>/switchboard.db');
  assert.ok(!JSON.stringify(result).includes(stateDir), `the answer names the state directory ${stateDir}`);
  const states = Object.fromEntries(info.plugins.map((plugin) => [plugin.id, plugin.state]));
  assert.equal(states['storage-sqlite'], 'started');
  assert.equal(states['transport-stdio'], 'started');
  assert.equal(states.handoff, 'started');
  assert.equal(states.workspace, 'disabled', 'the workspace plugin (shell access) ships disabled');
  assert.ok(info.protocol_versions.includes('2025-11-25'));
});

test('an argument the schema does not allow is a tool error with code INVALID_ARGUMENTS', async () => {
  const result = await client.callTool({ name: 'server_info', arguments: { x: 1 } }, undefined, requestOptions);
  assert.equal(result.isError, true, JSON.stringify(result));
  assert.equal(result.structuredContent.code, 'INVALID_ARGUMENTS');
  assert.equal(result.structuredContent.details.field, 'x');
  assert.match(result.content[0].text, /^INVALID_ARGUMENTS: /);
});

test('an unknown tool is a JSON-RPC error -32602', async () => {
  await assert.rejects(
    client.callTool({ name: 'no_such_tool', arguments: {} }, undefined, requestOptions),
    (error) => {
      assert.ok(error instanceof McpError, `expected an McpError, got ${error}`);
      assert.equal(error.code, ErrorCode.InvalidParams);
      assert.equal(error.code, -32602);
      return true;
    });
});
