package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.workspace.application.WorkspaceRegistry;
import dev.switchboard.ports.tool.ToolResult;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class WorkspaceLifecycleTest {

    @Parameter
    String backend;

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private ReceiptDatabase database;

    @BeforeEach
    void start() {
        database = ReceiptDatabase.of(backend, state);
        harness = new WorkspaceHarness(database, home);
    }

    @AfterEach
    void stop() {
        harness.close();
        database.drop();
    }

    @Test
    @DisplayName("37: workspace_open without cwd opens the home directory with a UUID id and models_for_tools false")
    void opensTheHomeDirectoryWhenNoCwdIsGiven() throws Exception {
        Map<String, Object> opened = harness.ok("workspace_open", Map.of());

        assertThat(opened.get("cwd")).isEqualTo(home.toRealPath().toString());
        assertThat(UUID.fromString((String) opened.get("workspace_id"))).isNotNull();
        assertThat(opened).containsEntry("models_for_tools", false).containsKeys("account", "hostname", "os");
    }

    @Test
    void resolvesTildeAndRelativeCwdFromHome() throws Exception {
        Files.createDirectory(home.resolve("project"));

        assertThat(harness.ok("workspace_open", Map.of("cwd", "project")).get("cwd"))
                .isEqualTo(home.resolve("project").toRealPath().toString());
        assertThat(harness.ok("workspace_open", Map.of("cwd", "~/project")).get("cwd"))
                .isEqualTo(home.resolve("project").toRealPath().toString());
    }

    @Test
    @DisplayName("38: workspace_open on a regular file is INVALID_WORKSPACE")
    void refusesARegularFileAsWorkspace() throws Exception {
        Path file = Files.writeString(home.resolve("file.txt"), "x");

        harness.refused("workspace_open", Map.of("cwd", file.toString()), "INVALID_WORKSPACE");
        harness.refused("workspace_open", Map.of("cwd", home.resolve("missing").toString()), "INVALID_WORKSPACE");
    }

    @Test
    @DisplayName("39: a Git project reports its root and inlines AGENTS.md; nothing found is executed")
    void reportsGitRootAndInlinesProjectInstructions() throws Exception {
        Path project = Files.createDirectory(home.resolve("repo"));
        Files.writeString(project.resolve("AGENTS.md"), "Always run the linter.");
        Files.createDirectories(project.resolve(".pi/extensions"));
        Path marker = home.resolve("extension-ran");
        Files.writeString(
                project.resolve(".pi/extensions/boom.ts"),
                "require('fs').writeFileSync('" + marker + "', 'x'); throw new Error('loaded');");
        new ProcessBuilder("git", "init", "-q", project.toString()).start().waitFor(10, TimeUnit.SECONDS);

        Map<String, Object> opened = harness.ok("workspace_open", Map.of("cwd", project.toString()));

        @SuppressWarnings("unchecked")
        Map<String, Object> repository = (Map<String, Object>) opened.get("repository");
        assertThat(repository).containsEntry("root", project.toRealPath().toString());
        assertThat(opened.get("instructions"))
                .asList()
                .contains(project.toRealPath().resolve("AGENTS.md").toString());
        assertThat((String) opened.get("output")).contains("Always run the linter.");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aDirectoryOutsideGitHasNoRepository() {
        assertThat(harness.ok("workspace_open", Map.of("cwd", home.toString()))).containsEntry("repository", null);
    }

    @Test
    @DisplayName("62: after workspace_close, read with the old id is WORKSPACE_EXPIRED; closing twice is harmless")
    void closedWorkspaceExpiresAndClosingAgainIsHarmless() throws Exception {
        Files.writeString(home.resolve("a.txt"), "a");
        String id = harness.open(home);

        assertThat(harness.ok("workspace_close", Map.of("workspace_id", id)))
                .containsEntry("closed", true)
                .containsKey("cwd");
        assertThat(harness.ok("workspace_close", Map.of("workspace_id", id))).containsEntry("closed", true);
        harness.refused("read", args("workspace_id", id, "path", "a.txt"), "WORKSPACE_EXPIRED");
    }

    @Test
    @DisplayName("an id this server never issued is INVALID_WORKSPACE for every tool that takes one")
    void aWorkspaceIdNeverIssuedIsInvalidForEveryToolTakingOne() throws Exception {
        Files.writeString(home.resolve("a.txt"), "a");
        harness.open(home);
        String never = UUID.randomUUID().toString();

        for (String notAnId : List.of(never, "not-a-uuid", never.toUpperCase(java.util.Locale.ROOT))) {
            ToolResult.Failure refused =
                    harness.refused("read", args("workspace_id", notAnId, "path", "a.txt"), "INVALID_WORKSPACE");
            assertThat(refused.message()).contains("never issued", "workspace_open");
            assertThat(refused.details()).containsEntry("workspace_id", notAnId);
        }
        harness.refused("ls", args("workspace_id", never), "INVALID_WORKSPACE");
        harness.refused("find", args("workspace_id", never, "pattern", "*"), "INVALID_WORKSPACE");
        harness.refused("grep", args("workspace_id", never, "pattern", "a"), "INVALID_WORKSPACE");
        harness.refused("skill_info", args("workspace_id", never), "INVALID_WORKSPACE");
        harness.refused(
                "write",
                args(
                        "workspace_id",
                        never,
                        "request_key",
                        "w",
                        "path",
                        "b.txt",
                        "content",
                        "b",
                        "expected_revision",
                        "missing"),
                "INVALID_WORKSPACE");
        harness.refused(
                "edit",
                args(
                        "workspace_id",
                        never,
                        "request_key",
                        "e",
                        "path",
                        "a.txt",
                        "expected_revision",
                        "missing",
                        "edits",
                        List.of(Map.of("oldText", "a", "newText", "b"))),
                "INVALID_WORKSPACE");
        harness.refused(
                "bash", args("workspace_id", never, "request_key", "b", "command", "touch ran"), "INVALID_WORKSPACE");

        assertThat(home.resolve("b.txt")).doesNotExist();
        assertThat(home.resolve("ran")).doesNotExist();
    }

    @Test
    @DisplayName(
            "an open workspace's id spelled in upper case was never issued: INVALID_WORKSPACE, and close keeps it open")
    void anIssuedIdInAnotherSpellingIsInvalidNotExpired() throws Exception {
        Files.writeString(home.resolve("a.txt"), "a");
        String id = harness.open(home);
        String upper = id.toUpperCase(java.util.Locale.ROOT);

        ToolResult.Failure refused =
                harness.refused("read", args("workspace_id", upper, "path", "a.txt"), "INVALID_WORKSPACE");
        assertThat(refused.message()).contains("never issued", "lower-case");
        harness.refused(
                "bash", args("workspace_id", upper, "request_key", "b", "command", "touch ran"), "INVALID_WORKSPACE");
        assertThat(harness.ok("workspace_close", Map.of("workspace_id", upper)))
                .containsEntry("closed", true)
                .doesNotContainKey("cwd");

        assertThat(harness.ok("read", args("workspace_id", id, "path", "a.txt")).get("output"))
                .isEqualTo("a");
        assertThat(home.resolve("ran")).doesNotExist();
    }

    @Test
    @DisplayName("62: an id issued before a restart (same state directory) is WORKSPACE_EXPIRED, not INVALID_WORKSPACE")
    void anIdIssuedBeforeARestartIsExpired() {
        String before = harness.open(home);
        harness.close();
        harness = new WorkspaceHarness(state, home);

        harness.refused("ls", args("workspace_id", before), "WORKSPACE_EXPIRED");
        harness.refused("ls", args("workspace_id", UUID.randomUUID().toString()), "INVALID_WORKSPACE");
    }

    @Test
    @DisplayName("67: the 65th workspace reclaims the least recently used idle one; a busy one is skipped")
    void reclaimsTheLeastRecentlyUsedIdleWorkspace() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            ids.add(harness.open(home));
        }
        // Touching the oldest makes the second the least recently used.
        harness.ok("ls", args("workspace_id", ids.get(0)));
        WorkspaceRegistry registry = harness.injector().getInstance(WorkspaceRegistry.class);
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread call = Thread.ofVirtual()
                .start(() -> registry.within(ids.get(1), workspace -> {
                    busy.countDown();
                    await(release);
                    return null;
                }));
        busy.await();

        harness.open(home);

        harness.ok("ls", args("workspace_id", ids.get(0)));
        harness.ok("ls", args("workspace_id", ids.get(1)));
        harness.refused("ls", args("workspace_id", ids.get(2)), "WORKSPACE_EXPIRED");
        assertThat(registry.size()).isEqualTo(64);
        release.countDown();
        call.join();
    }

    @Test
    @DisplayName("67: when all 64 workspaces are busy, opening another is WORKSPACE_LIMIT")
    void refusesWhenEveryWorkspaceIsBusy() throws Exception {
        WorkspaceRegistry registry = harness.injector().getInstance(WorkspaceRegistry.class);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch busy = new CountDownLatch(64);
        List<Thread> calls = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            String id = harness.open(home);
            calls.add(Thread.ofVirtual()
                    .start(() -> registry.within(id, workspace -> {
                        busy.countDown();
                        await(release);
                        return null;
                    })));
        }
        busy.await();

        harness.refused("workspace_open", Map.of("cwd", home.toString()), "WORKSPACE_LIMIT");

        release.countDown();
        for (Thread call : calls) {
            call.join();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
