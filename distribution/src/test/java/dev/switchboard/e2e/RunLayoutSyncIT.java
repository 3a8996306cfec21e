package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./dev run} keeps {@code plugins enable workspace} and configuration edits: it does not serve the
 * distribution it rebuilds. It serves {@code .dev/switchboard}, refreshed from
 * each build by {@code distribution/src/build/sync-run-layout.sh}; this runs that script on the real build, twice,
 * with a user's changes in between, and runs the refreshed launcher.
 */
class RunLayoutSyncIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("switchboard.e2e.repository"));
    private static final Path BUILT = Path.of(System.getProperty("switchboard.e2e.dist"));

    @TempDir
    Path dir;

    @Test
    void aRebuildKeepsTheEnabledPluginsTheConfigurationAndTheUsersOwnPlugins() throws Exception {
        Path run = dir.resolve("run");
        sync(BUILT, run);
        assertThat(launch(run, "plugins", "enable", "workspace")).contains("enabled workspace");
        Path config = run.resolve("config/application.yaml");
        Files.writeString(config, Files.readString(config) + "# my edit\n");
        Path mine = Files.writeString(run.resolve("plugins/my-plugin.zip"), "not a real zip, but mine");

        sync(BUILT, run);

        assertThat(Files.readString(config)).endsWith("# my edit\n");
        assertThat(run.resolve("config/application.yaml.dist"))
                .hasSameTextualContentAs(BUILT.resolve("config/application.yaml"));
        assertThat(mine).exists();
        assertThat(launch(run, "plugins", "list"))
                .containsPattern("(?m)^workspace\\s+\\S+\\s+enabled")
                .containsPattern("(?m)^conformance-fixture\\s+\\S+\\s+disabled");
        try (var built = Files.list(BUILT.resolve("lib"));
                var served = Files.list(run.resolve("lib"))) {
            assertThat(served.map(Path::getFileName)
                            .map(Path::toString)
                            .sorted()
                            .toList())
                    .as("lib/ comes from the build")
                    .isEqualTo(built.map(Path::getFileName)
                            .map(Path::toString)
                            .sorted()
                            .toList());
        }
    }

    @Test
    void aPluginTheBuildNewlyShipsDisabledStaysDisabledInTheKeptList() throws Exception {
        Path run = dir.resolve("run");
        sync(BUILT, run);
        Path nextBuild = dir.resolve("next-build");
        copy(BUILT, nextBuild);
        Files.writeString(
                nextBuild.resolve("plugins/disabled.txt"),
                "newcomer\n",
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        launch(run, "plugins", "enable", "workspace");

        sync(nextBuild, run);

        List<String> disabled = Files.readAllLines(run.resolve("plugins/disabled.txt")).stream()
                .filter(line -> !line.startsWith("#"))
                .toList();
        assertThat(disabled).contains("newcomer", "conformance-fixture").doesNotContain("workspace");
    }

    private static void sync(Path built, Path run) throws Exception {
        String out = exec(List.of(
                REPOSITORY.resolve("distribution/src/build/sync-run-layout.sh").toString(),
                built.toString(),
                run.toString()));
        assertThat(out).isEmpty();
    }

    private static String launch(Path run, String... args) throws Exception {
        List<String> command =
                new java.util.ArrayList<>(List.of(run.resolve("bin/switchboard").toString()));
        command.addAll(List.of(args));
        return exec(command);
    }

    private static String exec(List<String> command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("SWITCHBOARD_JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(command + "\n" + out).isZero();
        return out;
    }

    private static void copy(Path from, Path to) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("cp", "-a", from.toString(), to.toString())
                        .start()
                        .waitFor())
                .isZero();
    }
}
