// Both MCP eras at once against ONE running Switchboard `serve --http` (workspace plugin enabled): the TypeScript SDK
// 2.x client (@modelcontextprotocol/client, pinned to the modern era, 2026-07-28: no initialize, no session) and the
// 1.32.2 client (@modelcontextprotocol/sdk, legacy era, 2025-11-25), side by side, each calling a handoff, a mailbox
// and a workspace tool; the tool lists each caller gets (owner token, role token) are the same in both eras, and a
// view key is refused (403) in both. Run by TwoErasIT (or by hand) with:
//   SWITCHBOARD_E2E_URL=http://127.0.0.1:<port>/mcp SWITCHBOARD_E2E_TOKEN=<owner token> \
//   SWITCHBOARD_E2E_ROLE_TOKEN=<a role token of channel `eras`> SWITCHBOARD_E2E_VIEW_KEY=<its view key> \
//   SWITCHBOARD_E2E_PROJECT=<a directory under the workspace home> node --test two-eras.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const url = new URL(requiredEnv('SWITCHBOARD_E2E_URL'));
const owner = requiredEnv('SWITCHBOARD_E2E_TOKEN');
const role = requiredEnv('SWITCHBOARD_E2E_ROLE_TOKEN');
const viewKey = requiredEnv('SWITCHBOARD_E2E_VIEW_KEY');
const project = requiredEnv('SWITCHBOARD_E2E_PROJECT');
const requestOptions = { timeout: 30_000 };

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

function headers(token) {
  return { requestInit: { headers: { Authorization: `Bearer ${token}` } } };
}

async function modern(token, name) {
  const client = new ModernClient({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
  const transport = new ModernTransport(url, headers(token));
  await client.connect(transport, requestOptions);
  return { client, transport };
}

async function legacy(token, name) {
  const client = new LegacyClient({ name, version: '1.0.0' });
  const transport = new LegacyTransport(url, headers(token));
  await client.connect(transport, requestOptions);
  return { client, transport };
}

async function toolNames(client) {
  const { tools } = await client.listTools(undefined, requestOptions);
  return tools.map((tool) => tool.name).sort();
}

async function ok(client, name, args) {
  const result = await client.callTool({ name, arguments: args }, undefined, requestOptions);
  assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result)}`);
  return result.structuredContent;
}

// One era's owner and role clients: a handoff, a mailbox and a workspace tool each where the caller has them.
async function work(era, ownerClient, roleClient) {
  const projectName = `eras-${era}`;
  await ok(ownerClient, 'frontispice_register_project', { project: projectName });
  const published = await ok(ownerClient, 'frontispice_publish_handoff', {
    project: projectName, title: `from the ${era} era`, summary: 'both eras at once', content: `written by ${era}`,
  });
  const handoffId = published.receipt?.handoff_id;
  assert.ok(handoffId, `a receipt: ${JSON.stringify(published)}`);
  const read = await ok(ownerClient, 'frontispice_read_handoff', { project: projectName, handoff_id: handoffId });
  assert.match(JSON.stringify(read), new RegExp(`written by ${era}`));

  const channel = await ok(ownerClient, 'create_channel', { name: `chan-${era}`, roles: ['a', 'b'] });
  assert.deepEqual(Object.keys(channel.tokens).sort(), ['a', 'b']);

  const opened = await ok(ownerClient, 'workspace_open', { cwd: project });
  const ran = await ok(ownerClient, 'bash', {
    workspace_id: opened.workspace_id, request_key: `k-${era}`, command: `echo ${era} > ${era}.txt; cat ${era}.txt`,
  });
  assert.match(JSON.stringify(ran), new RegExp(era));

  const sent = await ok(roleClient, 'send_message', { to: '*', topic: era, body: `hello from the ${era} era` });
  assert.ok(sent.id, JSON.stringify(sent));
  const inbox = await ok(roleClient, 'read_inbox', {});
  assert.ok(inbox !== undefined);
  return handoffId;
}

test('the TypeScript SDK 2.x client (modern) and the 1.32.2 client (legacy) work on one server at once', async () => {
  const [modernOwner, legacyOwner, modernRole, legacyRole] = await Promise.all([
    modern(owner, 'e2e-modern-owner'), legacy(owner, 'e2e-legacy-owner'),
    modern(role, 'e2e-modern-role'), legacy(role, 'e2e-legacy-role'),
  ]);
  try {
    assert.equal(modernOwner.client.getNegotiatedProtocolVersion(), MODERN);
    assert.equal(modernOwner.transport.sessionId, undefined, 'the modern era has no session');
    assert.equal(legacyOwner.transport.protocolVersion, LEGACY);
    assert.ok(legacyOwner.transport.sessionId, 'the legacy era has a session');

    const [modernHandoff, legacyHandoff] = await Promise.all([
      work('modern', modernOwner.client, modernRole.client),
      work('legacy', legacyOwner.client, legacyRole.client),
    ]);
    assert.ok(modernHandoff && legacyHandoff);

    const [modernOwnerTools, legacyOwnerTools, modernRoleTools, legacyRoleTools] = await Promise.all([
      toolNames(modernOwner.client), toolNames(legacyOwner.client),
      toolNames(modernRole.client), toolNames(legacyRole.client),
    ]);
    assert.deepEqual(modernOwnerTools, legacyOwnerTools, 'the owner token lists the same tools in both eras');
    assert.deepEqual(modernRoleTools, legacyRoleTools, 'a role token lists the same tools in both eras');
    for (const name of ['frontispice_publish_handoff', 'create_channel', 'workspace_open', 'bash']) {
      assert.ok(modernOwnerTools.includes(name), `${name} missing from the owner's ${modernOwnerTools}`);
    }
    for (const name of ['send_message', 'read_inbox']) {
      assert.ok(modernRoleTools.includes(name), `${name} missing from the role's ${modernRoleTools}`);
    }
    assert.ok(!modernRoleTools.includes('create_channel'), `a role's tools: ${modernRoleTools}`);
    assert.ok(!modernRoleTools.includes('workspace_open'), `a role's tools: ${modernRoleTools}`);
  } finally {
    await Promise.all([modernOwner, legacyOwner, modernRole, legacyRole].map(({ client }) => client.close()));
  }
});

test('a view key is refused on /mcp with 403 in both eras', async () => {
  const [modernRefusal, legacyRefusal] = await Promise.all([
    modern(viewKey, 'e2e-modern-view').then(() => 'connected', (error) => error),
    legacy(viewKey, 'e2e-legacy-view').then(() => 'connected', (error) => error),
  ]);
  // The 2.x client names the status; the 1.32.2 client quotes the server's refusal.
  assert.match(String(modernRefusal?.message ?? modernRefusal), /HTTP 403/);
  assert.match(String(legacyRefusal?.message ?? legacyRefusal), /a view key opens the read-only board only/);
  const post = (headers, message) => fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${viewKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(message),
  });
  const modernList = await post({ 'Mcp-Method': 'tools/list', 'MCP-Protocol-Version': MODERN }, {
    jsonrpc: '2.0', id: 1, method: 'tools/list',
    params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } },
  });
  const legacyInitialize = await post({}, {
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  assert.equal(modernList.status, 403, 'a modern tools/list with a view key');
  assert.equal(legacyInitialize.status, 403, 'a legacy initialize with a view key');
});
