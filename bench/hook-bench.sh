#!/usr/bin/env bash
# The stop hook's start-up (issue 15; docs/performance.md, "Hooks and the status CLI"): `switchboard hook stop` in
# local mode on a store with one unread message (the hook blocks), and in remote mode against `serve --http` on
# loopback, measured in the same run, taking turns, against /bin/true and a bare `java -version` with the launcher's
# JVM options (and its AOT cache when the layout has one for this JDK). Prints the p50 and p90 wall times in ms.
#   bench/hook-bench.sh [--runs 21] [--layout distribution/target/switchboard]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=21 layout=distribution/target/switchboard
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --layout) layout="$2"; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--layout DIR]" >&2; exit 2 ;;
  esac
done
jdk="${SWITCHBOARD_JAVA_HOME:-${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}"
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp -r "$layout" "$work/sb"
export SWITCHBOARD_JAVA_HOME="$jdk" SWITCHBOARD_KERNEL__STATE_DIR="$work/state"
sb="$work/sb/bin/switchboard"

# A store with one message for 'bench' (from 'peer'), sent through a stdio session.
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"bench","topic":"t","body":"b"}}}' \
  | SWITCHBOARD_PLUGINS__MAILBOX__ROLE=peer "$sb" serve > /dev/null 2>&1 || true

# The same JVM options as bin/switchboard (keep in step with it), for the bare `java -version`.
opts=(-Xlog:disable -Xlog:all=warning:stderr -Xlog:aot=off -Xlog:cds=off -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
      -Xss512k -Djdk.reflect.useNativeAccessorOnly=true --enable-native-access=ALL-UNNAMED)
aot="$work/sb/lib/switchboard.aot"
[ -f "$aot" ] && opts+=("-XX:AOTCache=$aot")

now() { date +%s%N; }
declare -A times
measure() { # name command...
  local start end
  start=$(now); "${@:2}" < <(printf '{"hook_event_name":"Stop","stop_hook_active":false}') > /dev/null 2>&1 || true
  end=$(now); times[$1]+="$(( (end - start) / 1000000 )) "
}
remote_hook() {
  AI_AGENT_CHANNEL_URL="http://127.0.0.1:$port" AI_AGENT_CHANNEL_TOKEN_FILE="$work/role.token" "$sb" hook stop
}

# Remote mode: serve --http on a free port, a channel with a role token for 'bench'.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$sb" serve --http --port "$port" > "$work/server.log" 2>&1 & server_pid=$!
for _ in $(seq 100); do [ -f "$work/state/owner.token" ] && curl -s "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done
owner=$(cat "$work/state/owner.token")
post() { curl -s -H "Authorization: Bearer $owner" -H 'Content-Type: application/json' \
  -H 'Accept: application/json, text/event-stream' ${session:+-H "Mcp-Session-Id: $session"} -D "$work/headers" \
  "http://127.0.0.1:$port/mcp" -d "$1"; }
session=""
post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' > /dev/null
session=$(grep -i '^mcp-session-id:' "$work/headers" | tr -d '\r' | awk '{print $2}')
post '{"jsonrpc":"2.0","method":"notifications/initialized"}' > /dev/null
token=$(post '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_channel","arguments":{"name":"bench","roles":["bench","peer"]}}}' \
  | grep -o 'cct_[A-Za-z0-9_-]*' | head -1)
(umask 077; printf '%s\n' "$token" > "$work/role.token")

for _ in $(seq "$runs"); do
  measure true /bin/true
  measure java-version "$jdk/bin/java" "${opts[@]}" -version
  measure hook-local env SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop
  measure hook-remote remote_hook
done
printf '%-14s %6s %6s   (ms, %s runs each, taking turns)\n' command p50 p90 "$runs"
for name in true java-version hook-local hook-remote; do
  sorted=($(tr ' ' '\n' <<< "${times[$name]}" | grep . | sort -n))
  n=${#sorted[@]}
  printf '%-14s %6s %6s\n' "$name" "${sorted[$((n / 2))]}" "${sorted[$((n * 9 / 10))]}"
done
# A sanity check that the hooks really decided (block) rather than failed fast.
echo '{"stop_hook_active":false}' | SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop | grep -q '"decision":"block"' \
  || echo "warning: the local hook did not block; the numbers above are not a real decision" >&2
echo '{"stop_hook_active":false}' | remote_hook 2>&1 | head -2
