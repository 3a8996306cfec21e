package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * The testkit's embedded PostgreSQL for a benchmark script ({@code bench/hook-bench.sh}): starts the server
 * ({@link TestPostgres}), creates one new database, writes {@link TestDatabase#environment()} as {@code KEY=VALUE}
 * lines to the file its one argument names (whole, by a rename: the file appears when the server is ready), and runs
 * until the process is ended (SIGTERM), when the server stops and its data directory is deleted. The server runs as in
 * tests ({@code fsync} off): fit for measuring reads, not durable commits.
 */
public final class TestPostgresMain {

    private TestPostgresMain() {}

    /**
     * @param args the file to write the environment to
     * @throws IOException          if the file cannot be written
     * @throws InterruptedException never in practice: the main thread waits until the process ends
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: TestPostgresMain <environment file>");
        }
        Path file = Path.of(args[0]).toAbsolutePath();
        TestDatabase database = TestPostgres.database();
        List<String> lines = new ArrayList<>();
        Map<String, String> environment = new TreeMap<>(database.environment());
        environment.forEach((name, value) -> lines.add(name + "=" + value));
        Path written = Files.createTempFile(file.getParent(), "env", ".tmp");
        Files.write(written, lines, StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        new CountDownLatch(1).await();
    }
}
