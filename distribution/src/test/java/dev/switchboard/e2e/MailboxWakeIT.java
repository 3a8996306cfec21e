package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.ClassHttpServe;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * {@code bin/switchboard hook wake} as Claude Code runs an {@code asyncRewake} Stop hook: a
 * fake session ends its turns (each Stop runs {@code hook stop} and starts {@code hook wake} in the background, the
 * hook's JSON on stdin), goes idle, and is woken by exit status 2 when a peer writes; locally on the installation's
 * store and remotely against a real Switchboard HTTP server ({@code /status?wait} long polls).
 *
 * <p>The two remote tests share one server of the class's ({@link ClassHttpServe}), each on a channel of its own. The
 * class runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}): most of its time is real waiting
 * (sleepers, a wake's 5 s bound, a watch's held poll), its installations and server are its own, and its one bound on
 * time (a held poll reports within 40 s, against the 60 s interval it replaces) is far from what a loaded host takes;
 * its tests run in turn on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("MailboxWakeIT")
class MailboxWakeIT {

    @RegisterExtension
    static final ClassHttpServe SERVER = ClassHttpServe.shippedDefaults();

    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final Set<String> ORIGINAL_VARIABLES = Set.of(
            "AI_AGENT_CHANNEL_URL", "AI_AGENT_CHANNEL_TOKEN", "AI_AGENT_CHANNEL_TOKEN_FILE", "AI_AGENT_CHANNEL_ROLE");

    @TempDir
    Path dir;

    private static String stop(String session) {
        return "{\"session_id\":\"" + session + "\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
    }

