// Drives the built Switchboard distribution configured for PostgreSQL with the official MCP TypeScript SDK client,
// over streamable HTTP (a running `serve --http`) or over stdio (a `serve` this script starts), with real handoff and
// workspace calls. Run by TypeScriptClientsOnPostgresIT (or by hand) with:
//   SWITCHBOARD_E2E_PROJECT=<a project name> SWITCHBOARD_E2E_WORKSPACE_HOME=<the server's workspace home> and either
//   SWITCHBOARD_E2E_URL=http://127.0.0.1:<port>/mcp SWITCHBOARD_E2E_TOKEN=<owner token>            (HTTP), or
//   SWITCHBOARD_E2E_HOME=<a copy of target/switchboard> SWITCHBOARD_E2E_STATE_DIR=<an empty dir>   (stdio; every
//   other SWITCHBOARD_* variable, such as SWITCHBOARD_KERNEL__STORAGE=postgres and the storage-postgres URL and user,
//   is passed on to the server)
//   node --test postgres-client.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const project = requiredEnv('SWITCHBOARD_E2E_PROJECT');
const workspaceHome = fs.realpathSync(requiredEnv('SWITCHBOARD_E2E_WORKSPACE_HOME'));
const directory = path.join(workspaceHome, project);
const requestOptions = { timeout: 20_000 };

let client;
let serverStderr = '';

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

function withServerLog(message) {
  return serverStderr ? `${message}\n--- server stderr ---\n${serverStderr}` : message;
}

async function call(name, args) {
  return client.callTool({ name, arguments: args }, undefined, requestOptions);
}

async function ok(name, args) {
  const result = await call(name, args);
  assert.notEqual(result.isError, true, withServerLog(`${name}: ${JSON.stringify(result)}`));
  return result.structuredContent;
}

function transport() {
  if (process.env.SWITCHBOARD_E2E_URL) {
    return new StreamableHTTPClientTransport(new URL(process.env.SWITCHBOARD_E2E_URL), {
      requestInit: { headers: { Authorization: `Bearer ${requiredEnv('SWITCHBOARD_E2E_TOKEN')}` } },
    });
  }
  const home = requiredEnv('SWITCHBOARD_E2E_HOME');
  const passed = Object.fromEntries(Object.entries(process.env)
    .filter(([name]) => name.startsWith('SWITCHBOARD_') && !name.startsWith('SWITCHBOARD_E2E_')));
  const stdio = new StdioClientTransport({
    command: path.join(home, 'bin', 'switchboard'),
    args: ['serve'],
    env: {
      ...getDefaultEnvironment(),
      ...passed,
      SWITCHBOARD_KERNEL__STATE_DIR: requiredEnv('SWITCHBOARD_E2E_STATE_DIR'),
      SWITCHBOARD_PLUGINS__WORKSPACE__HOME: workspaceHome,
    },
    stderr: 'pipe',
  });
  stdio.stderr.on('data', (chunk) => {
    serverStderr += chunk.toString('utf8');
  });
  return stdio;
}

before(async () => {
  fs.mkdirSync(directory, { recursive: true });
  client = new Client({ name: `switchboard-e2e-ts-postgres-${project}`, version: '1.0.0' });
  await client.connect(transport(), requestOptions);
});

after(async () => {
  await client?.close();
});

test('server_info reports the postgres storage without host, port or user', async () => {
  const info = await ok('server_info', {});
  assert.equal(info.storage.backend, 'postgres', JSON.stringify(info.storage));
  const started = info.plugins.filter((plugin) => plugin.state === 'started').map((plugin) => plugin.id);
  for (const expected of ['storage-postgres', 'handoff', 'workspace']) {
    assert.ok(started.includes(expected), withServerLog(`${expected} not started: ${JSON.stringify(info.plugins)}`));
  }
});

test('a handoff is published, listed, read and its cursor advanced, and a retried publish replays its receipt',
  async () => {
    await ok('frontispice_register_project', { project });
    const publish = {
      project, title: 'Storage decision', summary: 'PostgreSQL for teams', content: 'One shared store.',
      idempotency_key: `${project}-1`,
    };
    const { receipt } = await ok('frontispice_publish_handoff', publish);
    assert.equal(receipt.sequence, 1, JSON.stringify(receipt));
    const retried = await ok('frontispice_publish_handoff', publish);
    assert.equal(retried.receipt.handoff_id, receipt.handoff_id, 'the idempotency key replays the same handoff');

    const { updates } = await ok('frontispice_list_updates', { project, consumer: 'codex' });
    assert.deepEqual(updates.map((update) => [update.title, update.sequence]), [['Storage decision', 1]]);
    const read = await ok('frontispice_read_handoff', { project, handoff_id: receipt.handoff_id });
    assert.equal(read.content, 'One shared store.');

    await ok('frontispice_advance_cursor', { project, consumer: 'codex', through_sequence: 1 });
    const after = await ok('frontispice_list_updates', { project, consumer: 'codex' });
    assert.deepEqual(after.updates, []);
  });

test('a workspace write with a request key lands once, and its retry replays the receipt', async () => {
  const { workspace_id: workspaceId } = await ok('workspace_open', { cwd: project });
  const write = {
    workspace_id: workspaceId, request_key: `${project}-write`, path: 'notes.txt', content: 'hello\n',
    expected_revision: 'missing',
  };
  const written = await ok('write', write);
  const revision = `sha256:${createHash('sha256').update('hello\n').digest('hex')}`;
  assert.equal(written.revision, revision);
  assert.equal(fs.readFileSync(path.join(directory, 'notes.txt'), 'utf8'), 'hello\n');

  const retried = await call('write', write);
  assert.notEqual(retried.isError, true, JSON.stringify(retried));
  assert.equal(retried.structuredContent.replayed, true, JSON.stringify(retried));
  assert.equal(retried.structuredContent.revision, revision);

  const read = await ok('read', { workspace_id: workspaceId, path: 'notes.txt' });
  assert.equal(read.revision, revision);
  await ok('workspace_close', { workspace_id: workspaceId });
});
