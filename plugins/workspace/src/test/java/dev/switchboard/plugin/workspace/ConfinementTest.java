package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.adapter.in.lifecycle.ConfinementHealth;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.tool.ToolResult;

/** The handed confinement cases, with {@code plugins.workspace.roots} set to one root R. */
class ConfinementTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private Path root;
    private String id;
    private int keys;

    @BeforeEach
    void start() throws Exception {
        root = Files.createDirectory(home.resolve("ws"));
        harness = new WorkspaceHarness(state, home, Map.of("roots", List.of(root.toString())));
        id = harness.open(root);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private Map<String, Object> write(String path) {
        return args(
                "workspace_id",
                id,
                "request_key",
                "k" + keys++,
                "path",
                path,
                "content",
                "x",
                "expected_revision",
                "missing");
    }

    private void refusedOutside(String tool, Map<String, Object> arguments) {
        ToolResult.Failure failure = harness.refused(tool, arguments, "INVALID_PATH");
        assertThat(failure.message()).contains("outside the workspace roots").contains(root.toString());
        assertThat(failure.details()).containsKey("path").containsEntry("rule", "outside the workspace roots");
    }

    /** Every tool refuses the directory {@code dir} and the file {@code file} (relative to R, or absolute). */
    private void refusedForEveryTool(String dir, String file) {
        refusedOutside("read", args("workspace_id", id, "path", file));
        refusedOutside("ls", args("workspace_id", id, "path", dir));
        refusedOutside("find", args("workspace_id", id, "pattern", "*", "path", dir));
        refusedOutside("grep", args("workspace_id", id, "pattern", "root", "path", file));
        refusedOutside("write", write(dir + "/switchboard-must-not-exist"));
        refusedOutside("workspace_open", args("cwd", root.resolve(dir).toString()));
    }

    @Test
    @DisplayName("a sibling directory that shares the root's name as a prefix (R-evil) is outside R")
    void refusesASiblingThatSharesTheRootsPrefix() throws Exception {
        Path evil = Files.createDirectory(home.resolve("ws-evil"));
        Files.writeString(evil.resolve("x"), "secret");

        refusedForEveryTool(evil.toString(), evil.resolve("x").toString());
        refusedForEveryTool("../ws-evil", "../ws-evil/x");
        assertThat(evil.resolve("switchboard-must-not-exist")).doesNotExist();
    }

    @Test
    @DisplayName("a symlink in R pointing to /etc does not admit R/out/passwd")
    void refusesASymlinkThatPointsOutside() throws Exception {
        Files.createSymbolicLink(root.resolve("out"), Path.of("/etc"));

        refusedForEveryTool("out", "out/passwd");
        assertThat(Path.of("/etc/switchboard-must-not-exist")).doesNotExist();
    }

    @Test
    @DisplayName("../ escapes are refused for every file tool and for the workspace's directory")
    void refusesDotDotEscapes() {
        refusedForEveryTool("..", "../../../../../../etc/hostname");
        refusedForEveryTool("../..", "../x");
        assertThat(home.resolve("switchboard-must-not-exist")).doesNotExist();
    }

    @Test
    @DisplayName("a dangling symlink leaf is refused: where it would land cannot be checked")
    void refusesADanglingSymlinkLeaf() throws Exception {
        Files.createSymbolicLink(root.resolve("dangling"), home.resolve("missing-target"));

        harness.refused("write", write("dangling"), "INVALID_PATH");
        harness.refused("read", args("workspace_id", id, "path", "dangling"), "INVALID_PATH");
        assertThat(home.resolve("missing-target")).doesNotExist();
    }

    @Test
    @DisplayName("inside R every tool works, new files in new directories and symlinks within R included")
    void admitsPathsInsideTheRoot() throws Exception {
        harness.ok("write", write("a/b/new.txt"));
        Files.createSymbolicLink(root.resolve("link.txt"), root.resolve("a/b/new.txt"));

        assertThat(harness.ok("read", args("workspace_id", id, "path", "link.txt")))
                .containsEntry("output", "x");
        harness.ok(
                "edit",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        "e",
                        "path",
                        "link.txt",
                        "expected_revision",
                        Revision.of("x".getBytes()),
                        "edits",
                        List.of(Map.of("oldText", "x", "newText", "y"))));
        assertThat(root.resolve("a/b/new.txt")).hasContent("y");
        assertThat(harness.ok("find", args("workspace_id", id, "pattern", "*.txt"))
                        .get("output"))
                .asString()
                .contains("a/b/new.txt");
        assertThat(harness.ok("grep", args("workspace_id", id, "pattern", "y")).get("matches"))
                .isEqualTo(1);
        harness.ok("ls", args("workspace_id", id, "path", "a"));
    }

    @Test
    @DisplayName("a root named through a symlink is compared by its real path")
    void aRootNamedThroughASymlinkAdmitsItsTarget() throws Exception {
        Path alias = Files.createSymbolicLink(home.resolve("alias"), root);
        try (WorkspaceHarness aliased = new WorkspaceHarness(state, home, Map.of("roots", alias.toString()))) {
            String inside = aliased.open(root);
            aliased.ok(
                    "write",
                    args(
                            "workspace_id",
                            inside,
                            "request_key",
                            "k",
                            "path",
                            "f.txt",
                            "content",
                            "x",
                            "expected_revision",
                            "missing"));
            aliased.refused("workspace_open", args("cwd", home.toString()), "INVALID_PATH");
        }
    }

    @Test
    @DisplayName("workspace_open states the confinement in its access facts and its text")
    void openStatesTheConfinement() throws Exception {
        Map<String, Object> opened = harness.ok("workspace_open", args("cwd", root.toString()));

        assertThat(opened.get("access"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("confined", true)
                .containsEntry("roots", List.of(root.toString()))
                .containsEntry("cwd_is_sandbox", false);
        assertThat((String) opened.get("output")).contains("confined to [" + root + "]");
        try (WorkspaceHarness open = new WorkspaceHarness(state, home)) {
            assertThat(open.ok("workspace_open", args("cwd", home.toString())).get("access"))
                    .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsEntry("confined", false)
                    .containsEntry("roots", List.of());
        }
    }

    @Test
    @DisplayName("without roots, paths outside the workspace stay allowed, as in the original")
    void withoutRootsNothingIsConfined() throws Exception {
        Files.writeString(home.resolve("outside.txt"), "free");
        try (WorkspaceHarness open = new WorkspaceHarness(state, home)) {
            String free = open.open(root);
            assertThat(open.ok("read", args("workspace_id", free, "path", "../outside.txt")))
                    .containsEntry("output", "free");
        }
    }

    @Test
    void doctorListsTheRootsAndFlagsOneThatDoesNotExist() {
        harness.close();
        harness = new WorkspaceHarness(state, home, Map.of("roots", List.of(root.toString(), "missing-root")));

        List<HealthFinding> findings =
                harness.injector().getInstance(ConfinementHealth.class).examine();

        assertThat(findings).first().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(HealthFinding.Severity.OK);
            assertThat(f.message()).contains(root.toString());
        });
        assertThat(findings)
                .filteredOn(f -> f.severity() == HealthFinding.Severity.PROBLEM)
                .singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains(home.resolve("missing-root").toString()));
    }

    @Test
    void doctorFlagsAHomeThatDoesNotExist() {
        harness.close();
        harness = new WorkspaceHarness(state, home.resolve("gone"), Map.of());

        List<HealthFinding> findings =
                harness.injector().getInstance(ConfinementHealth.class).examine();

        assertThat(findings).first().satisfies(f -> assertThat(f.message()).startsWith("confinement off"));
        assertThat(findings)
                .filteredOn(f -> f.severity() == HealthFinding.Severity.PROBLEM)
                .singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains(home.resolve("gone").toString())
                        .contains("plugins.workspace.home"));
    }
}
