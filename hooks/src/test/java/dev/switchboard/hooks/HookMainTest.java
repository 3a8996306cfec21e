package dev.switchboard.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.cli.Console;

/**
 * The direct main on a real installation directory: it answers what it can and exits {@value HookMain#FULL_PATH},
 * printing nothing, for what the full path must answer.
 */
class HookMainTest {

    @TempDir
    Path home;

    private String previousHome;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void installation() throws IOException {
        Files.createDirectories(home.resolve("plugins"));
        Files.writeString(home.resolve("plugins/plugin-mailbox.zip"), "zip");
        previousHome = System.getProperty("switchboard.home");
        System.setProperty("switchboard.home", home.toString());
    }

    @AfterEach
    void restore() {
        if (previousHome == null) {
            System.clearProperty("switchboard.home");
        } else {
            System.setProperty("switchboard.home", previousHome);
        }
    }

    private int run(String yaml, String... args) throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "kernel:\n  state-dir: " + home.resolve("state") + "\n" + yaml);
        Console console = new Console(
                new PrintWriter(out, true), new PrintWriter(err, true), new ByteArrayInputStream(new byte[0]));
        return HookMain.run(args, console);
    }

    @Test
    void aSessionStartNeedsNoStoreAndIsAnsweredDirectly() throws IOException {
        int status = run("plugins:\n  mailbox:\n    role: backend\n", "hook", "session-start");

        assertThat(status).isZero();
        assertThat(out.toString()).contains("backend");
    }

    @Test
    void aStoreThatDoesNotExistYetGoesToTheFullPathWithNothingPrinted() throws IOException {
        int status = run("plugins:\n  mailbox:\n    role: backend\n", "status");

        assertThat(status).isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
        assertThat(home.resolve("state/switchboard.db")).doesNotExist();
    }

    @Test
    void aStoreAServerWithoutTheMailboxUsedGoesToTheFullPathWithNothingPrinted() throws IOException, SQLException {
        Files.createDirectories(home.resolve("state"));
        try (Connection connection =
                        DriverManager.getConnection("jdbc:sqlite:" + home.resolve("state/switchboard.db"));
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE switchboard_schema_version (owner TEXT, version INTEGER)");
            statement.executeUpdate("INSERT INTO switchboard_schema_version VALUES ('handoff', 1)");
        }

        assertThat(run("plugins:\n  mailbox:\n    role: backend\n", "status")).isEqualTo(HookMain.FULL_PATH);
        assertThat(run("plugins:\n  mailbox:\n    role: backend\n", "hook", "stop"))
                .isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
    }

    @Test
    void postgresStorageGoesToTheFullPathBeforeAnyStoreIsLookedFor() throws IOException {
        assertThat(run("  storage: postgres\n", "hook", "session-start")).isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
    }

    @Test
    void aMalformedConfigurationGoesToTheFullPathWhichReportsIt() throws IOException {
        assertThat(run("  nonsense: [\n", "status")).isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
    }
}
