// Drives a running Switchboard `serve --http` (authentication on) with the official MCP TypeScript SDK client over
// streamable HTTP as a hosted channel's owner and roles. Run by MailboxHostedTypeScriptIT (or by hand) with:
//   SWITCHBOARD_E2E_URL=http://127.0.0.1:<port>/mcp SWITCHBOARD_E2E_TOKEN=<owner token> \
//     node --test hosted-client.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const url = new URL(requiredEnv('SWITCHBOARD_E2E_URL'));
const ownerToken = requiredEnv('SWITCHBOARD_E2E_TOKEN');
const requestOptions = { timeout: 20_000 };

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

async function connect(name, token) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport, requestOptions);
  return client;
}

async function ok(client, name, args) {
  const result = await client.callTool({ name, arguments: args }, undefined, requestOptions);
  assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result)}`);
  return result.structuredContent;
}

async function names(client) {
  const { tools } = await client.listTools(undefined, requestOptions);
  return tools.map((tool) => tool.name);
}

async function initializeStatus(token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

test('the owner creates a channel with three roles; each role works with its own token; rotate_token ends the old one',
  async () => {
    const owner = await connect('hosted-ts-owner', ownerToken);
    let tokens;
    try {
      const ownerTools = await names(owner);
      assert.ok(ownerTools.includes('create_channel'), `create_channel missing from ${ownerTools}`);
      assert.ok(!ownerTools.includes('send_message'), 'the owner token is no role');
      tokens = (await ok(owner, 'create_channel', { name: 'ts-proj', roles: ['lead', 'frontend', 'backend'] })).tokens;
    } finally {
      await owner.close();
    }
    assert.deepEqual(Object.keys(tokens).sort(), ['backend', 'frontend', 'lead']);

    const lead = await connect('hosted-ts-lead', tokens.lead);
    const frontend = await connect('hosted-ts-frontend', tokens.frontend);
    const backend = await connect('hosted-ts-backend', tokens.backend);
    try {
      const frontendTools = await names(frontend);
      assert.ok(frontendTools.includes('read_inbox'), `read_inbox missing from ${frontendTools}`);
      assert.ok(!frontendTools.includes('create_channel') && !frontendTools.includes('server_info'),
        `a role token lists only channel tools: ${frontendTools}`);
      const roles = await ok(backend, 'list_roles', {});
      assert.equal(roles.source, 'channel-registry');
      assert.equal(roles.you, 'backend');

      const debt = await ok(lead, 'send_message',
        { to: 'frontend', topic: 'login page', body: 'build the login page', action_required: true });
      await ok(backend, 'send_message', { to: '*', topic: 'api', body: 'the API is up' });
      const inbox = JSON.stringify(await ok(frontend, 'read_inbox', {}));
      assert.ok(inbox.includes('build the login page') && inbox.includes('the API is up'), inbox);
      await ok(frontend, 'resolve_message', { message_id: debt.id, resolution_note: 'done' });
      await ok(lead, 'confirm_resolution', { message_id: debt.id });
    } finally {
      await Promise.all([lead.close(), frontend.close(), backend.close()]);
    }

    const admin = await connect('hosted-ts-rotate', ownerToken);
    let fresh;
    try {
      fresh = (await ok(admin, 'rotate_token', { channel: 'ts-proj', role: 'frontend' })).token;
    } finally {
      await admin.close();
    }
    assert.equal(await initializeStatus(tokens.frontend), 401);
    const rotated = await connect('hosted-ts-frontend-rotated', fresh);
    try {
      assert.equal((await ok(rotated, 'list_roles', {})).you, 'frontend');
    } finally {
      await rotated.close();
    }
  });
