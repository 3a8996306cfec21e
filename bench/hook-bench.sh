#!/usr/bin/env bash
# The stop hook's start-up (docs/performance.md, "Hooks and the status CLI"): `switchboard hook stop` in
# local mode on a store with one unread message (the hook blocks), and in remote mode against `serve --http` on
# loopback, measured in the same run, taking turns, against /bin/true and a bare `java -version` with the launcher's
# JVM options (and its AOT cache when the layout has one for this JDK). Prints the p50 and p90 wall times and the p50
# CPU time (user+sys) in ms, and the p50 of the CPU the `serve --http` (the shared server) spent meanwhile. --baseline
# DIR adds a second layout's hooks (a build before a change) to the same turns, against the same store and server. The `serve --http` also serves the attach socket (ADR 32), so it is the running
# shared server that hooks ask (ADR 41): hook-local and hook-remote run the direct path (SWITCHBOARD_KERNEL__ATTACH=false,
# as with no server running), hook-shared and hook-remote-shared ask the server over the socket, in the same turns.
# PostgreSQL (ADR 65), in the same turns: the testkit's embedded PostgreSQL (TestPostgresMain, from
# testkit/target/classes: build the reactor first) holds a second store with the same message; hook-pg runs the
# direct path on it (one connection), hook-pg-full the full path (a copy of the layout whose plugins/enabled.txt
# lists every plugin, which sends hooks to the full path, as every PostgreSQL hook ran before ADR 65). --no-postgres
# leaves them out.
#   bench/hook-bench.sh [--runs 21] [--layout distribution/target/switchboard] [--baseline DIR] [--no-postgres]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=21 layout=distribution/target/switchboard baseline="" postgres=true
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --layout) layout="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --no-postgres) postgres=false; shift ;;
    *) echo "usage: $0 [--runs N] [--layout DIR] [--baseline DIR] [--no-postgres]" >&2; exit 2 ;;
  esac
done
jdk="${SWITCHBOARD_JAVA_HOME:-${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}"
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" "${pg_pid:-0}" 2>/dev/null || true; wait "${pg_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp -r "$layout" "$work/sb"
[ -z "$baseline" ] || cp -r "$baseline" "$work/base"
export SWITCHBOARD_JAVA_HOME="$jdk" SWITCHBOARD_KERNEL__STATE_DIR="$work/state"
sb="$work/sb/bin/switchboard"

# A store with one message for 'bench' (from 'peer'), sent through a stdio session.
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"bench","topic":"t","body":"b"}}}' \
  | SWITCHBOARD_PLUGINS__MAILBOX__ROLE=peer "$sb" serve --no-attach > /dev/null 2>&1 || true

if [ "$postgres" = true ]; then
  # The same store on the testkit's embedded PostgreSQL: its environment (KEY=VALUE lines) points bin/switchboard at it.
  mvn -B -ntp -o -q -pl testkit dependency:build-classpath -Dmdep.outputFile="$work/testkit.cp" -Dmdep.includeScope=runtime
  "$jdk/bin/java" -cp "testkit/target/classes:$(cat "$work/testkit.cp")" dev.switchboard.testkit.storage.TestPostgresMain \
    "$work/pg.env" > "$work/pg.log" 2>&1 & pg_pid=$!
  for _ in $(seq 300); do [ -f "$work/pg.env" ] && break; sleep 0.2; done
  grep -q '^SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__USER=' "$work/pg.env" 2>/dev/null \
    || { echo "the embedded PostgreSQL did not start:" >&2; cat "$work/pg.log" >&2; exit 1; }
  mapfile -t pg_env < "$work/pg.env"
  pg_env=(env "${pg_env[@]}" SWITCHBOARD_KERNEL__STATE_DIR="$work/pg-state")
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"bench","topic":"t","body":"b"}}}' \
    | "${pg_env[@]}" SWITCHBOARD_PLUGINS__MAILBOX__ROLE=peer "$sb" serve --no-attach > /dev/null 2>&1 || true
  # The full path, as every hook on PostgreSQL ran before ADR 65: plugins/enabled.txt (all of them) sends hooks there.
  cp -r "$work/sb" "$work/sb-full"
  for zip in "$work/sb-full"/plugins/plugin-*.zip; do basename "$zip" .zip | sed 's/^plugin-//'; done \
    > "$work/sb-full/plugins/enabled.txt"
fi

# The same JVM options as bin/switchboard (keep in step with it), for the bare `java -version`.
opts=(-Xlog:disable -Xlog:all=warning:stderr -Xlog:aot=off -Xlog:cds=off -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
      -Xss512k -Djdk.reflect.useNativeAccessorOnly=true --enable-native-access=ALL-UNNAMED)
aot="$work/sb/lib/switchboard.aot"
[ -f "$work/sb/lib/switchboard-hook.aot" ] && aot="$work/sb/lib/switchboard-hook.aot"   # what the launcher picks for hook
[ -f "$aot" ] && opts+=("-XX:AOTCache=$aot")

