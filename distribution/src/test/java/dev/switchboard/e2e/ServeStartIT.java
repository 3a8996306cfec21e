package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.fixture.broken.BrokenPlugin;
import dev.switchboard.e2e.support.TestPlugins;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * What {@code bin/switchboard serve} (and {@code doctor}) tell an operator at start, as real processes of the built
 * distribution: the start line with the real port, {@code --strict}, calls to tools of a failed plugin, one-line
 * reasons without stack traces, the state directory's precedence ({@code --state-dir}, {@code $HOME}), a doctor
 * that creates no state.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): each test's installation, state directory, ports and processes are its own and it asserts no time (its
 * deadlines are bounds against a hang); its tests run in turn on the class's thread (the lock on the class's own
 * name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("ServeStartIT")
class ServeStartIT {

    private static final String STACK_FRAME = "\tat ";
    private static final Pattern SERVING_HTTP = Pattern.compile(
            "switchboard: serving http (http://127\\.0\\.0\\.1:(\\d+)/mcp)(?:, attach \\S+\\.sock)?; state directory (\\S+)");

    @TempDir
    Path dir;

    @Test
    void strictServeExitsOneNamingTheFailedPluginAndWhyAndSaysItStops() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.BROKEN.writeTo(installation.pluginsDir());

        CliRun serve = installation.run("serve", "--strict");

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(1);
        assertThat(serve.stderr())
                .as(serve.describe())
                .contains("switchboard: plugin " + BrokenPlugin.ID + " failed: " + BrokenPlugin.CAUSE)
                .contains("--strict: an enabled plugin failed, so the server stops (exit 1)")
                .doesNotContain("goes on")
                .doesNotContain("switchboard: serving");
    }

    @Test
    void stdioStartLineNamesTheStateDirectoryAndTheFailedPluginsAndWarnsOfAStateDirectoryOthersCanEnter()
            throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.BROKEN.writeTo(installation.pluginsDir());
        Files.setPosixFilePermissions(
                installation.stateDir(), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-x---"));

        try (RawSession session = installation.serve()) {
            session.initialize(1);
            assertThat(session.stderr())
                    .as(session.log())
                    .contains("switchboard: serving stdio; state directory " + installation.stateDir()
                            + "; failed plugins: " + BrokenPlugin.ID + " (see 'switchboard doctor')")
                    .contains("serving without the failed plugin(s) [" + BrokenPlugin.ID + "]")
                    .contains("switchboard: warning: the state directory " + installation.stateDir()
                            + " is accessible to group or others [GROUP_READ, GROUP_EXECUTE]; what it holds is the"
                            + " owner's alone: run chmod go-rwx " + installation.stateDir())
                    .doesNotContain("stdin is a terminal");
        }
    }

    @Test
    void stdioStartedOnATerminalHintsThatItExpectsAnMcpClient() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        // script(1) runs the launcher on a pseudo-terminal, as a person typing the command would; its stdin ending
        // ends the session.
        ProcessBuilder builder = new ProcessBuilder("script", "-qec", installation.launcher() + " serve", "/dev/null")
                .directory(installation.home().toFile())
                .redirectErrorStream(true);
        builder.environment().putAll(installation.environment());
        Process process = builder.start();
        StringBuffer output = new StringBuffer();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (var in = process.getInputStream()) {
                byte[] buffer = new byte[4096];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    output.append(new String(buffer, 0, n, java.nio.charset.StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                output.append("[test] reading failed: ").append(e);
            }
        });
        try {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (!output.toString().contains("MCP client") && Instant.now().isBefore(deadline)) {
                Thread.sleep(50);
            }
            assertThat(output.toString())
                    .contains("switchboard: serving stdio; state directory")
                    .contains("switchboard: stdin is a terminal, but stdio serving expects an MCP client's JSON-RPC "
                            + "messages");
        } finally {
            process.getOutputStream().close();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            reader.join(5_000);
        }
    }

    @Test
    void callToAHandoffToolOnACorruptDatabaseIsAToolErrorNamingThePluginAndTheReason() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Files.write(installation.stateDir().resolve("switchboard.db"), garbage());

        try (RawSession session = installation.serve()) {
            session.initialize(1);
            session.send(Json.request(2, "tools/list", Map.of()));
            JsonNode tools = session.awaitResponse(2).path("result").path("tools");
            assertThat(tools.findValuesAsString("name")).containsExactly("server_info");

            session.send(Json.toolCall(3, "frontispice_list_projects", Map.of()));
            JsonNode result = session.awaitResponse(3).path("result");
            assertThat(result.path("isError").asBoolean(false)).as("%s", result).isTrue();
            JsonNode error = result.path("structuredContent");
            assertThat(error.path("code").asString("")).isEqualTo("PLUGIN_FAILED");
            assertThat(error.path("details").path("plugin").asString("")).isEqualTo("handoff");
            assertThat(error.path("details").path("reason").asString("")).contains("not a database");
            assertThat(error.path("message").asString(""))
                    .contains("frontispice_list_projects")
                    .contains("handoff failed to start");
        }
    }

    @Test
    void typoInASettingVariableRefusesServeInOneLineAndDoctorReportsIt() {
        Installation installation = Installation.copyOfBuilt(dir);
        Map<String, String> typo = Map.of("SWITCHBOARD_PLUGINS__HANDOFF__MAX_BODY_BYTE", "5");

        CliRun serve = installation.runWith(typo, Set.of(), "serve");
        CliRun doctor = installation.runWith(typo, Set.of(), "doctor");
        CliRun singleUnderscore =
                installation.runWith(Map.of("SWITCHBOARD_PLUGINS_MAILBOX_ROLE", "lead"), Set.of(), "serve");

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(2);
        assertThat(serve.stderr().lines().toList())
                .as(serve.describe())
                .containsExactly("switchboard: unknown key plugins.handoff.max-body-byte (environment variable"
                        + " SWITCHBOARD_PLUGINS__HANDOFF__MAX_BODY_BYTE); did you mean"
                        + " SWITCHBOARD_PLUGINS__HANDOFF__MAX_BODY_BYTES?");
        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdout())
                .as(doctor.describe())
                .contains("problem: configuration: unknown key plugins.handoff.max-body-byte");
        assertThat(singleUnderscore.exitCode()).as(singleUnderscore.describe()).isEqualTo(2);
        assertThat(singleUnderscore.stderr().lines().toList())
                .as(singleUnderscore.describe())
                .singleElement()
                .asString()
                .startsWith("switchboard: environment variable SWITCHBOARD_PLUGINS_MAILBOX_ROLE names no setting")
                .endsWith("did you mean SWITCHBOARD_PLUGINS__MAILBOX__ROLE?");
    }

    @Test
    void malformedMailboxRoleRefusesTheInProcessStdioSessionInOneLineAndDoctorSaysWhy() {
        Installation installation = Installation.copyOfBuilt(dir);
        Map<String, String> badRole = Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "Bad Role!");

        CliRun serve = installation.runWith(badRole, Set.of(), "serve");
        CliRun doctor = installation.runWith(badRole, Set.of(), "doctor");

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(2);
        assertThat(serve.stderr().lines().toList())
                .as(serve.describe())
                .containsExactly("switchboard: plugin mailbox: the mailbox role 'Bad Role!' from plugins.mailbox.role"
                        + " is not a role name (a letter or digit, then letters, digits, '_', '.' or '-'; at most 64"
                        + " characters)");
        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdout())
                .as(doctor.describe())
                .contains("problem: plugin mailbox: the mailbox role 'Bad Role!' from plugins.mailbox.role");
    }

    @Test
    void httpOnPortZeroPrintsTheBoundAddressOnStderr() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);

        try (RawSession session = installation.start(List.of("serve", "--http", "--port", "0"), Map.of())) {
            Matcher line = awaitStderr(session, SERVING_HTTP);
            assertThat(Integer.parseInt(line.group(2))).isPositive();
            assertThat(line.group(3)).isEqualTo(installation.stateDir().toString());
            HttpResponse<String> health = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(line.group(1).replace("/mcp", "/healthz")))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            session.sigterm();
            assertThat(session.awaitExit()).as(session.log()).isZero();
        }
    }

    @Test
    void portInUseIsOneLineWithoutAStackTrace() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            String port = Integer.toString(taken.getLocalPort());

            CliRun serve = installation.run("serve", "--http", "--port", port);

            assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(1);
            assertThat(serve.stderr())
                    .as(serve.describe())
                    .contains("127.0.0.1:" + port)
                    .contains("in use")
                    .doesNotContain(STACK_FRAME)
                    .doesNotContain("Exception");
        }
    }

    @Test
    void stateDirectoryThatIsARegularFileIsCalledNotADirectory() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Path file = Files.writeString(dir.resolve("state-file"), "not a directory");

        CliRun serve = installation.run("serve", "--state-dir", file.toString());

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(1);
        assertThat(serve.stderr())
                .as(serve.describe())
                .contains(file + " is not a directory")
                .doesNotContain(STACK_FRAME);
        CliRun doctor = installation.run("doctor", "--state-dir", file.toString());
        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdout()).contains("state directory " + file + " is not a directory");
    }

    @Test
    void unknownKernelKeySetByAnEnvironmentVariableIsBlamedOnThatVariable() {
        CliRun serve = Installation.copyOfBuilt(dir)
                .runWith(Map.of("SWITCHBOARD_KERNEL__STAT_DIR", "/tmp/x"), Set.of(), "serve");

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(2);
        assertThat(serve.stderr().lines().toList())
                .as(serve.describe())
                .containsExactly("switchboard: unknown key kernel.stat-dir (environment variable"
                        + " SWITCHBOARD_KERNEL__STAT_DIR); did you mean SWITCHBOARD_KERNEL__STATE_DIR?");
    }

    @Test
    void aBinaryConfigurationFileIsCalledNotUtf8Text() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Path file = installation.home().resolve("config/application.yaml");
        Files.write(file, garbage());

        CliRun serve = installation.run("serve");
        CliRun doctor = installation.run("doctor");

        assertThat(serve.exitCode()).as(serve.describe()).isEqualTo(1);
        assertThat(serve.stderr())
                .as(serve.describe())
                .contains(file + ": it is not UTF-8 text")
                .doesNotContain("Input length");
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line ->
                        assertThat(line).startsWith("problem: configuration: ").contains("not UTF-8"));
    }

    @Test
    void doctorOnACorruptDatabaseReportsTheFailureInOneLineWithoutInstallAdvice() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Files.write(installation.stateDir().resolve("switchboard.db"), garbage());

        CliRun doctor = installation.run("doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("problem: storage: no storage backend is open: "
                                + "the storage plugin storage-sqlite failed: ")
                        .contains("not a database"));
        assertThat(doctor.stdout() + doctor.stderr())
                .as(doctor.describe())
                .doesNotContain(STACK_FRAME)
                .doesNotContain("installed and enabled");
    }

    @Test
    void doctorOnAStateDirectoryThatDoesNotExistOrIsEmptyCreatesNothing() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path fresh = dir.resolve("fresh-state");

        CliRun missing = installation.run("doctor", "--state-dir", fresh.toString());
        CliRun empty = installation.run("doctor");

        assertThat(missing.exitCode()).as(missing.describe()).isZero();
        assertThat(missing.stdoutLines()).as(missing.describe()).last().isEqualTo("healthy");
        assertThat(fresh).doesNotExist();
        assertThat(empty.exitCode()).as(empty.describe()).isZero();
        try (var left = Files.list(installation.stateDir())) {
            assertThat(left.toList()).as(empty.describe()).isEmpty();
        }
    }

    @Test
    void doctorOnAStateDirectoryHoldingOnlyTheOwnerTokenDotFilesAndAttachFilesCreatesNoDatabase() throws IOException {
        // what an init step copying the owner token in leaves before the first serve (a migrated
        // switchboard.db was left behind, and read-only commands then took the store for one a server had used)
        Installation installation = Installation.copyOfBuilt(dir);
        Path state = Files.createDirectories(dir.resolve("token-only"));
        Path token = state.resolve("owner.token");
        Files.writeString(token, "sbt_" + "A".repeat(43) + "\n");
        Files.setPosixFilePermissions(token, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

        Path wakeLock = Files.createFile(state.resolve(".wake.lock")); // a remote hook's, which is no store either
        Path attach = Files.createDirectories(state.resolve("attach")); // what shared servers' clients leave (ADR 32)
        Files.createFile(attach.resolve("0123456789abcdef.log"));

        CliRun doctor = installation.run("doctor", "--state-dir", state.toString());

        assertThat(doctor.stdout()).as(doctor.describe()).contains("empty temporary state directory");
        try (var left = Files.list(state)) {
            assertThat(left.toList()).as(doctor.describe()).containsExactlyInAnyOrder(token, wakeLock, attach);
        }
    }

    @Test
    void stateFollowsHomeAndStateDirOptionComesBeforeTheEnvironment() {
        Installation installation = Installation.copyOfBuilt(dir);
        Path home = dir.resolve("home");

        CliRun followsHome = installation.runWith(
                Map.of("HOME", home.toString()), Set.of("SWITCHBOARD_KERNEL__STATE_DIR"), "token", "show-path");
        CliRun option = installation.run(
                "token", "show-path", "--state-dir", dir.resolve("chosen").toString());

        assertThat(followsHome.stdout().strip())
                .as(followsHome.describe())
                .isEqualTo(home.resolve(".switchboard/owner.token").toString());
        assertThat(option.stdout().strip())
                .as(option.describe())
                .isEqualTo(dir.resolve("chosen/owner.token").toString());
    }

    @Test
    void pluginDefaultsFollowHomeTooSinceTheLauncherPassesItToTheJvm() {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path home = dir.resolve("home-that-does-not-exist");

        CliRun doctor = installation.runWith(Map.of("HOME", home.toString()), Set.of(), "doctor");

        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("problem:")
                        .contains("home " + home + " is not an " + "existing directory"));
    }

    @Test
    void launcherUsesAJdkThatIsOnlyOnThePath() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Path marker = dir.resolve("wrapper-used");
        Path jdk = wrappingJdk(dir.resolve("jdk"), marker, null);
        Path bin = Files.createDirectories(dir.resolve("path-bin"));
        Files.createSymbolicLink(bin.resolve("java"), jdk.resolve("bin/java"));

        CliRun version = installation.runWith(
                Map.of("PATH", bin + ":/usr/bin:/bin"), Set.of("SWITCHBOARD_JAVA_HOME", "JAVA_HOME"), "--version");

        assertThat(version.exitCode()).as(version.describe()).isZero();
        assertThat(marker).as(version.describe()).exists();
    }

    @Test
    void launcherWarnsWhenAnExplicitJdkIsTooOldAndUsesAnother() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir);
        Path old = wrappingJdk(dir.resolve("old-jdk"), dir.resolve("old-used"), "17.0.9");

        CliRun version =
                installation.runWith(Map.of("SWITCHBOARD_JAVA_HOME", old.toString()), Set.of("JAVA_HOME"), "--version");

        assertThat(version.exitCode()).as(version.describe()).isZero();
        assertThat(version.stderr())
                .as(version.describe())
                .contains("switchboard: warning: SWITCHBOARD_JAVA_HOME=" + old + " is Java 17, older than 21; using ");
        assertThat(dir.resolve("old-used")).doesNotExist();
    }

    /**
     * A JDK directory whose {@code bin/java} records that it ran and then runs the JDK running the tests, with that
     * JDK's {@code release} file, or one claiming {@code version}.
     */
    private static Path wrappingJdk(Path home, Path marker, String version) throws IOException {
        Path real = Path.of(System.getProperty("java.home"));
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(
                home.resolve("bin/java"),
                "#!/bin/sh\ntouch '" + marker + "'\nexec '" + real.resolve("bin/java") + "' \"$@\"\n");
        java.toFile().setExecutable(true);
        String release = Files.readString(real.resolve("release"));
        if (version != null) {
            release = release.replaceAll("(?m)^JAVA_VERSION=.*$", "JAVA_VERSION=\"" + version + "\"");
        }
        Files.writeString(home.resolve("release"), release);
        return home;
    }

    private static Matcher awaitStderr(RawSession session, Pattern pattern) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(deadline)) {
            Matcher matcher = pattern.matcher(session.stderr());
            if (matcher.find()) {
                return matcher;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no line matching " + pattern + " on stderr" + session.log());
    }

    private static byte[] garbage() {
        byte[] bytes = new byte[4096];
        new java.util.Random(11).nextBytes(bytes);
        return bytes;
    }
}
