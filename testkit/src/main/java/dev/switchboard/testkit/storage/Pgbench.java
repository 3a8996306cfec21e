package dev.switchboard.testkit.storage;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's own benchmark client, {@code pgbench}, running one custom statement as each transaction (one row per
 * {@code INSERT}, one commit each: the floor a durable write pays on the server), for benchmarks that compare a
 * storage path with it on the same server. {@code pgbench} is taken from the embedded server's binaries
 * when they have it (zonky's do not), else from the {@code PATH} (any version: the protocol is the same). Immutable;
 * thread-safe (each run is its own process).
 */
public final class Pgbench {

    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+)");

    private final Path executable;

    private Pgbench(Path executable) {
        this.executable = executable;
    }

    /** @return {@code pgbench} from the {@code PATH}, or empty when there is none (the caller says so) */
    public static Optional<Pgbench> find() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "pgbench");
            if (Files.isExecutable(candidate)) {
                return Optional.of(new Pgbench(candidate));
            }
        }
        return Optional.empty();
    }

    /** @return the executable, for the report */
    public Path executable() {
        return executable;
    }

    /**
     * Runs {@code statement} as every transaction of {@code clients} clients (one thread each, prepared statements,
     * no vacuum, no initialisation) for {@code seconds}.
     *
     * @param database  the database, reached over loopback as its user without a password
     * @param statement one SQL statement, such as {@code INSERT INTO t (body) VALUES (repeat('x', 1024))}
     * @param clients   connections at once, 1 or more
     * @param seconds   how long, 1 or more
     * @return the transactions committed in all
     * @throws IOException if {@code pgbench} fails or prints no rate
     * @throws InterruptedException if interrupted while it runs
     */
    public long transactions(TestDatabase database, String statement, int clients, long seconds)
            throws IOException, InterruptedException {
        Path script = Files.createTempFile("pgbench", ".sql");
        try {
            Files.writeString(script, statement + ";\n", StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of(
                    executable.toString(),
                    "-n",
                    "-M",
                    "prepared",
                    "-h",
                    "localhost",
                    "-p",
                    Integer.toString(database.port()),
                    "-U",
                    database.user(),
                    "-c",
                    Integer.toString(clients),
                    "-j",
                    Integer.toString(clients),
                    "-T",
                    Long.toString(seconds),
                    "-f",
                    script.toString(),
                    database.name()));
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(seconds + 60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("pgbench failed: " + output);
            }
            Matcher tps = TPS.matcher(output);
            if (!tps.find()) {
                throw new IOException("pgbench printed no rate: " + output);
            }
            return Math.round(Double.parseDouble(tps.group(1)) * seconds);
        } finally {
            Files.deleteIfExists(script);
        }
    }
}