now() { date +%s%N; }
declare -A times cpus server_cpus
tick_ms=$(( 1000 / $(getconf CLK_TCK) ))
server_cpu() { # the server's user+sys CPU so far, in ms (0 before it runs)
  if [ -n "${server_pid:-}" ] && [ -r "/proc/$server_pid/stat" ]; then
    awk -v t="$tick_ms" '{ sub(/^.*\) /, ""); print ($12 + $13) * t }' "/proc/$server_pid/stat"
  else echo 0; fi
}
measure() { # name command...: wall ms, and the process's CPU (user+sys, ms) through GNU time, which a loaded host
  local start end cpu served                 # inflates far less than the wall time; and what the server spent meanwhile
  rm -f "$work/state"/.stop-hook-* "$work/pg-state"/.stop-hook-*   # every run a first attempt (a repeat passes)
  served=$(server_cpu)
  start=$(now)
  /usr/bin/time -f '%U %S' -o "$work/cpu" "${@:2}" < <(printf '{"hook_event_name":"Stop","stop_hook_active":false}') \
    > /dev/null 2>&1 || true
  end=$(now); times[$1]+="$(( (end - start) / 1000000 )) "
  cpu=$(awk 'END {printf "%d", ($1 + $2) * 1000}' "$work/cpu"); cpus[$1]+="$cpu "
  server_cpus[$1]+="$(( $(server_cpu) - served )) "
}
remote_hook() { # [layout's launcher]
  "${remote_env[@]}" SWITCHBOARD_KERNEL__ATTACH=false "${1:-$sb}" hook stop
}

# Remote mode: serve --http on a free port, a channel with a role token for 'bench'.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# A command rather than a shell function: GNU time runs commands only.
remote_env=(env AI_AGENT_CHANNEL_URL="http://127.0.0.1:$port" AI_AGENT_CHANNEL_TOKEN_FILE="$work/role.token")
"$sb" serve --http --port "$port" > "$work/server.log" 2>&1 & server_pid=$!
for _ in $(seq 100); do [ -f "$work/state/owner.token" ] && curl -s "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done
compgen -G "$work/state/attach/*.sock" > /dev/null || echo "warning: serve --http serves no attach socket; hook-shared is the direct path" >&2
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
  measure hook-local env SWITCHBOARD_KERNEL__ATTACH=false SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop
  measure hook-shared env SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop
  measure hook-remote "${remote_env[@]}" SWITCHBOARD_KERNEL__ATTACH=false "$sb" hook stop
  measure hook-remote-shared "${remote_env[@]}" "$sb" hook stop
  if [ "$postgres" = true ]; then
    measure hook-pg "${pg_env[@]}" SWITCHBOARD_KERNEL__ATTACH=false SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop
    measure hook-pg-full "${pg_env[@]}" SWITCHBOARD_KERNEL__ATTACH=false SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench \
      "$work/sb-full/bin/switchboard" hook stop
  fi
  if [ -n "$baseline" ]; then
    measure base-local env SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$work/base/bin/switchboard" hook stop
    measure base-remote "${remote_env[@]}" "$work/base/bin/switchboard" hook stop
  fi
done
percentile() { # list per-mille
  local sorted=($(tr ' ' '\n' <<< "$1" | grep . | sort -n))
  echo "${sorted[$(( ${#sorted[@]} * $2 / 1000 ))]}"
}
printf '%-18s %6s %6s %6s %8s %11s   (ms, %s runs each, taking turns; cpu = user+sys; server = the serve --http\n' \
  command p50 p90 max cpu-p50 server-cpu-p50 "$runs"
printf '%18s (the shared server) meanwhile, in clock ticks of %s ms; load %s)\n' '' "$tick_ms" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
names=(true java-version hook-local hook-shared hook-remote hook-remote-shared)
[ "$postgres" = false ] || names+=(hook-pg hook-pg-full)
[ -z "$baseline" ] || names+=(base-local base-remote)
for name in "${names[@]}"; do
  printf '%-18s %6s %6s %6s %8s %11s\n' "$name" "$(percentile "${times[$name]}" 500)" "$(percentile "${times[$name]}" 900)" \
    "$(percentile "${times[$name]}" 999)" "$(percentile "${cpus[$name]}" 500)" "$(percentile "${server_cpus[$name]}" 500)"
done
# A sanity check that the hooks really decided (block) rather than failed fast.
rm -f "$work/state"/.stop-hook-*
for attach in false true; do
  rm -f "$work/state"/.stop-hook-*
  echo '{"stop_hook_active":false}' | SWITCHBOARD_KERNEL__ATTACH=$attach SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench "$sb" hook stop \
    | grep -q '"decision":"block"' \
    || echo "warning: the local hook (attach $attach) did not block; the numbers above are not a real decision" >&2
done
if [ "$postgres" = true ]; then
  for layout_dir in "$work/sb" "$work/sb-full"; do
    rm -f "$work/pg-state"/.stop-hook-*
    echo '{"stop_hook_active":false}' | "${pg_env[@]}" SWITCHBOARD_KERNEL__ATTACH=false SWITCHBOARD_PLUGINS__MAILBOX__ROLE=bench \
      "$layout_dir/bin/switchboard" hook stop | grep -q '"decision":"block"' \
      || echo "warning: the PostgreSQL hook ($layout_dir) did not block; its numbers are not a real decision" >&2
  done
fi
"$sb" server status --json | grep -o '"commands_answered": *[0-9]*' | sed 's/^/shared server: /' || true
echo '{"stop_hook_active":false}' | remote_hook 2>&1 | head -2
# A remote stop that cannot reach the server passes silently, as one that finds nothing: status tells them apart.
remote_status=0
"${remote_env[@]}" "$sb" status > /dev/null 2>"$work/status.err" || remote_status=$?
[ "$remote_status" != 2 ] || { echo "warning: remote status failed; the remote numbers are not a real request:" >&2
  cat "$work/status.err" >&2; }
