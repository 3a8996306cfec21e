#!/usr/bin/env bash
# Writes lib/switchboard.aot: a JDK AOT cache (JEP 483/514, JDK 25+) recorded from one short training run of the
# built distribution (initialize, tools/list, server_info, EOF). Skipped, without failing the build, when the JDK
# the launcher picks has no AOT cache support. The cache is only used with the JDK that wrote it.
set -euo pipefail
dist="$1"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT


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
  trap 'cp "$state/disabled.txt" "$disabled"; rm -rf "$state"' EXIT
  grep -v -x 'workspace' "$state/disabled.txt" > "$disabled" || true
fi
request | SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_AOT_OUTPUT="$dist/lib/switchboard.aot" \
  "$dist/bin/switchboard" serve >/dev/null 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk_home/release" > "$dist/lib/switchboard.aot.jdk"

# The hooks' and status CLI's cache (the launcher gives it to their direct path, ADR 25): one `hook stop` in local
# mode that blocks, on the training store with one unread message for its role, sent by a serve run that records
# nothing. The direct path answers it, so the cache holds that path's classes on its own class path.
rm -f "$dist/lib/switchboard-hook.aot" "$dist/lib/switchboard-hook.aot.jdk"
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"aot-training","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"aot-hook","topic":"t","body":"b"}}}' \
  | SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_PLUGINS__MAILBOX__ROLE=aot-peer \
    "$dist/bin/switchboard" serve >/dev/null 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
printf '%s' '{"hook_event_name":"Stop","stop_hook_active":false}' \
  | SWITCHBOARD_KERNEL__STATE_DIR="$state" SWITCHBOARD_PLUGINS__MAILBOX__ROLE=aot-hook \
    SWITCHBOARD_AOT_OUTPUT="$dist/lib/switchboard-hook.aot" "$dist/bin/switchboard" hook stop \
    >"$state/hook.out" 2>"$state/train.log" || { cat "$state/train.log" >&2; exit 1; }
grep -q '"decision":"block"' "$state/hook.out" \
  || { echo "train-aot: the training hook did not block:" >&2; cat "$state/hook.out" "$state/train.log" >&2; exit 1; }
cp "$dist/lib/switchboard.aot.jdk" "$dist/lib/switchboard-hook.aot.jdk"
# Expanded plugin folders from the training run are recreated from the zips on first start.
find "$dist/plugins" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
echo "train-aot: wrote $dist/lib/switchboard.aot and switchboard-hook.aot for JDK $(cat "$dist/lib/switchboard.aot.jdk")" >&2
