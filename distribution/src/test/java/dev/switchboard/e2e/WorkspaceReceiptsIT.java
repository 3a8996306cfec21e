package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.SqliteFile;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * Request-key receipts across real server processes (spec §3B, behaviours 63 to 66): a completed key replays its
 * recorded outcome after a restart, a key whose server was killed mid-command is uncertain and never re-run, SIGTERM
 * during a command ends the server with 0, kills the command and records it failed, and the receipts in the shared
 * database hold no command text or file content. Raw JSON-RPC over stdio, so the tests control the process (signals,
 * restarts). One installation and state directory for the class; each test has its own project and keys.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, state directory, projects and server processes are its own and it asserts no time; its tests run in turn on the
 * class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("WorkspaceReceiptsIT")
class WorkspaceReceiptsIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path dir;

    private static Installation installation;
    private static Path home;

    @BeforeAll
    static void install() throws IOException {
        installation = Installation.copyOfBuilt(dir).enable("workspace");
        home = Files.createDirectories(dir.resolve("home"));
    }

    /** 63: restart, then the completed key replays with status completed and RECORDED_OUTCOME; it ran once. */
    @Test
    void aCompletedKeyReplaysItsRecordedOutcomeAfterARestart() throws IOException {
        Path project = project("p63");
        Map<String, Object> command;
        try (RawSession first = serve()) {
            String workspace = open(first, project);
            command = Map.of(
                    "workspace_id",
                    workspace,
                    "request_key",
                    "k-63",
                    "command",
                    "printf x >> ../counter-63; echo original output 63");
            JsonNode ran = call(first, 3, "bash", command);
            assertThat(ran.path("isError").asBoolean(false))
                    .as("%s%s", ran, first.log())
                    .isFalse();
            stop(first);
        }

        try (RawSession second = serve()) {
            JsonNode replay = call(second, 2, "bash", command);

            assertThat(replay.path("isError").asBoolean(false))
                    .as("%s%s", replay, second.log())
                    .isFalse();
            JsonNode facts = replay.path("structuredContent");
            assertThat(facts.path("status").asString("")).as("%s", replay).isEqualTo("completed");
            assertThat(facts.path("replayed").asBoolean(false)).isTrue();
            assertThat(facts.path("code").asString("")).isEqualTo("RECORDED_OUTCOME");
            assertThat(facts.path("exit_code").asInt(-1)).isZero();
            assertThat(text(replay)).contains("already dispatched").doesNotContain("original output 63");
            assertThat(facts.path("output").asString("")).isEqualTo(text(replay));
            stop(second);
        }
        assertThat(Files.readString(project.resolveSibling("counter-63")))
                .as("the side effect")
                .isEqualTo("x");
    }

    /** 64: SIGKILL mid-command, restart, retry: OUTCOME_UNCERTAIN, and the command does not run again. */
    @Test
    void aKeyWhoseServerWasKilledMidCommandIsUncertainAndNotRunAgain() throws Exception {
        Path project = project("p64");
        Path pidFile = project.resolveSibling("pid-64");
        Map<String, Object> command;
        long commandPid = -1;
        try {
            try (RawSession first = serve()) {
                String workspace = open(first, project);
                command = Map.of(
                        "workspace_id",
                        workspace,
                        "request_key",
                        "k-64",
                        "command",
                        "printf x >> ../counter-64; echo $$ > ../pid-64; exec sleep 60");
                first.send(Json.toolCall(3, "bash", command));
                commandPid = Pids.await(pidFile, WAIT);

                first.sigkill();
                assertThat(first.awaitExit()).as("killed").isNotZero();
            }
            // SIGKILL gives the server no chance to stop its command; end the orphan before the retry.
            Pids.killQuietly(commandPid);
            assertThat(Pids.awaitDeath(commandPid, WAIT))
                    .as("the orphaned command ends")
                    .isTrue();

            try (RawSession second = serve()) {
                JsonNode retry = call(second, 2, "bash", command);

                assertThat(retry.path("isError").asBoolean(false))
                        .as("%s%s", retry, second.log())
                        .isTrue();
                assertThat(retry.path("structuredContent").path("code").asString(""))
                        .as("%s", retry)
                        .isEqualTo("OUTCOME_UNCERTAIN");
                assertThat(retry.path("structuredContent")
                                .path("details")
                                .path("replayed")
                                .asBoolean(false))
                        .isTrue();
                stop(second);
            }
            assertThat(Files.readString(project.resolveSibling("counter-64")))
                    .as("ran once")
                    .isEqualTo("x");
            assertThat(Files.readString(pidFile).strip()).isEqualTo(Long.toString(commandPid));
        } finally {
            if (commandPid > 0) {
                Pids.killQuietly(commandPid);
            }
        }
    }

    /** 65: SIGTERM mid-command: exit 0, the command's process is dead, and the key's receipt says failed. */
    @Test
    void sigtermDuringACommandExitsZeroKillsTheCommandAndRecordsItFailed() throws Exception {
        Path project = project("p65");
        Path pidFile = project.resolveSibling("pid-65");
        Map<String, Object> command;
        long commandPid = -1;
        try {
            try (RawSession first = serve()) {
                String workspace = open(first, project);
                command = Map.of(
                        "workspace_id",
                        workspace,
                        "request_key",
                        "k-65",
                        "command",
                        "echo $$ > ../pid-65; exec sleep 60");
                first.send(Json.toolCall(3, "bash", command));
                commandPid = Pids.await(pidFile, WAIT);

                first.sigterm();
                assertThat(first.awaitExit())
                        .as("exit status after SIGTERM%s", first.log())
                        .isZero();
                assertThat(Pids.alive(commandPid))
                        .as("the command's process %d after the server exited%s", commandPid, first.log())
                        .isFalse();
            }

            try (RawSession second = serve()) {
                JsonNode retry = call(second, 2, "bash", command);

                assertThat(retry.path("isError").asBoolean(false))
                        .as("%s%s", retry, second.log())
                        .isTrue();
                JsonNode details = retry.path("structuredContent").path("details");
                assertThat(details.path("status").asString("")).as("%s", retry).isEqualTo("failed");
                assertThat(details.path("replayed").asBoolean(false))
                        .as("%s", retry)
                        .isTrue();
                stop(second);
            }
            assertThat(Files.readString(pidFile).strip()).as("not run again").isEqualTo(Long.toString(commandPid));
        } finally {
            if (commandPid > 0) {
                Pids.killQuietly(commandPid);
            }
        }
    }

    /** 66: the database is owner-only, and no receipt column holds the command text or the written content. */
    @Test
    void receiptsLiveInAnOwnerOnlyDatabaseWithoutCommandTextOrFileContent() throws Exception {
        Path project = project("p66");
        String commandMarker = "command-marker-66";
        String contentMarker = "content-marker-66";
        // A state directory the server creates itself, so its mode is the server's doing.
        Path stateDir = dir.resolve("fresh-state");
        try (RawSession session = serve(Map.of("SWITCHBOARD_KERNEL__STATE_DIR", stateDir.toString()))) {
            String workspace = open(session, project);
            JsonNode wrote = call(
                    session,
                    3,
                    "write",
                    Map.of(
                            "workspace_id",
                            workspace,
                            "request_key",
                            "w-66",
                            "path",
                            "secret.txt",
                            "content",
                            contentMarker + "\n",
                            "expected_revision",
                            "missing"));
            assertThat(wrote.path("isError").asBoolean(false))
                    .as("%s%s", wrote, session.log())
                    .isFalse();
            JsonNode ran = call(
                    session,
                    4,
                    "bash",
                    Map.of(
                            "workspace_id",
                            workspace,
                            "request_key",
                            "b-66",
                            "command",
                            "printf done # " + commandMarker));
            assertThat(ran.path("isError").asBoolean(false))
                    .as("%s%s", ran, session.log())
                    .isFalse();
            stop(session);
        }

        Path database = stateDir.resolve("switchboard.db");
        try (Stream<Path> tree = Files.walk(stateDir)) {
            assertThat(tree.filter(Files::isDirectory))
                    .as("every directory under the state directory")
                    .allSatisfy(
                            folder -> assertThat(mode(folder)).as("%s", folder).isEqualTo("rwx------"));
        }
        assertThat(mode(database)).isEqualTo("rw-------");
        assertThat(SqliteFile.column(database, "SELECT tool FROM workspace_receipt"))
                .as("the receipts are there")
                .contains("write", "bash");
        assertThat(SqliteFile.everyValue(database))
                .noneMatch(value -> value.contains(commandMarker))
                .noneMatch(value -> value.contains(contentMarker));
    }

    private static Path project(String name) throws IOException {
        return Files.createDirectories(home.resolve(name)).toRealPath();
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    private static RawSession serve() {
        return serve(Map.of());
    }

    private static RawSession serve(Map<String, String> extraEnv) {
        Map<String, String> env = new HashMap<>(extraEnv);
        env.put("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", home.toString());
        RawSession session = installation.serve(env);
        session.initialize(1);
        return session;
    }

    /** Opens a workspace on the project with request id 2; @return its id */
    private static String open(RawSession session, Path project) {
        JsonNode opened = call(session, 2, "workspace_open", Map.of("cwd", project.toString()));
        String id = opened.path("structuredContent").path("workspace_id").asString("");
        assertThat(id).as("%s%s", opened, session.log()).isNotEmpty();
        return id;
    }

    /** @return the {@code result} of the tool call (failing the test on a JSON-RPC error) */
    private static JsonNode call(RawSession session, long id, String tool, Map<String, Object> arguments) {
        session.send(Json.toolCall(id, tool, arguments));
        JsonNode response = session.awaitResponse(id);
        assertThat(response.has("result")).as("%s%s", response, session.log()).isTrue();
        return response.path("result");
    }

    private static String text(JsonNode result) {
        return result.path("content").path(0).path("text").asString("");
    }

    /** Ends the session with end of input, the orderly stop of a stdio server. */
    private static void stop(RawSession session) {
        session.closeStdin();
        assertThat(session.awaitExit()).as(session.log()).isZero();
    }
}
