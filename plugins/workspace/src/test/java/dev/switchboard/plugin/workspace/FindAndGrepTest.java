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

class FindAndGrepTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private String id;

    @BeforeEach
    void start() throws Exception {
        harness = new WorkspaceHarness(state, home);
        Files.writeString(home.resolve("a.txt"), "first line\nsecond line\nthird line\n");
        Files.createDirectories(home.resolve("sub"));
        Files.writeString(home.resolve("sub/b.txt"), "Second thoughts\n");
        Files.writeString(home.resolve("sub/c.md"), "second in markdown\n");
        Files.createDirectories(home.resolve(".git"));
        Files.writeString(home.resolve(".git/x.txt"), "second in git\n");
        Files.write(home.resolve("bin.txt"), new byte[] {'s', 'e', 'c', 'o', 'n', 'd', 0});
        id = harness.open(home);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    @DisplayName("50: find *.txt returns the matching paths in content and structuredContent.output")
    void findMatchesFileNamesByGlob() {
        Map<String, Object> found = harness.ok("find", args("workspace_id", id, "pattern", "*.txt"));

        assertThat(found).containsEntry("output", "a.txt\nbin.txt\nsub/b.txt").containsEntry("truncated", false);
    }

    @Test
    void findSaysWhenTheLimitCutTheList() {
        Map<String, Object> found = harness.ok("find", args("workspace_id", id, "pattern", "*", "limit", 2));

        assertThat(found).containsEntry("truncated", true);
        assertThat((String) found.get("output")).contains("limit reached");
    }

    @Test
    @DisplayName("50: grep second returns the matching lines, skipping .git and binary files")
    void grepFindsMatchingLines() {
        Map<String, Object> found = harness.ok("grep", args("workspace_id", id, "pattern", "second"));

        assertThat((String) found.get("output"))
                .contains("a.txt:2: second line", "sub/c.md:1: second in markdown")
                .doesNotContain("git")
                .doesNotContain("bin.txt")
                .doesNotContain("Second thoughts");
    }

    @Test
    void grepFoldsCaseFiltersByGlobAndShowsContext() {
        String text = (String) harness.ok(
                        "grep",
                        args(
                                "workspace_id",
                                id,
                                "pattern",
                                "SECOND",
                                "ignoreCase",
                                true,
                                "glob",
                                "*.txt",
                                "context",
                                1))
                .get("output");

        assertThat(text)
                .contains(
                        "a.txt-1- first line",
                        "a.txt:2: second line",
                        "a.txt-3- third line",
                        "sub/b.txt:1: Second thoughts")
                .doesNotContain("markdown");
    }

    @Test
    void grepTreatsALiteralAsPlainText() throws Exception {
        Files.writeString(home.resolve("regex.txt"), "a.b\naxb\n");

        String text = (String)
                harness.ok("grep", args("workspace_id", id, "pattern", "a.b", "literal", true, "path", "regex.txt"))
                        .get("output");

        assertThat(text).isEqualTo("regex.txt:1: a.b");
    }

    @Test
    void grepRefusesAnInvalidRegularExpression() {
        harness.refused("grep", args("workspace_id", id, "pattern", "("), "INVALID_ARGUMENTS");
    }

    @Test
    void grepSaysWhenTheLimitCutTheSearch() {
        Map<String, Object> found = harness.ok("grep", args("workspace_id", id, "pattern", "line", "limit", 1));

        assertThat(found).containsEntry("truncated", true).containsEntry("matches", 1);
    }

    @Test
    void grepMatchesCrlfLinesWithoutTheirLineBreakAndAnchorsPerLine() throws Exception {
        Files.writeString(home.resolve("crlf.txt"), "alpha\r\nbeta end\r\ngamma");

        String text =
                (String) harness.ok("grep", args("workspace_id", id, "pattern", "end$|^gamma$", "path", "crlf.txt"))
                        .get("output");

        assertThat(text).isEqualTo("crlf.txt:2: beta end\ncrlf.txt:3: gamma");
    }

    @Test
    void grepWithALimitPrintsExactlyTheFirstMatchesOfTheFullSearchAcrossManyFiles() throws Exception {
        Path many = Files.createDirectories(home.resolve("many"));
        for (int i = 0; i < 300; i++) {
            Files.writeString(many.resolve("f%03d.txt".formatted(i)), i % 2 == 0 ? "needle " + i + "\n" : "hay\n");
        }
        Map<String, Object> all = harness.ok(
                "grep", args("workspace_id", id, "pattern", "needle", "literal", true, "path", "many", "limit", 1000));

        Map<String, Object> first = harness.ok(
                "grep", args("workspace_id", id, "pattern", "needle", "literal", true, "path", "many", "limit", 140));

        List<String> allLines = List.of(((String) all.get("output")).split("\n"));
        assertThat(all).containsEntry("matches", 150).containsEntry("truncated", false);
        assertThat(allLines).hasSize(150).doesNotHaveDuplicates().allMatch(line -> line.contains(": needle "));
        assertThat(first).containsEntry("matches", 140).containsEntry("truncated", true);
        assertThat(((String) first.get("output")).split("\n"))
                .startsWith(allLines.subList(0, 140).toArray(String[]::new));
    }

    @Test
    @DisplayName("find and grep with a path that is a symlink to a directory search its target")
    void aSymlinkedDirectoryIsSearchedAtItsTarget() throws Exception {
        Files.createSymbolicLink(home.resolve("linked"), home.resolve("sub"));

        Map<String, Object> found = harness.ok("find", args("workspace_id", id, "pattern", "*", "path", "linked"));
        Map<String, Object> grepped =
                harness.ok("grep", args("workspace_id", id, "pattern", "second", "ignoreCase", true, "path", "linked"));

        assertThat(found).containsEntry("output", "b.txt\nc.md").containsEntry("matches", 2);
        assertThat(grepped).containsEntry("output", "b.txt:1: Second thoughts\nc.md:1: second in markdown");
    }

    @Test
    @DisplayName("with confinement, a symlinked directory inside the roots is searched too")
    void aSymlinkedDirectoryInsideTheRootsIsSearchedWhenConfined() throws Exception {
        Files.createSymbolicLink(home.resolve("linked"), home.resolve("sub"));
        try (WorkspaceHarness confined =
                new WorkspaceHarness(state.resolve("confined"), home, Map.of("roots", List.of(home.toString())))) {
            String ws = confined.open(home);

            Map<String, Object> found =
                    confined.ok("find", args("workspace_id", ws, "pattern", "*.md", "path", "linked"));
            Map<String, Object> grepped =
                    confined.ok("grep", args("workspace_id", ws, "pattern", "thoughts", "path", "linked"));

            assertThat(found).containsEntry("output", "c.md");
            assertThat(grepped).containsEntry("output", "b.txt:1: Second thoughts");
        }
    }
}
