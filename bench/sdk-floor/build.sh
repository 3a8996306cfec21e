#!/usr/bin/env bash
# Builds the SDK floor server (Floor.java) against a Switchboard layout's lib/ jars, with the launcher's JVM options,
# records its AOT cache from one training run, and writes target/run.sh. Usage: bench/sdk-floor/build.sh [layout]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
layout="$(cd "${1:-$here/../../distribution/target/switchboard}" && pwd)"
target="$here/target"
rm -rf "$target" && mkdir -p "$target/classes"
# The JDK the layout's launcher picks (it has the AOT cache support the comparison needs).
jdk="$(SWITCHBOARD_JAVA_OPTS='-XshowSettings:properties' "$layout/bin/switchboard" --version 2>&1 >/dev/null \
  | sed -n 's/^ *java.home = //p' | head -n1)"
cp="$(ls "$layout"/lib/*.jar | LC_ALL=C sort | tr '\n' ':')$target/floor.jar"
"$jdk/bin/javac" -nowarn -d "$target/classes" -cp "$cp" "$here/Floor.java"
"$jdk/bin/jar" cf "$target/floor.jar" -C "$target/classes" .
opts="-Xlog:disable -Xlog:all=warning:stderr -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k"
opts="$opts -Djdk.reflect.useNativeAccessorOnly=true -Dorg.slf4j.simpleLogger.defaultLogLevel=warn"
{ printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"aot-training","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"server_info","arguments":{}}}'
  sleep 3; } | "$jdk/bin/java" $opts -XX:AOTCacheOutput="$target/floor.aot" -cp "$cp" Floor 2500 >/dev/null \
    2>"$target/train.log" || { cat "$target/train.log" >&2; exit 1; }
cat > "$target/run.sh" <<RUN
#!/usr/bin/env bash
exec "$jdk/bin/java" $opts -XX:AOTCache="$target/floor.aot" -cp "$cp" Floor
RUN
chmod +x "$target/run.sh"
echo "sdk-floor: $target/run.sh" >&2
