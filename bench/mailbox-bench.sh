#!/usr/bin/env bash
# The mailbox's benchmarks (docs/performance.md, "Mailbox: channel_status, send_message, wait_for_mail"):
# channel_status with 10,000 open obligations, send_message per second against the raw commit rate, and
# wait_for_mail wake latency, on SQLite and PostgreSQL. The harness is MailboxBenchmark in the mailbox plugin's test
# sources, compiled by plugins/mailbox-tests (it drives the plugin through the kernel's invoker with the testkit's
# storage); this script builds what it needs and runs it. Options are system properties, passed through:
#   bench/mailbox-bench.sh [-Dbench.parts=status,send,wake] [-Dbench.backends=sqlite,postgres] [-Dbench.debts=10000]
#                          [-Dbench.calls=200] [-Dbench.seconds=5] [-Dbench.warmUpSeconds=3] [-Dbench.rounds=30]
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
mvn -B -ntp -q install -pl plugins/mailbox-tests -am -DskipTests
exec mvn -B -ntp -q -pl plugins/mailbox-tests test-compile exec:java -Dexec.classpathScope=test \
    -Dexec.mainClass=dev.switchboard.plugin.mailbox.bench.MailboxBenchmark "$@"
