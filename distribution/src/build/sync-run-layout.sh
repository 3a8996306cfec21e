#!/usr/bin/env bash
# sync-run-layout.sh BUILT RUN: refreshes the run layout RUN (what `./dev run` serves, .dev/switchboard) from the
# distribution just built at BUILT (distribution/target/switchboard, which every build rewrites), keeping what its
# user changed there:
#   replaced from the build:  bin/, lib/ (with the AOT cache), the bundled plugin zips (their expanded directories are
#                             removed, so PF4J expands the new ones)
#   kept once created:        config/application.yaml, config/logging.properties, plugins/disabled.txt and
#                             plugins/enabled.txt (so `switchboard plugins enable workspace` and configuration edits
#                             survive), and plugin zips the user dropped into plugins/
#   written beside them:      config/application.yaml.dist and config/logging.properties.dist, the build's versions,
#                             to compare with after an upgrade
# A plugin id the build newly ships disabled is appended to the kept disabled.txt, so a new build never enables what
# it ships disabled. What the last sync copied is recorded in RUN/.sync/.
set -euo pipefail
if [ $# -ne 2 ]; then echo "usage: sync-run-layout.sh BUILT RUN" >&2; exit 2; fi
built="$1"
run="$2"
if [ ! -x "$built/bin/switchboard" ]; then echo "sync-run-layout: no built distribution at $built" >&2; exit 1; fi
mkdir -p "$run/config" "$run/plugins" "$run/.sync"
touch "$run/.sync/bundled-zips" "$run/.sync/shipped-disabled"

rm -rf "$run/bin" "$run/lib"
cp -a "$built/bin" "$built/lib" "$run/"

# The zips the previous sync bundled go, with the directories PF4J expanded them into; the user's own stay.
while IFS= read -r zip; do
  [ -n "$zip" ] || continue
  rm -rf "$run/plugins/${zip%.zip}" "$run/plugins/$zip"
done < "$run/.sync/bundled-zips"
: > "$run/.sync/bundled-zips.new"
for zip in "$built"/plugins/*.zip; do
  [ -e "$zip" ] || continue
  name="$(basename "$zip")"
  rm -rf "$run/plugins/${name%.zip}"
  cp -a "$zip" "$run/plugins/$name"
  echo "$name" >> "$run/.sync/bundled-zips.new"
done
mv "$run/.sync/bundled-zips.new" "$run/.sync/bundled-zips"

for file in config/application.yaml config/logging.properties plugins/disabled.txt plugins/enabled.txt; do
  if [ -e "$built/$file" ] && [ ! -e "$run/$file" ]; then cp -a "$built/$file" "$run/$file"; fi
done
for file in config/application.yaml config/logging.properties; do
  if [ -e "$built/$file" ]; then cp -a "$built/$file" "$run/$file.dist"; fi
done

# Ids the build ships disabled that no earlier sync saw: disabled in the kept list too.
shipped="$(grep -v '^[[:space:]]*#' "$built/plugins/disabled.txt" 2>/dev/null | sed 's/[[:space:]]//g' | grep -v '^$' || true)"
for id in $shipped; do
  if ! grep -qx "$id" "$run/.sync/shipped-disabled" && ! grep -qx "$id" "$run/plugins/disabled.txt"; then
    echo "$id" >> "$run/plugins/disabled.txt"
  fi
done
printf '%s\n' $shipped > "$run/.sync/shipped-disabled"
