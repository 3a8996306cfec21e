import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * The durable-commit floor of the team benchmark: one process committing single-row transactions (a 200-byte text)
 * to a SQLite file in WAL mode with synchronous FULL, as fast as it can for the given seconds, through plain
 * sqlite-jdbc. Run several at once on one file for the multi-process floor. Prints "commits=N seconds=S".
 * Usage: java -cp sqlite-jdbc.jar RawCommits.java FILE SECONDS [ROW_BYTES, default 200]
 */
public final class RawCommits {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        double seconds = Double.parseDouble(args[1]);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=FULL");
                s.execute("PRAGMA busy_timeout=10000");
                s.execute("CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
            }
            c.setAutoCommit(true);
            String body = "x".repeat(args.length > 2 ? Integer.parseInt(args[2]) : 200);
            // Start together: the driver wrote a start time into the environment.
            long startAt = Long.parseLong(System.getenv().getOrDefault("RAW_START_AT_MS", "0"));
            while (System.currentTimeMillis() < startAt) {
                Thread.sleep(1);
            }
            long end = System.nanoTime() + (long) (seconds * 1e9);
            long n = 0;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t(body) VALUES (?)")) {
                while (System.nanoTime() < end) {
                    p.setString(1, body);
                    p.executeUpdate();
                    n++;
                }
            }
            System.out.println("commits=" + n + " seconds=" + seconds);
        }
    }
}
