// Drives a running Switchboard `serve --http` (authentication on, conformance fixture enabled) with the official MCP
// TypeScript SDK client over streamable HTTP. Run by HttpTypeScriptClientIT (or by hand) with:
//   SWITCHBOARD_E2E_URL=http://127.0.0.1:<port>/mcp SWITCHBOARD_E2E_TOKEN=<owner token> \
//     node --test http-client.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const url = new URL(requiredEnv('SWITCHBOARD_E2E_URL'));
const token = requiredEnv('SWITCHBOARD_E2E_TOKEN');
const requestOptions = { timeout: 20_000 };

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

async function connect(name) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport, requestOptions);
  return { client, transport };
}

test('initialize, list and call over streamable HTTP with the owner token', async () => {
  const { client, transport } = await connect('switchboard-e2e-ts-http');
  try {
    assert.equal(client.getServerVersion()?.name, 'switchboard');
    assert.equal(transport.protocolVersion, '2025-11-25');
    assert.ok(transport.sessionId, 'the server assigned a session id');

    const { tools } = await client.listTools(undefined, requestOptions);
    const names = tools.map((tool) => tool.name);
    for (const expected of ['server_info', 'frontispice_publish_handoff', 'test_tool_with_logging',
      'test_tool_with_progress']) {
      assert.ok(names.includes(expected), `${expected} missing from ${names}`);
    }

    const result = await client.callTool({ name: 'server_info', arguments: {} }, undefined, requestOptions);
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.equal(result.structuredContent.name, 'switchboard');
    assert.ok(result.structuredContent.transports.includes('http'), JSON.stringify(result.structuredContent));
  } finally {
    await client.close();
  }
});

test('log notifications arrive on the call stream before the result', async () => {
  const { client } = await connect('switchboard-e2e-ts-logging');
  try {
    const events = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      events.push(`log:${notification.params.data}`);
    });
    const result = await client.callTool({ name: 'test_tool_with_logging', arguments: {} }, undefined,
      requestOptions);
    events.push(`result:${result.content[0].text}`);
    assert.deepEqual(events, [
      'log:Tool execution started',
      'log:Tool processing data',
      'log:Tool execution completed',
      'result:Tool with logging executed successfully',
    ]);
  } finally {
    await client.close();
  }
});

test('progress notifications arrive on the call stream before the result', async () => {
  const { client } = await connect('switchboard-e2e-ts-progress');
  try {
    const events = [];
    const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
      ...requestOptions,
      onprogress: (progress) => events.push(`progress:${progress.progress}/${progress.total}`),
    });
    events.push(`result:${result.content[0].text}`);
    assert.deepEqual(events, [
      'progress:0/100',
      'progress:50/100',
      'progress:100/100',
      'result:Tool with progress executed successfully',
    ]);
  } finally {
    await client.close();
  }
});

test('terminateSession ends the session, and a new connection gets a new session that works', async () => {
  const first = await connect('switchboard-e2e-ts-first');
  const firstSession = first.transport.sessionId;
  await first.transport.terminateSession();
  assert.equal(first.transport.sessionId, undefined, 'the transport forgot its session after DELETE');
  await first.client.close();

  const reused = await fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Session-Id': firstSession,
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
  });
  assert.equal(reused.status, 404, 'a terminated session id is unknown');

  const second = await connect('switchboard-e2e-ts-second');
  try {
    assert.ok(second.transport.sessionId);
    assert.notEqual(second.transport.sessionId, firstSession);
    const result = await second.client.callTool({ name: 'server_info', arguments: {} }, undefined, requestOptions);
    assert.equal(result.structuredContent.name, 'switchboard');
  } finally {
    await second.client.close();
  }
});