    @Test
    void locallyASleeperWakesTheIdleSessionOnANewMessageOnceAndTheNextTurnsStopDoesNotBlockOnIt() throws Exception {
        Installation local = Installation.copyOfBuilt(dir.resolve("local"));
        StringBuffer stderr = new StringBuffer();
        McpSyncClient frontend = McpClients.stdioInitialized(
                local, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        Map<String, String> backend =
                Map.of("AI_AGENT_CHANNEL_ROLE", "backend", "SWITCHBOARD_PLUGINS__MAILBOX__WAKE_MAX_S", "120");
        try {
            // The session's turn ends: Stop runs both hooks; nothing is pending, so the stop hook passes.
            assertThat(local.runWithInput(backend, othersThan(backend), stop("s1"), "hook", "stop")
                            .stdout())
                    .isEmpty();
            CompletableFuture<CliRun> sleeper = sleeping(local, backend, "s1");

            CliRun second = local.runWithInput(backend, othersThan(backend), stop("s1"), "hook", "wake");
            assertThat(second.exitCode()).as(second.describe()).isZero();
            assertThat(second.stderr()).contains("another hook wake already sleeps for this session and role");
            assertThat(sleeper).as("the first one sleeps on").isNotDone();

            ok(frontend, "send_message", Map.of("to", "backend", "topic", "news", "body", "while you were idle"));
            CliRun woken = woke(sleeper);
            assertThat(woken.stderr()).startsWith("channel has new items for 'backend': unread=1. ");
            assertThat(woken.stdout()).isEmpty();

            // The woken turn ends without reading the message: the stop hook does not block on the same item again.
            CliRun afterWake = local.runWithInput(backend, othersThan(backend), stop("s1"), "hook", "stop");
            assertThat(afterWake.exitCode()).isZero();
            assertThat(afterWake.stdout())
                    .as("the wake reminded of unread=1 already")
                    .isEmpty();
            CompletableFuture<CliRun> next = sleeping(local, backend, "s1");
            ok(frontend, "send_message", Map.of("to", "backend", "topic", "more", "body", "a second one"));
            assertThat(woke(next).stderr()).contains("unread=2");
        } finally {
            frontend.closeGracefully();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void remotelyASleeperAndStatusWatchLongPollStatusAndTheSleeperEndsOnItsOwnAndNeverWakesOnAFailure(HttpServe server)
            throws Exception {
        Installation client = Installation.copyOfBuilt(dir.resolve("client"));
        Map<String, String> tokens = channel(server, "proj", "wake-owner", "backend");
        Map<String, String> remote = backendRemote(server, tokens, "120");

        CompletableFuture<CliRun> sleeper = sleeping(client, remote, "r1");
        try (McpSyncClient lead = HttpClients.initialized(server, tokens.get("lead"), "wake-lead")) {
            ToolCalls.okStructured(
                    lead,
                    "send_message",
                    Map.of("to", "backend", "topic", "news", "body", "while you were idle"),
                    "\n" + server.log());
        }
        assertThat(woke(sleeper).stderr()).startsWith("channel has new items for 'backend': unread=1. ");
        CliRun afterWake = client.runWithInput(remote, othersThan(remote), stop("r1"), "hook", "stop");
        assertThat(afterWake.stdout())
                .as("the wake reminded of unread=1 already")
                .isEmpty();

        Map<String, String> bounded = new HashMap<>(remote);
        bounded.put("SWITCHBOARD_PLUGINS__MAILBOX__WAKE_MAX_S", "5");
        CliRun ended = client.runWithInput(bounded, othersThan(bounded), stop("r1"), "hook", "wake");
        assertThat(ended.exitCode()).as(ended.describe()).isZero();
        assertThat(ended.stderr()).contains("nothing new within 5 s");

        assertWatchLongPolls(server, client);

        Map<String, String> down = new HashMap<>(remote);
        down.put("AI_AGENT_CHANNEL_URL", "http://127.0.0.1:" + freePort());
        CliRun failed = client.runWithInput(down, othersThan(down), stop("r1"), "hook", "wake");
        assertThat(failed.exitCode()).as("a failure never wakes").isEqualTo(1);
        assertThat(failed.stderr())
                .contains("is unreachable")
                .contains("will not wake the session")
                .doesNotContain("cct_")
                .doesNotContain("\tat ");
    }

    @Test
    @SuppressWarnings("unchecked")
    void remotelyASleeperWhoseTokenIsRotatedAwayWhileItSleepsExits1AtOnceAndLeavesNoPidFile(HttpServe server)
            throws Exception {
        Installation client = Installation.copyOfBuilt(dir.resolve("client"));
        Map<String, String> tokens = channel(server, "rotated", "rotate-owner", "backend");
        Map<String, String> remote = backendRemote(server, tokens, "3600");

        CompletableFuture<CliRun> sleeper = sleeping(client, remote, "r2");
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "rotate-owner-2")) {
            ToolCalls.okStructured(
                    owner, "rotate_token", Map.of("channel", "rotated", "role", "backend"), "\n" + server.log());
        }

        CliRun refused = sleeper.get(WAIT.toSeconds(), TimeUnit.SECONDS); // far under its 3600 s bound
        assertThat(refused.exitCode()).as(refused.describe()).isEqualTo(1);
        assertThat(refused.stderr().lines()).as(refused.describe()).hasSize(1);
        assertThat(refused.stderr())
                .containsAnyOf("answered FORBIDDEN (the token was revoked or its channel deleted)", "answered 401")
                .contains("this hook will not wake the session")
                .doesNotContain("cct_");
        try (Stream<Path> files = Files.list(client.stateDir())) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("its pid file is removed")
                    .noneMatch(name -> name.startsWith(".wake-r2-"));
        }
    }

