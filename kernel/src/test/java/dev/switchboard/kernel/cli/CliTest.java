package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.plugin.TestPlugins;

class CliTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "kernel:\n  storage: memory\n  transports: []\n  state-dir: " + home.resolve("state") + "\n");
        TestPlugins.installGreeterAndStorage(home.resolve("plugins"));
    }

    @Test
    void versionPrintsTheBuildAndExitsZero() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("switchboard ");
    }

    @Test
    void unknownFlagIsAUsageErrorWithExitTwo() {
        assertThat(run("serve", "--bogus")).isEqualTo(2);
        assertThat(err.toString()).contains("--bogus").contains("usage: switchboard serve");
    }

    @Test
    void unknownCommandOrNoCommandIsAUsageError() {
        assertThat(run("frobnicate")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown command 'frobnicate'");
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("serve", "doctor", "plugins", "token", "storage")) {
            assertThat(run(command, "--help")).isZero();
            assertThat(out.toString()).contains("usage: switchboard " + command);
        }
        assertThat(run("--help")).isZero();
        assertThat(out.toString())
                .contains("serve")
                .contains("doctor")
                .contains("plugins")
                .contains("token");
    }

    @Test
    void theTopLevelHelpListsTheAttachClientsServerCommand() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).containsPattern("(?m)^  server +Show \\(status \\[--json]\\) or stop");
    }

    @Test
    void storageCopyNeedsATargetBackendOtherThanTheSqliteSource() {
        assertThat(run("storage", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("expected: copy --to BACKEND");
        assertThat(run("storage", "copy", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--to BACKEND is required");
        assertThat(run("storage", "copy", "--to", "sqlite", "--home", home.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--to must name another");
    }

    @Test
    void storageCopyWithoutTheBackendsPluginsFailsNamingTheAvailableOnes() {
        assertThat(run("storage", "copy", "--to", "postgres", "--home", home.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .contains("no enabled plugin provides the 'sqlite' storage backend (available: memory)")
                .doesNotContain("Exception");
    }

    @Test
    void pluginsNeedsAKnownSubcommand() {
        assertThat(run("plugins", "--home", home.toString())).isEqualTo(2);
        assertThat(run("plugins", "remove", "x", "--home", home.toString())).isEqualTo(2);
    }

    @Test
    void pluginsListShowsEnabledStateAndDisableIsPersistent() {
        assertThat(run("plugins", "disable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(run("plugins", "list", "--home", home.toString())).isZero();

        assertThat(out.toString()).containsPattern("greeter\\s+1.0.0\\s+disabled");
        assertThat(out.toString()).containsPattern("memstore\\s+1.0.0\\s+enabled");
    }

    @Test
    void enablingAnEnabledPluginOrDisablingADisabledOneSaysNothingChanged() {
        assertThat(run("plugins", "enable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(out.toString())
                .contains("greeter is already enabled; nothing changed")
                .doesNotContain("takes effect");

        assertThat(run("plugins", "disable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(out.toString()).contains("disabled greeter (takes effect on the next start)");
        assertThat(run("plugins", "disable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(out.toString()).contains("greeter is already disabled; nothing changed");

        assertThat(run("plugins", "enable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(out.toString()).contains("enabled greeter (takes effect on the next start)");
    }

    @Test
    void disablingTheStoragePluginWarnsThatPluginsKeepingDataWillFail() {
        assertThat(run("plugins", "disable", "greeter", "--home", home.toString()))
                .isZero();
        assertThat(err.toString()).doesNotContain("warning");

        assertThat(run("plugins", "disable", "memstore", "--home", home.toString()))
                .isZero();
        assertThat(err.toString()).contains("warning: memstore provides a storage backend");
    }

    @Test
    void disablingAnUnknownPluginFailsNamingTheInstalledOnes() {
        assertThat(run("plugins", "disable", "nope", "--home", home.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("no plugin 'nope'").contains("greeter");
    }

    @Test
    void doctorIsHealthyWithGoodPlugins() {
        assertThat(run("doctor", "--home", home.toString())).isZero();
        assertThat(out.toString()).contains("ok: plugin greeter").contains("healthy");
    }

    @Test
    void doctorReportsAFailedPluginAndExitsOne() throws IOException {
        TestPlugins.installBroken(home.resolve("plugins"));

        assertThat(run("doctor", "--home", home.toString())).isEqualTo(1);
        assertThat(out.toString())
                .contains("problem: plugin broken")
                .contains("broken on purpose")
                .contains("ok: plugin greeter");
    }

    @Test
    void doctorPrintsPluginHealthFindingsAndExitsOneOnAProblem() throws IOException {
        TestPlugins.installLifecycle(home.resolve("plugins"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "plugins:\n  lifecycle:\n    problem: prune it\n",
                java.nio.file.StandardOpenOption.APPEND);

        assertThat(run("doctor", "--home", home.toString())).isEqualTo(1);
        assertThat(out.toString())
                .contains("ok: lifecycle journal: journal readable")
                .contains("problem: lifecycle journal: prune it")
                .contains("1 problem found");
    }

    @Test
    void doctorReportsAHealthCheckThatThrowsAsAProblemAndGoesOn() throws IOException {
        TestPlugins.installLifecycle(home.resolve("plugins"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "plugins:\n  lifecycle:\n    throw: true\n",
                java.nio.file.StandardOpenOption.APPEND);

        assertThat(run("doctor", "--home", home.toString())).isEqualTo(1);
        assertThat(out.toString())
                .contains("problem: lifecycle journal: the check itself failed: cannot read the" + " journal")
                .contains("ok: plugin greeter");
    }

    @Test
    void badConfigurationIsAFailureNamingTheKey() throws IOException {
        Files.writeString(home.resolve("config/application.yaml"), "kernel:\n  nonsense: 1\n");

        assertThat(run("doctor", "--home", home.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("kernel.nonsense");
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        Console console = new Console(new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(console, Main.commands()).run(args);
    }
}
