package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.kernel.plugin.TestPlugins;
import dev.switchboard.kernel.testplugins.greeter.GreetLoudlyCommand;
import dev.switchboard.kernel.testplugins.greeter.GreetQuietlyCommand;
import dev.switchboard.kernel.testplugins.greeter.GreeterPlugin;
import dev.switchboard.kernel.testplugins.lifecycle.Journal;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;

/** The greeter test plugin's {@code greeter hello} subcommand, found, parsed and run by the real command line. */
class PluginSubcommandsTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        System.clearProperty(MemStorage.PREFIX + "greeter");
        Files.createDirectories(home.resolve("config"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "kernel:\n  storage: memory\n  transports: []\n  state-dir: " + home.resolve("state") + "\n");
        TestPlugins.installGreeterAndStorage(home.resolve("plugins"));
    }

    @Test
    void aPluginSubcommandRunsWithItsOptionsAfterStorageAndMigrationsAndExitsWithItsStatus() {
        assertThat(run("greeter", "hello", "Ada", "--times", "2", "--shout", "--home", home.toString()))
                .isZero();
        assertThat(out.toString())
                .isEqualTo("HELLO ADA\nHELLO ADA\nplugin=greeter storage=SQLITE migrated=1\n")
                .doesNotContain("\r");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void onlyTheStoragePluginsAndTheSubcommandsOwnPluginStartAndAllStopAfterwards() throws IOException {
        TestPlugins.installLifecycle(home.resolve("plugins"));
        Journal.clear();

        assertThat(run("greeter", "hello", "Ada", "--home", home.toString())).isZero();

        assertThat(Journal.events())
                .as("the lifecycle plugin's service never started; the storage closed at the end")
                .containsExactly("storage-closed");
    }

    @Test
    void theLocationOptionsAreFoundInEitherFormBeforeTheSubcommandIsKnown() {
        assertThat(run("greeter", "hello", "--home=" + home, "Ada")).isZero();
        assertThat(out.toString()).startsWith("Hello Ada\n");

        assertThat(Settings.peek(new String[] {"x", "--state-dir", "/s", "--config=/c.yaml", "--home"}))
                .as("a trailing --home without a value is left to Commons CLI to refuse")
                .isEqualTo(new Settings(null, Path.of("/c.yaml"), Path.of("/s")));
    }

    @Test
    void theLocationOptionsReachTheSubcommandAsAbsoluteNormalisedPathsInOneOrder() throws IOException {
        Path config = home.resolve("config/application.yaml");
        Path state = home.resolve("elsewhere");

        assertThat(run(
                        "greeter",
                        "hello",
                        "where",
                        "--state-dir",
                        state.toString(),
                        "--config=" + home.resolve("config/../config/application.yaml"),
                        "--home",
                        home.toString()))
                .isZero();
        assertThat(out.toString())
                .isEqualTo("locations=--home " + home.toAbsolutePath().normalize() + " --config " + config
                        + " --state-dir " + state + "\n");

        out.getBuffer().setLength(0);
        System.setProperty("switchboard.home", home.toString());
        try {
            assertThat(run("greeter", "hello", "where")).isZero();
            assertThat(out.toString())
                    .as("none given: the state directory the file sets is carried, the rest is found again")
                    .isEqualTo("locations=--state-dir " + home.resolve("state") + "\n");

            Files.writeString(home.resolve("config/application.yaml"), "kernel:\n  storage: memory\n");
            assertThat(run("greeter", "hello", "where")).isZero();
        } finally {
            System.clearProperty("switchboard.home");
        }
        assertThat(out.toString())
                .as("the default state directory is found again by any later run: none passed on")
                .isEqualTo("locations=\n");
    }

    @Test
    void theStateDirectoryTheEnvironmentSetsReachesTheSubcommandAbsoluteAsIfGivenOnTheCommandLine() throws Exception {
        Path state = home.resolve("from-env");
        Files.writeString(home.resolve("config/application.yaml"), "kernel:\n  storage: memory\n");
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "greeter",
                        "hello",
                        "where",
                        "--home",
                        home.toString())
                .directory(home.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("SWITCHBOARD_KERNEL__STATE_DIR", "from-env/../from-env");
        Process cli = builder.start();
        String printed = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).as("the command ended").isTrue();

        assertThat(cli.exitValue()).isZero();
        assertThat(printed)
                .as("a later run in another directory and environment reaches the same state")
                .isEqualTo("locations=--home " + home.toAbsolutePath().normalize() + " --state-dir "
                        + state.toAbsolutePath().normalize() + "\n");
    }

    @Test
    void theRefusalStatusOfTheSubcommandIsTheProcessStatus() {
        assertThat(run("greeter", "hello", "refuse", "--home", home.toString())).isEqualTo(3);
        assertThat(err.toString()).isEqualTo("refused: no greeting for refuse\n");
    }

    @Test
    void whatTheSubcommandThrowsIsOneLineWithoutStackTraceAndExitOne() {
        assertThat(run("greeter", "hello", "boom", "--home", home.toString())).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("switchboard: greeter hello failed: the greeter broke\n");
    }

    @Test
    void wrongArgumentsOrAnUnknownOptionAreUsageErrorsWithTheSubcommandsUsageAndExitTwo() {
        assertThat(run("greeter", "hello", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("switchboard: expected one NAME, got []\n")
                .contains("usage: switchboard greeter hello [options] NAME")
                .contains("--times <N>");
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                .as("a command line its check refuses starts nothing")
                .isNull();

        assertThat(run("greeter", "hello", "late", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("switchboard: late is found wrong only after the start\n");

        System.clearProperty(MemStorage.PREFIX + "greeter");
        assertThat(run("greeter", "hello", "Ada", "--loud", "--home", home.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--loud").contains("usage: switchboard greeter hello");
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                .as("a usage error starts nothing")
                .isNull();
    }

    @Test
    void helpOfASubcommandPrintsItsUsageWithoutStartingAnything() {
        assertThat(run("greeter", "hello", "--help", "--home", home.toString())).isZero();
        assertThat(out.toString())
                .contains("usage: switchboard greeter hello [options] NAME")
                .contains("Greets NAME from the command line. (plugin greeter)")
                .contains("--shout")
                .contains("--state-dir")
                .endsWith("Exit 3 for NAME refuse.\n");
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter")).isNull();
    }

    @Test
    void helpOfASubcommandWhosePathOthersExtendListsThemAfterItsUsage() throws IOException {
        Files.writeString(
                home.resolve("plugins/greeter/classes/META-INF/extensions.idx"),
                GreetLoudlyCommand.class.getName() + "\n",
                StandardOpenOption.APPEND);

        assertThat(run("greeter", "hello", "--help", "--home", home.toString())).isZero();

        assertThat(out.toString())
                .startsWith("usage: switchboard greeter hello [options] NAME")
                .contains("Exit 3 for NAME refuse.\n\nCommands under 'greeter hello':\n")
                .containsPattern("\n  greeter hello loudly +Greets the world loudly\\.\n$");
    }

    @Test
    void aConfigurationThatCannotBeReadFailsASubcommandWithItsOwnUsageStatusInOneLine() throws IOException {
        Files.writeString(
                home.resolve("plugins/greeter/classes/META-INF/extensions.idx"),
                GreetQuietlyCommand.class.getName() + "\n",
                StandardOpenOption.APPEND);
        Files.writeString(home.resolve("config/application.yaml"), "kernal:\n  storage: memory\n");

        assertThat(run("greeter", "whisper", "--home", home.toString()))
                .as("a hook-like subcommand never exits 2 on a configuration problem")
                .isZero();
        assertThat(err.toString())
                .isEqualTo("switchboard: unknown key kernal.storage in " + home.resolve("config/application.yaml")
                        + "; did you mean kernel.storage?\n");
        assertThat(out.toString()).isEmpty();

        assertThat(run(
                        "greeter",
                        "whisper",
                        "--config",
                        home.resolve("absent.yaml").toString(),
                        "--home",
                        home.toString()))
                .isZero();
        assertThat(err.toString())
                .isEqualTo("switchboard: configuration file not found: " + home.resolve("absent.yaml") + "\n");

        assertThat(run("greeter", "hello", "Ada", "--home", home.toString()))
                .as("any other subcommand's setup error is a usage error")
                .isEqualTo(2);
        assertThat(run("teleport", "--home", home.toString())).isEqualTo(2);
    }

    @Test
    void topLevelHelpListsThePluginsCommandsWholeWhenTheirPluginDeclaresNoCommandWords() {
        assertThat(run("--help", "--home", home.toString())).isZero();
        assertThat(out.toString())
                .contains("\nCommands of the enabled plugins:\n")
                .endsWith("Run 'switchboard COMMAND --help' for a command's options.\n")
                .containsPattern("greeter hello +Greets NAME from the command line. \\(plugin greeter\\)");
    }

    @Test
    void topLevelHelpListsTheCommandWordsAPluginDeclaresWithoutStartingIt() throws IOException {
        Files.writeString(
                home.resolve("plugins/greeter/plugin.properties"),
                "plugin.commands=greeter\n",
                StandardOpenOption.APPEND);
        System.clearProperty(GreeterPlugin.PREPARED);

        assertThat(run("--help", "--home", home.toString())).isZero();

        assertThat(out.toString())
                .contains("\nCommands of the enabled plugins:\n")
                .containsPattern("\n  greeter +\\(plugin greeter; 'switchboard greeter --help' for its commands\\)\n")
                .doesNotContain("Greets NAME");
        assertThat(System.getProperty(GreeterPlugin.PREPARED))
                .as("the plugin's phase one never ran")
                .isNull();

        assertThat(run("greeter", "--help", "--home", home.toString())).isZero();
        assertThat(out.toString()).contains("Commands under 'greeter':").contains("greeter hello");
        assertThat(System.getProperty(GreeterPlugin.PREPARED))
                .as("the word's own --help prepares its plugin")
                .isEqualTo("true");
    }

    @Test
    void aPluginDeclaringNoCommandWordsIsNeitherStartedNorListedByTopLevelHelp() throws IOException {
        Files.writeString(
                home.resolve("plugins/greeter/plugin.properties"), "plugin.commands=\n", StandardOpenOption.APPEND);
        System.clearProperty(GreeterPlugin.PREPARED);

        assertThat(run("--help", "--home", home.toString())).isZero();

        assertThat(out.toString())
                .doesNotContain("Commands of the enabled plugins")
                .doesNotContain("greeter");
        assertThat(System.getProperty(GreeterPlugin.PREPARED)).isNull();
    }

    @Test
    void anUnknownSubcommandIsAUsageErrorAndAGroupWordListsItsSubcommands() {
        assertThat(run("greeter", "wave", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("switchboard: unknown command 'greeter wave'\n")
                .contains("greeter hello");

        assertThat(run("greeter", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("switchboard: 'greeter' needs a subcommand\n");

        assertThat(run("teleport", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("switchboard: unknown command 'teleport'\n")
                .contains("usage: switchboard");

        assertThat(run("greeter", "--help", "--home", home.toString())).isZero();
        assertThat(out.toString()).contains("Commands under 'greeter':").contains("greeter hello");
    }

    /** NAME {@code reader}: the storage-only start; {@code guest}: the plugin's, on an existing store only. */
    @ParameterizedTest
    @ValueSource(strings = {"reader", "guest"})
    void aStartOnAnExistingStoreOnlyIsOneSetupErrorOnAMissingStoreNamingWhyAndOpensNothing(String name) {
        System.setProperty(MemStorage.MISSING, "true");
        try {
            assertThat(run("greeter", "hello", name, "--home", home.toString())).isEqualTo(2);
        } finally {
            System.clearProperty(MemStorage.MISSING);
        }
        assertThat(err.toString())
                .isEqualTo("switchboard: cannot run 'greeter hello': no storage: there is no memory store yet\n");
        assertThat(out.toString()).isEmpty();
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                .as("no migration ran")
                .isNull();

        assertThat(run("greeter", "hello", name, "--home", home.toString()))
                .as("an existing store opens")
                .isZero();
        assertThat(out.toString())
                .as("the storage-only start applies no migration of the plugin; the plugin's start does")
                .isEqualTo("Hello " + name + "\nplugin=greeter storage=SQLITE migrated="
                        + (name.equals("reader") ? "null" : "1") + "\n");
    }

    @Test
    void aPluginThatCannotStartMakesItsSubcommandASetupErrorNamingWhy() throws IOException {
        Files.writeString(
                home.resolve("config/application.yaml"),
                "kernel:\n  storage: elsewhere\n  transports: []\n  state-dir: " + home.resolve("state") + "\n");

        assertThat(run("greeter", "hello", "Ada", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("switchboard: cannot run 'greeter hello': no storage: no started plugin provides the"
                        + " 'elsewhere' backend\n");
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        Console console = new Console(new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(console, Main.commands()).run(args);
    }
}
