// Drives the workspace plugin of the built Switchboard distribution with the official MCP TypeScript SDK client over
// stdio: open, read, write, bash with request keys, and MCP cancellation of a running command (spec §3B, 60).
// Run by WorkspaceTypeScriptClientIT (or by hand) with:
//   SWITCHBOARD_E2E_HOME=<a copy of target/switchboard> SWITCHBOARD_E2E_STATE_DIR=<an empty dir> \
//   SWITCHBOARD_E2E_WORKSPACE_HOME=<an empty dir> node --test workspace-client.test.mjs
// Optional: SWITCHBOARD_JAVA_HOME selects the JDK the launcher runs (the SDK passes only a few variables on).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';

const home = requiredEnv('SWITCHBOARD_E2E_HOME');
const stateDir = requiredEnv('SWITCHBOARD_E2E_STATE_DIR');
const workspaceHome = fs.realpathSync(requiredEnv('SWITCHBOARD_E2E_WORKSPACE_HOME'));
const project = path.join(workspaceHome, 'project');
const requestOptions = { timeout: 20_000 };
const WAIT_MS = 20_000;

// The workspace's committed tool catalog, handed over by WorkspaceTypeScriptClientIT.
const WORKSPACE_TOOLS = requiredEnv('SWITCHBOARD_E2E_WORKSPACE_TOOLS').split(',');

