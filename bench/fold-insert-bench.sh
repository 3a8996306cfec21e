#!/usr/bin/env bash
# The trigram indexes' fold on PostgreSQL 14 to 16 (ADR 73; docs/performance.md, "PostgreSQL"): pgbench's one
# prepared INSERT of a message (a 1 KB body, ASCII or with one non-ASCII letter a line) per transaction into
# mailbox_message, on a store at schema version 4 (V1 to V4) and one at version 5 (V1 to V5), against the same insert
# into a table without the trigram indexes (the floor), in the same rounds. Starts its own cluster from the host's
# PostgreSQL binaries (default /usr/lib/postgresql/15/bin; fsync and synchronous_commit on, their defaults) in a
# temporary directory, as the user `nobody` when run as root, and stops and removes it at the end.
#   bench/fold-insert-bench.sh [--bin /usr/lib/postgresql/15/bin] [--seconds 6] [--rounds 2] [--port 55415]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=/usr/lib/postgresql/15/bin seconds=6 rounds=2 port=55415
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
migrations=plugins/mailbox/src/main/resources/db/migration/mailbox/postgres
work=$(mktemp -d)
chmod 755 "$work"
as=()
if [ "$(id -u)" = 0 ]; then chown nobody "$work"; as=(runuser -u nobody --); fi
"${as[@]}" "$bin/initdb" -A trust -D "$work/data" -E UTF8 --locale=C.UTF-8 -U postgres >/dev/null
"${as[@]}" "$bin/pg_ctl" -D "$work/data" -o "-p $port -k $work -c listen_addresses=''" -l "$work/log" -w start >/dev/null
trap '"${as[@]}" "$bin/pg_ctl" -D "$work/data" -m fast stop >/dev/null; rm -rf "$work"' EXIT
psql=("$bin/psql" -h "$work" -p "$port" -U postgres -v ON_ERROR_STOP=1 -q)
for version in 4 5; do
  "${psql[@]}" -c "CREATE DATABASE v$version"
  for file in $(ls "$migrations" | sort -V | head -n "$version"); do
    "${psql[@]}" -d "v$version" -f "$migrations/$file"
  done
  "${psql[@]}" -d "v$version" -c "INSERT INTO mailbox_channel (name, created_at, next_message_id) VALUES ('local', 'x', 1)" \
    -c "CREATE TABLE floor_row (id BIGSERIAL PRIMARY KEY, body TEXT)"
done
ascii=$(printf 'Lorem ipsum dolor sit amet, consectetur adipiscing elit %.0s' $(seq 18))
other=$(printf 'Lorem ipsum dolor sit amet, consectétur adipiscing elit %.0s' $(seq 18))
printf "INSERT INTO floor_row (body) VALUES ('%s');\n" "$ascii" > "$work/floor.sql"
for kind in ascii other; do
  body=${!kind}
  printf "\\\\set id random(1, 1000000000)\nINSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at) VALUES (1, :id, 'a', 'b', 'Deploy plan', '%s', 'x');\n" \
    "$body" > "$work/$kind.sql"
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for version in 4 5; do
    for script in floor ascii other; do
      tps=$("$bin/pgbench" -h "$work" -p "$port" -U postgres -n -M prepared -T "$seconds" -f "$work/$script.sql" "v$version" \
        | awk '/^tps/ {print $3}')
      printf "round %s  schema v%s  %-5s  %8.1f tps\n" "$round" "$version" "$script" "$tps"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
