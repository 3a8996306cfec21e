package dev.switchboard.testkit.storage;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * The testkit's embedded PostgreSQL for a benchmark script ({@code bench/hook-bench.sh}): starts the server
 * ({@link TestPostgres}), creates one new database, prints {@link TestDatabase#environment()} as {@code KEY=VALUE}
 * lines on standard output (the environment that points {@code bin/switchboard} at it), and runs until the process is
 * ended (SIGTERM), when the server stops and its data directory is deleted. The server runs as in tests
 * ({@code fsync} off): fit for measuring reads, not durable commits.
 */
public final class TestPostgresMain {

    private TestPostgresMain() {}

    /**
     * @param args none
     * @throws InterruptedException never in practice: the main thread waits until the process ends
     */
    public static void main(String[] args) throws InterruptedException {
        TestDatabase database = TestPostgres.database();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Map<String, String> environment = new TreeMap<>(database.environment());
        environment.forEach((name, value) -> out.println(name + "=" + value));
        out.flush();
        new CountDownLatch(1).await();
    }
}
