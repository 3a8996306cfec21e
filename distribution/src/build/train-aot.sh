#!/usr/bin/env bash
# Writes lib/switchboard.aot (and the hooks' and the attach client's caches below): a JDK AOT cache (JEP 483/514, JDK 25+) recorded from one short training run of the
# built distribution (initialize, tools/list, server_info, EOF). Skipped, without failing the build, when the JDK
# the launcher picks has no AOT cache support. The cache is only used with the JDK that wrote it.
set -euo pipefail
dist="$1"
state="$(mktemp -d)"
server_pid="" shared_pid="" restore=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  [ -z "$shared_pid" ] || kill "$shared_pid" 2>/dev/null || true
  [ -z "$restore" ] || cp "$state/disabled.txt" "$disabled"
  rm -rf "$state"
}
trap cleanup EXIT


request() {
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"aot-training","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"server_info","arguments":{}}}' \
    '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"server_info","arguments":{"x":1}}}' \
    '{"jsonrpc":"2.0","id":5,"method":"ping"}'
  sleep 2
}

# The launcher prints the JDK it chose through a dry run of its own discovery: reuse its logic by asking the JVM.
jdk_home="$(SWITCHBOARD_JAVA_OPTS='-XshowSettings:properties' "$dist/bin/switchboard" --version 2>&1 >/dev/null \
  | sed -n 's/^ *java.home = //p' | head -n1)"
feature="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk_home/release" | head -n1)"
if [ -z "$feature" ] || [ "$feature" -lt 25 ]; then
  echo "train-aot: JDK ${feature:-?} at ${jdk_home:-?} has no AOT cache; skipping" >&2
  exit 0
fi

rm -f "$dist/lib/switchboard.aot" "$dist/lib/switchboard.aot.jdk"
# Train with every production plugin started, so the cache also covers the plugins an operator opts in to: the
# workspace plugin ships disabled; plugins/disabled.txt is restored as it was when training ends.
disabled="$dist/plugins/disabled.txt"
if [ -f "$disabled" ]; then
  cp "$disabled" "$state/disabled.txt"
  restore=1
  grep -v -x 'workspace' "$state/disabled.txt" > "$disabled" || true
fi
request | SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_AOT_OUTPUT="$dist/lib/switchboard.aot" \
  "$dist/bin/switchboard" serve --no-attach >/dev/null 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk_home/release" > "$dist/lib/switchboard.aot.jdk"

# The attach client's cache (ADR 33): a first `serve` starts the shared server of a training state directory and
# leaves at once; the recorded run then attaches to the running server (the common case, whose latency counts), relays
# the same session and leaves; `server stop --all` stops the server. A failure costs only the cache (a warning): the
# client then starts without it.
rm -f "$dist/lib/switchboard-attach.aot" "$dist/lib/switchboard-attach.aot.jdk"
attach_state="$state/a"
if [ -f "$dist/lib/attach/switchboard-attach.jar" ] \
  && SWITCHBOARD_KERNEL__STATE_DIR="$attach_state" "$dist/bin/switchboard" serve </dev/null >/dev/null 2>"$state/attach.log" \
  && request | SWITCHBOARD_KERNEL__STATE_DIR="$attach_state" SWITCHBOARD_AOT_OUTPUT="$dist/lib/switchboard-attach.aot" \
    "$dist/bin/switchboard" serve >/dev/null 2>>"$state/attach.log"; then
  cp "$dist/lib/switchboard.aot.jdk" "$dist/lib/switchboard-attach.aot.jdk"
else
  echo "train-aot: the attach client's training failed; its cache is not written:" >&2
  cat "$state/attach.log" >&2
  rm -f "$dist/lib/switchboard-attach.aot"
fi
SWITCHBOARD_KERNEL__STATE_DIR="$attach_state" "$dist/bin/switchboard" server stop --all >/dev/null 2>&1 || true