let client;
let serverStderr = '';
let workspaceId;

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} must be set (see the comment at the top of this file)`);
  }
  return value;
}

function withServerLog(message) {
  return `${message}\n--- server stderr ---\n${serverStderr}`;
}

function revisionOf(bytes) {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

function text(result) {
  return result.content.filter((block) => block.type === 'text').map((block) => block.text).join('\n');
}

async function call(name, args, options = requestOptions) {
  return client.callTool({ name, arguments: args }, undefined, options);
}

async function ok(name, args) {
  const result = await call(name, args);
  assert.notEqual(result.isError, true, withServerLog(`${name}: ${JSON.stringify(result)}`));
  return result;
}

// Alive as `kill -0` sees it, except that a zombie (exited, not yet reaped) counts as dead.
function alive(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function until(what, condition) {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) {
      assert.fail(withServerLog(`timed out waiting for ${what}`));
    }
    await sleep(20);
  }
}

async function awaitPid(file) {
  let pid;
  await until(`a pid in ${file}`, () => {
    const content = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
    pid = /^\d+$/.test(content) ? Number(content) : undefined;
    return pid !== undefined;
  });
  return pid;
}

before(async () => {
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'notes.txt'), 'first line\nsecond line\n');
  const transport = new StdioClientTransport({
    command: path.join(home, 'bin', 'switchboard'),
    args: ['serve'],
    env: {
      ...getDefaultEnvironment(),
      SWITCHBOARD_KERNEL__STATE_DIR: stateDir,
      SWITCHBOARD_PLUGINS__WORKSPACE__HOME: workspaceHome,
      ...(process.env.SWITCHBOARD_JAVA_HOME ? { SWITCHBOARD_JAVA_HOME: process.env.SWITCHBOARD_JAVA_HOME } : {}),
      // the test's installation serves in-process unless the test asks for attaching (no shared server left behind)
      ...(process.env.SWITCHBOARD_KERNEL__ATTACH
        ? { SWITCHBOARD_KERNEL__ATTACH: process.env.SWITCHBOARD_KERNEL__ATTACH } : {}),
    },
    stderr: 'pipe',
  });
  transport.stderr.on('data', (chunk) => {
    serverStderr += chunk.toString('utf8');
  });
  client = new Client({ name: 'switchboard-e2e-ts-workspace', version: '1.0.0' });
  await client.connect(transport, requestOptions);
  workspaceId = (await ok('workspace_open', { cwd: 'project' })).structuredContent.workspace_id;
});

after(async () => {
  await client?.close();
});

test('tools/list offers the tools of the workspace catalog', async () => {
  const { tools } = await client.listTools(undefined, requestOptions);
  const names = tools.map((tool) => tool.name);
  for (const expected of WORKSPACE_TOOLS) {
    assert.ok(names.includes(expected), withServerLog(`${expected} missing from ${names}`));
  }
});

test('workspace_open resolves a relative cwd from the configured home', async () => {
  const opened = await ok('workspace_open', { cwd: 'project' });
  assert.match(opened.structuredContent.workspace_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.equal(opened.structuredContent.cwd, project);
  assert.equal(opened.structuredContent.models_for_tools, false);
  assert.equal(opened.structuredContent.output, text(opened));
});

test('read returns the text, the revision of the whole file, and the text again as output', async () => {
  const read = await ok('read', { workspace_id: workspaceId, path: 'notes.txt' });
  assert.match(text(read), /second line/);
  assert.equal(read.structuredContent.revision, revisionOf(fs.readFileSync(path.join(project, 'notes.txt'))));
  assert.equal(read.structuredContent.output, text(read));
});

test('write creates with "missing", replaces with the current revision, and refuses a stale one', async () => {
  const file = path.join(project, 'written.txt');
  const created = await ok('write', {
    workspace_id: workspaceId, request_key: 'ts-write-1', path: 'written.txt', content: 'one\n',
    expected_revision: 'missing',
  });
  assert.equal(created.structuredContent.revision, revisionOf(Buffer.from('one\n')));
  const replaced = await ok('write', {
    workspace_id: workspaceId, request_key: 'ts-write-2', path: 'written.txt', content: 'two\n',
    expected_revision: created.structuredContent.revision,
  });
  assert.equal(fs.readFileSync(file, 'utf8'), 'two\n');
  assert.equal(replaced.structuredContent.output, text(replaced));

  const stale = await call('write', {
    workspace_id: workspaceId, request_key: 'ts-write-3', path: 'written.txt', content: 'three\n',
    expected_revision: created.structuredContent.revision,
  });
  assert.equal(stale.isError, true, JSON.stringify(stale));
  assert.equal(stale.structuredContent.code, 'REVISION_CONFLICT');
  assert.equal(stale.structuredContent.output, text(stale));
  assert.equal(fs.readFileSync(file, 'utf8'), 'two\n');
});

test('bash runs once per request key, and a retry replays the first outcome', async () => {
  const args = {
    workspace_id: workspaceId, request_key: 'ts-bash-1', command: 'printf x >> ../ts-counter; echo ran once',
  };
  const first = await ok('bash', args);
  const retry = await ok('bash', args);
  assert.equal(first.structuredContent.exit_code, 0);
  assert.match(text(first), /ran once/);
  assert.equal(first.structuredContent.output, text(first));
  assert.equal(retry.structuredContent.replayed, true);
  assert.equal(text(retry), text(first));
  assert.equal(fs.readFileSync(path.join(workspaceHome, 'ts-counter'), 'utf8'), 'x');
});

test('60: cancelling a running bash kills it; the retry is COMMAND_CANCELLED and never runs it', async () => {
  const pidFile = path.join(workspaceHome, 'pid-60');
  const gate = path.join(workspaceHome, 'gate-60');
  const marker = path.join(workspaceHome, 'marker-60');
  const args = {
    workspace_id: workspaceId,
    request_key: 'ts-cancel-60',
    // Waits for the test's gate instead of a fixed sleep, so that the check below does not depend on timing.
    command: 'echo $$ > ../pid-60; while [ ! -f ../gate-60 ]; do sleep 0.1; done; touch ../marker-60',
  };
  const controller = new AbortController();
  const running = call('bash', args, { signal: controller.signal, timeout: 60_000 });
  const pid = await awaitPid(pidFile);

  controller.abort(new Error('the test cancels the command'));
  await assert.rejects(running);
  await until(`command process ${pid} to die after the cancellation`, () => !alive(pid));

  const retry = await call('bash', args);
  assert.equal(retry.isError, true, JSON.stringify(retry));
  assert.equal(retry.structuredContent.code, 'COMMAND_CANCELLED', withServerLog(JSON.stringify(retry)));
  assert.equal(retry.structuredContent.details.replayed, true, JSON.stringify(retry));
  assert.equal(retry.structuredContent.output, text(retry));

  // A command still running, or run again by the retry, would now get through the gate and write the marker.
  fs.writeFileSync(gate, '');
  await sleep(1_000);
  assert.equal(fs.existsSync(marker), false, 'the cancelled command must not run to its end');
  assert.equal(fs.readFileSync(pidFile, 'utf8').trim(), String(pid), 'the retry must not start the command');
});
