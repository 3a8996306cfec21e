package dev.switchboard.plugin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bash command of a server killed with SIGKILL keeps running, re-parented; the next start on the same
 * state directory finds it, kills it before its side effects, and records that in the command's receipt.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OrphanedCommandTest {

    private static final String SLEEP = "300.5151";

    @TempDir
    Path state;

    @TempDir
    Path home;

    @Test
    @DisplayName("after SIGKILL of the server, the next start kills its running bash and records it")
    void theNextStartKillsACommandLeftByAKilledServer() throws Exception {
        Path started = home.resolve("started");
        Path finished = home.resolve("finished");
        Process server = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        CommandServerProcess.class.getName(),
                        state.toString(),
                        home.toString(),
                        "touch started; sleep " + SLEEP + "; touch finished")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            await(() -> Files.exists(started) && running(), "the command started");
            server.toHandle().destroyForcibly();
            server.waitFor();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
            assertThat(running()).as("the command outlives the killed server").isTrue();

            try (WorkspaceHarness next = new WorkspaceHarness(state, home)) {
                next.lifecycle().start();
                try {
                    await(() -> !running(), "the next start killed the command");
                    await(() -> orphansNote() != null, "the receipt records the kill");
                } finally {
                    next.lifecycle().stop();
                }
            }

            assertThat(column("status")).isEqualTo("failed");
            assertThat(column("code")).isEqualTo("COMMAND_CANCELLED");
            assertThat(orphansNote()).startsWith("killed at ").contains("by the next start: pids [");
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
            assertThat(finished)
                    .as("the side effect after the sleep never happens")
                    .doesNotExist();
        } finally {
            server.toHandle().destroyForcibly();
            ProcessHandle.allProcesses()
                    .filter(OrphanedCommandTest::isTheSleep)
                    .forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static boolean running() {
        return ProcessHandle.allProcesses().anyMatch(OrphanedCommandTest::isTheSleep);
    }

    private static boolean isTheSleep(ProcessHandle handle) {
        return handle.isAlive()
                && handle.info()
                        .arguments()
                        .map(a -> Arrays.asList(a).contains(SLEEP))
                        .orElse(false);
    }

    private String orphansNote() throws Exception {
        return column("orphans_killed");
    }

    private String column(String name) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + state.resolve("switchboard.db"));
                Statement statement = connection.createStatement();
                ResultSet rows =
                        statement.executeQuery("SELECT " + name + " FROM workspace_receipt WHERE tool = 'bash'")) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(Condition condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.holds()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
