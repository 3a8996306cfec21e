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
    void anUnknownSettingMakesTheStopAndSessionStartHooksExitZeroWithOneLine() throws IOException {
        assertThat(run("plugins:\n  mailboxx:\n    role: backend\n", "hook", "stop"))
                .isZero();
        assertThat(err.toString())
                .startsWith("switchboard: unknown key plugins.mailboxx.role in "
                        + home.resolve("config/application.yaml") + "; did you mean plugins.mailbox")
                .endsWith("?\n")
                .hasLineCount(1);
        assertThat(out.toString()).isEmpty();

        err.getBuffer().setLength(0);
        assertThat(run("plugins:\n  mailboxx:\n    role: backend\n", "hook", "session-start"))
                .isZero();
        assertThat(err.toString())
                .startsWith("switchboard: unknown key plugins.mailboxx.role")
                .endsWith("?\n");
        assertThat(out.toString()).isEmpty();

        err.getBuffer().setLength(0);
        Path absent = home.resolve("absent.yaml");
        assertThat(run("", "hook", "stop", "--config", absent.toString())).isZero();
        assertThat(err.toString()).isEqualTo("switchboard: configuration file not found: " + absent + "\n");
    }

    @Test
    void anUnreadableConfigurationOfAnotherCommandGoesToTheFullPathWhichFindsItsStatus() throws IOException {
        assertThat(run("plugins:\n  mailboxx:\n    role: backend\n", "hook", "wake"))
                .as("hook wake's status (1, never 2) is the full path's to give")
                .isEqualTo(HookMain.FULL_PATH);
        assertThat(run("plugins:\n  mailboxx:\n    role: backend\n", "status")).isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
    }

    @Test
    void aMalformedConfigurationGoesToTheFullPathWhichReportsIt() throws IOException {
        assertThat(run("  nonsense: [\n", "status")).isEqualTo(HookMain.FULL_PATH);
        assertThat(out.toString() + err).isEmpty();
    }
}
