package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** find and grep skip what .gitignore ignores, inside a Git work tree only, as fd and ripgrep do. */
class GitignoreTest {

    private static final List<String> KEPT = List.of("keep.log", "local.txt", "src/A.java", "sub/anchored.txt");

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private Path repo;

    @BeforeEach
    void start() throws Exception {
        harness = new WorkspaceHarness(state, home);
        repo = Files.createDirectory(home.resolve("repo"));
        assertThat(new ProcessBuilder("git", "init", "-q", repo.toString())
                        .start()
                        .waitFor())
                .isZero();
        Files.writeString(repo.resolve(".gitignore"), "build/\n*.log\n!keep.log\n/anchored.txt\n");
        Files.writeString(repo.resolve(".git/info/exclude"), "secret.txt\n");
        for (String file : List.of(
                "src/A.java",
                "build/out.txt",
                "app.log",
                "keep.log",
                "anchored.txt",
                "sub/anchored.txt",
                "sub/local.txt",
                "local.txt",
                "secret.txt",
                "sub/debug.log")) {
            Files.createDirectories(repo.resolve(file).getParent());
            Files.writeString(repo.resolve(file), "needle\n");
        }
        Files.writeString(repo.resolve("sub/.gitignore"), "local.txt\n");
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private List<String> find(String id, String pattern, String path) {
        String output = (String) harness.ok(
                        "find",
                        path == null
                                ? args("workspace_id", id, "pattern", pattern)
                                : args("workspace_id", id, "pattern", pattern, "path", path))
                .get("output");
        return Arrays.asList(output.split("\n"));
    }

    @Test
    @DisplayName("find skips ignored files and directories: nested .gitignore, negation, anchoring, info/exclude")
    void findSkipsIgnoredPaths() {
        String id = harness.open(repo);

        assertThat(find(id, "*.*", null))
                .filteredOn(name -> !name.endsWith(".gitignore"))
                .containsExactlyElementsOf(KEPT);
        assertThat(find(id, "build", null)).containsExactly("No files found matching pattern");
    }

    @Test
    @DisplayName("grep skips the files that .gitignore ignores")
    void grepSkipsIgnoredFiles() {
        String id = harness.open(repo);

        String output = (String) harness.ok("grep", args("workspace_id", id, "pattern", "needle"))
                .get("output");

        assertThat(Arrays.stream(output.split("\n"))
                        .map(line -> line.substring(0, line.indexOf(':')))
                        .toList())
                .containsExactlyInAnyOrderElementsOf(KEPT);
    }

    @Test
    @DisplayName("a walk that starts inside a repository applies the rules from the repository's root down")
    void aWalkInsideTheRepositoryAppliesTheRootsRules() {
        String id = harness.open(repo.resolve("sub"));

        assertThat(find(id, "*", null)).containsExactly(".gitignore", "anchored.txt");
        assertThat(find(id, "*.log", repo.toString())).containsExactly("keep.log");
    }

    @Test
    @DisplayName("outside a Git work tree a .gitignore is not applied; a repository found below starts its own")
    void outsideARepositoryNothingIsIgnored() throws Exception {
        Path plain = Files.createDirectory(home.resolve("plain"));
        Files.writeString(plain.resolve(".gitignore"), "*.log\n");
        Files.writeString(plain.resolve("a.log"), "x\n");
        Path inner = Files.createDirectory(plain.resolve("inner"));
        assertThat(new ProcessBuilder("git", "init", "-q", inner.toString())
                        .start()
                        .waitFor())
                .isZero();
        Files.writeString(inner.resolve(".gitignore"), "*.tmp\n");
        Files.writeString(inner.resolve("x.tmp"), "x\n");
        Files.writeString(inner.resolve("y.txt"), "x\n");
        String id = harness.open(plain);

        assertThat(find(id, "*.*", null))
                .filteredOn(name -> !name.endsWith(".gitignore"))
                .containsExactly("a.log", "inner/y.txt");
    }
}