# The hooks' and status CLI's cache (the launcher gives it to their direct path, ADR 25): one JVM (HookTraining) that
# answers `hook stop` in local mode, blocking on the training store with one unread message for its role, sent by a
# serve run that records nothing, then in remote mode against `serve --http` on loopback (its own state directory, a
# hosted channel with a role token for the same role; the remote stop passes). The direct path answers both (and a
# shared server the local run first, see below), so the cache holds those paths' classes on their own class path. Without curl, or when the server does not come up, the
# training is local only (a warning): the remote stop then starts slower, nothing else changes.
rm -f "$dist/lib/switchboard-hook.aot" "$dist/lib/switchboard-hook.aot.jdk"
remote_env=()
start_remote() {
  command -v curl > /dev/null || { echo "train-aot: no curl; the hook cache is trained locally only" >&2; return 0; }
  # Ports below Linux's ephemeral range (32768-60999), where an outgoing connection's local port cannot take the one
  # probed; the server may still lose a race for it, so a start that dies is tried again on another port.
  local port="" candidate _ attempt base="" server="$state/server"
  for attempt in 1 2 3; do
    port=""
    for _ in 1 2 3 4 5 6 7 8; do
      candidate=$(( 20000 + RANDOM % 12000 ))
      if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
    done
    [ -n "$port" ] || { echo "train-aot: no free port; the hook cache is trained locally only" >&2; return 0; }
    base="http://127.0.0.1:$port"
    SWITCHBOARD_KERNEL__STATE_DIR="$server" "$dist/bin/switchboard" serve --http --no-attach --host 127.0.0.1 --port "$port" \
      > "$state/server.log" 2>&1 & server_pid=$!
    for _ in $(seq 150); do
      [ -f "$server/owner.token" ] && curl -fs "$base/healthz" > /dev/null && break
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$server_pid" 2>/dev/null && break
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  done
  local owner session="" token
  owner="$(cat "$server/owner.token" 2>/dev/null)" || true
  post() {
    curl -s -H "Authorization: Bearer $owner" -H 'Content-Type: application/json' \
      -H 'Accept: application/json, text/event-stream' ${session:+-H "Mcp-Session-Id: $session"} \
      -D "$state/headers" "$base/mcp" -d "$1"
  }
  post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"aot-training","version":"1"}}}' > /dev/null || true
  session="$(grep -i '^mcp-session-id:' "$state/headers" 2>/dev/null | tr -d '\r' | awk '{print $2}')" || true
  post '{"jsonrpc":"2.0","method":"notifications/initialized"}' > /dev/null || true
  token="$(post '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_channel","arguments":{"name":"aot","roles":["aot-hook","aot-peer"]}}}' \
    | grep -o 'aot-hook[\\"]*:[\\"]*cct_[A-Za-z0-9_-]*' | head -n1 | grep -o 'cct_.*')" || true
  (umask 077; printf '%s\n' "$token" > "$state/role.token")
  if [ -z "$token" ] || ! curl -fs -H "Authorization: Bearer $token" "$base/hook-status" > /dev/null; then
    echo "train-aot: serve --http did not answer /hook-status; the hook cache is trained locally only" >&2
    tail -n 5 "$state/server.log" >&2 || true
    return 0
  fi
  remote_env=(SWITCHBOARD_AOT_TRAINING_URL="$base" SWITCHBOARD_AOT_TRAINING_TOKEN_FILE="$state/role.token")
}
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"aot-training","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"aot-hook","topic":"t","body":"b"}}}' \
  | SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_PLUGINS__MAILBOX__ROLE=aot-peer \
    "$dist/bin/switchboard" serve --no-attach >/dev/null 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
start_remote
# A shared server of the training store (ADR 41): the training's first local run asks it over the attach socket, so the
# cache also holds that path's classes; the second runs the direct path. A server that does not come up leaves both
# runs on the direct path (a warning).
SWITCHBOARD_KERNEL__STATE_DIR="$state" "$dist/bin/switchboard" serve --shared </dev/null >/dev/null 2>"$state/shared.log" &
shared_pid=$!
for _ in $(seq 150); do compgen -G "$state/attach/*.json" > /dev/null && break; sleep 0.1; done
compgen -G "$state/attach/*.json" > /dev/null \
  || { echo "train-aot: no shared server for the hook training; its socket path is not trained:" >&2; cat "$state/shared.log" >&2; }
printf '%s' '{"hook_event_name":"Stop","stop_hook_active":false}' \
  | env "${remote_env[@]}" SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_PLUGINS__MAILBOX__ROLE=aot-hook \
    SWITCHBOARD_AOT_OUTPUT="$dist/lib/switchboard-hook.aot" "$dist/bin/switchboard" hook stop \
    >"$state/hook.out" 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
grep -q '"decision":"block"' "$state/hook.out" \
  || { echo "train-aot: the training hook did not block:" >&2; cat "$state/hook.out" "$state/train.log" >&2; exit 1; }
if grep -q 'switchboard hook' "$state/train.log"; then
  echo "train-aot: the training hooks warned:" >&2; cat "$state/train.log" >&2; exit 1
fi
[ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; }
SWITCHBOARD_KERNEL__STATE_DIR="$state" "$dist/bin/switchboard" server stop --all >/dev/null 2>&1 || true
kill "$shared_pid" 2>/dev/null || true; wait "$shared_pid" 2>/dev/null || true; shared_pid=""
cp "$dist/lib/switchboard.aot.jdk" "$dist/lib/switchboard-hook.aot.jdk"
# Expanded plugin folders from the training run are recreated from the zips on first start.
find "$dist/plugins" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
echo "train-aot: wrote $dist/lib/switchboard.aot, switchboard-hook.aot and switchboard-attach.aot for JDK $(cat "$dist/lib/switchboard.aot.jdk")" >&2