    /**
     * Remote {@code status watch --interval 60} on a clear channel: a new message is reported within seconds, long
     * before the interval, so the watch holds a {@code /status?wait} poll instead of asking every interval.
     */
    private void assertWatchLongPolls(HttpServe server, Installation client) throws Exception {
        Map<String, String> tokens = channel(server, "watched", "watch-owner", "qa");
        Path tokenFile = ownerOnlyTokenFile(tokens, "qa");
        ProcessBuilder builder = new ProcessBuilder(
                client.launcher().toString(),
                "status",
                "watch",
                "--interval",
                "60",
                "--journal",
                dir.resolve("watch.jsonl").toString());
        builder.environment().putAll(client.environment());
        ORIGINAL_VARIABLES.forEach(builder.environment()::remove);
        builder.environment().put("AI_AGENT_CHANNEL_URL", server.url());
        builder.environment().put("AI_AGENT_CHANNEL_TOKEN_FILE", tokenFile.toString());
        builder.redirectError(dir.resolve("watch.err").toFile());
        Process watch = builder.start();
        try {
            java.util.concurrent.BlockingQueue<String> lines = new java.util.concurrent.LinkedBlockingQueue<>();
            Thread.ofVirtual().start(() -> {
                try (var reader = watch.inputReader()) {
                    reader.lines().forEach(lines::add);
                } catch (IOException e) {
                    // the process ended
                }
            });
            Thread.sleep(5_000); // the watch starts and holds its first poll; nothing is pending, nothing printed
            assertThat(lines).as("nothing pending at the start: no line").isEmpty();
            long sent = System.nanoTime();
            try (McpSyncClient lead = HttpClients.initialized(server, tokens.get("lead"), "watch-lead")) {
                ToolCalls.okStructured(
                        lead,
                        "send_message",
                        Map.of("to", "qa", "topic", "ping", "body", "watch this"),
                        "\n" + server.log());
            }
            String line = lines.poll(40, TimeUnit.SECONDS);
            assertThat(line).as(Files.readString(dir.resolve("watch.err"))).isEqualTo("pending for 'qa': unread=1");
            assertThat(Duration.ofNanos(System.nanoTime() - sent))
                    .as("reported by the held poll, not after the 60 s interval")
                    .isLessThan(Duration.ofSeconds(40));
            assertThat(Files.readString(dir.resolve("watch.jsonl"))).contains("\"event\":\"wake\"");
        } finally {
            watch.destroy();
            watch.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Starts {@code hook wake} for the session in the background, as an asyncRewake Stop hook, and waits until it
     * sleeps (its pid file written: it has read its baseline).
     *
     * @return the sleeper's run, done when it exits
     */
    private static CompletableFuture<CliRun> sleeping(
            Installation installation, Map<String, String> env, String session) throws Exception {
        CompletableFuture<CliRun> sleeper = CompletableFuture.supplyAsync(
                () -> installation.runWithInput(env, othersThan(env), stop(session), "hook", "wake", "--interval", "1"),
                command -> Thread.ofVirtual().start(command));
        awaitPidFile(installation.stateDir(), session);
        return sleeper;
    }

    /** @return the sleeper's run, once it has woken its session: exit status 2, within {@link #WAIT} */
    private static CliRun woke(CompletableFuture<CliRun> sleeper) throws Exception {
        CliRun woken = sleeper.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(woken.exitCode()).as(woken.describe()).isEqualTo(2);
        return woken;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** Waits until a sleeper for the session has written its pid into its pid file: it has read its baseline. */
    private static void awaitPidFile(Path stateDir, String session) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(stateDir)) {
                try (Stream<Path> files = Files.list(stateDir)) {
                    if (files.anyMatch(f ->
                            f.getFileName().toString().startsWith(".wake-" + session + "-") && !read(f).isEmpty())) {
                        return;
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no hook wake took its pid file for " + session + " within " + WAIT);
    }

    private static Set<String> othersThan(Map<String, String> environment) {
        Set<String> unset = new java.util.HashSet<>(ORIGINAL_VARIABLES);
        unset.removeAll(environment.keySet());
        return unset;
    }

    private static Map<String, Object> ok(McpSyncClient mcp, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(mcp, tool, arguments, "");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** @return the role tokens of a new hosted channel {@code name} with roles lead and {@code role}, made by the owner */
    @SuppressWarnings("unchecked")
    private static Map<String, String> channel(HttpServe server, String name, String clientName, String role) {
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), clientName)) {
            return (Map<String, String>) ToolCalls.okStructured(
                            owner,
                            "create_channel",
                            Map.of("name", name, "roles", List.of("lead", role)),
                            "\n" + server.log())
                    .get("tokens");
        }
    }

    /**
     * @return the environment of a remote hook as backend: the server's URL, backend's token in an owner-only file,
     *     and {@code wakeMaxS} as the wake's bound
     */
    private Map<String, String> backendRemote(HttpServe server, Map<String, String> tokens, String wakeMaxS)
            throws IOException {
        Path tokenFile = ownerOnlyTokenFile(tokens, "backend");
        Map<String, String> remote = new HashMap<>();
        remote.put("AI_AGENT_CHANNEL_URL", server.url());
        remote.put("AI_AGENT_CHANNEL_TOKEN_FILE", tokenFile.toString());
        remote.put("SWITCHBOARD_PLUGINS__MAILBOX__WAKE_MAX_S", wakeMaxS);
        return remote;
    }

    /** @return {@code <dir>/<role>.token}, holding the role's token, readable by its owner only */
    private Path ownerOnlyTokenFile(Map<String, String> tokens, String role) throws IOException {
        Path tokenFile = dir.resolve(role + ".token");
        Files.writeString(tokenFile, tokens.get(role) + "\n");
        Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
        return tokenFile;
    }
}
