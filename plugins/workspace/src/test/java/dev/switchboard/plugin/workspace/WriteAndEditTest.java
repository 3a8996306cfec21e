package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.ports.tool.ToolResult;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class WriteAndEditTest {

    @Parameter
    String backend;

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private ReceiptDatabase database;
    private Path cwd;
    private String id;
    private int keys;

    @BeforeEach
    void start() throws Exception {
        database = ReceiptDatabase.of(backend, state);
        harness = new WorkspaceHarness(database, home);
        cwd = Files.createDirectory(home.resolve("cwd"));
        id = harness.open(cwd);
    }

    @AfterEach
    void stop() {
        harness.close();
        database.drop();
    }

    private Map<String, Object> write(String path, String content, String expected) {
        return args(
                "workspace_id",
                id,
                "request_key",
                "k" + keys++,
                "path",
                path,
                "content",
                content,
                "expected_revision",
                expected);
    }

    private Map<String, Object> edit(Path file, List<Map<String, Object>> edits) throws Exception {
        return args(
                "workspace_id",
                id,
                "request_key",
                "k" + keys++,
                "path",
                file.toString(),
                "expected_revision",
                Revision.of(Files.readAllBytes(file)),
                "edits",
                edits);
    }

    private static Map<String, Object> change(String oldText, String newText) {
        return Map.of("oldText", oldText, "newText", newText);
    }

    @Test
    @DisplayName("42: write with expected_revision missing creates a file, also outside cwd, and returns its revision")
    void createsAFileOutsideTheWorkspace() throws Exception {
        Map<String, Object> written = harness.ok("write", write("../outside.txt", "hello", "missing"));

        assertThat(home.resolve("outside.txt")).hasContent("hello");
        assertThat(written)
                .containsEntry("revision", Revision.of("hello".getBytes()))
                .containsEntry(
                        "changed_paths",
                        List.of(home.resolve("outside.txt").toRealPath().toString()));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("outside.txt"))))
                .isEqualTo("rw-------");
    }

    @Test
    @DisplayName("43: write with a stale expected_revision is REVISION_CONFLICT and the file is unchanged")
    void refusesAStaleRevision() throws Exception {
        Files.writeString(cwd.resolve("a.txt"), "now");

        ToolResult.Failure failure =
                harness.refused("write", write("a.txt", "new", Revision.of("before".getBytes())), "REVISION_CONFLICT");

        assertThat(cwd.resolve("a.txt")).hasContent("now");
        assertThat(failure.details()).containsEntry("current_revision", Revision.of("now".getBytes()));
    }

    @Test
    @DisplayName("44: write with missing on an existing file is REVISION_CONFLICT")
    void refusesMissingForAnExistingFile() throws Exception {
        Files.writeString(cwd.resolve("a.txt"), "now");

        harness.refused("write", write("a.txt", "new", "missing"), "REVISION_CONFLICT");
        assertThat(cwd.resolve("a.txt")).hasContent("now");
    }

    @Test
    void writeKeepsPermissionBitsAndReplacesWithTheCurrentRevision() throws Exception {
        Path file = Files.writeString(cwd.resolve("run.sh"), "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-x---"));

        harness.ok("write", write("run.sh", "new", Revision.of("old".getBytes())));

        assertThat(file).hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rwxr-x---");
    }

    @Test
    @DisplayName("45: edit through a symlink keeps BOM, CRLF, mode 0750 and the link, and returns a diff")
    void editThroughASymlinkKeepsBomCrlfModeAndLink() throws Exception {
        Path target = cwd.resolve("target.txt");
        Files.write(target, "\uFEFFhello\r\nworld\r\nend\r\n".getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-x---"));
        Path link = Files.createSymbolicLink(cwd.resolve("link.txt"), target);

        Map<String, Object> edited = harness.ok(
                "edit",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        "e1",
                        "path",
                        "link.txt",
                        "expected_revision",
                        Revision.of(Files.readAllBytes(target)),
                        "edits",
                        List.of(change("hello\nworld", "hi\nthere"))));

        assertThat(new String(Files.readAllBytes(target), StandardCharsets.UTF_8))
                .isEqualTo("\uFEFFhi\r\nthere\r\nend\r\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
                .isEqualTo("rwxr-x---");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) edited.get("details");
        assertThat((String) details.get("diff")).contains("-hello", "+hi", "-world", "+there");
        assertThat(edited).containsEntry("revision", Revision.of(Files.readAllBytes(target)));
    }

    @Test
    @DisplayName("46: writing through a dangling symlink or a path with NUL is INVALID_PATH")
    void refusesDanglingSymlinksAndNul() throws Exception {
        Files.createSymbolicLink(cwd.resolve("dangling"), cwd.resolve("nowhere"));

        harness.refused("write", write("dangling", "x", "missing"), "INVALID_PATH");
        harness.refused("write", write("a\0b", "x", "missing"), "INVALID_PATH");
        assertThat(cwd.resolve("nowhere")).doesNotExist();
    }

    @Test
    @DisplayName("editing a file that mixes CRLF and LF changes only the edited region's bytes")
    void editingAMixedLineEndFileKeepsTheUntouchedLineEnds() throws Exception {
        Path file = Files.writeString(cwd.resolve("mixed.txt"), "one\r\ntwo\nthree\r\n");

        harness.ok("edit", edit(file, List.of(change("three", "THREE"))));
        assertThat(Files.readString(file)).isEqualTo("one\r\ntwo\nTHREE\r\n");

        harness.ok("edit", edit(file, List.of(change("two\n", "two\nand a half\n"))));
        assertThat(Files.readString(file)).isEqualTo("one\r\ntwo\nand a half\nTHREE\r\n");

        harness.ok("edit", edit(file, List.of(change("one\n", "ONE\nUNO\n"))));
        assertThat(Files.readString(file)).isEqualTo("ONE\r\nUNO\r\ntwo\nand a half\nTHREE\r\n");
    }

    @Test
    @DisplayName("an edit of a file that is not valid UTF-8 is refused and every byte of the file is kept")
    void anEditOfAFileThatIsNotUtf8IsRefusedAndTheBytesAreKept() throws Exception {
        byte[] latin1 = {'c', 'a', 'f', (byte) 0xE9, '\n'};
        Path file = Files.write(cwd.resolve("latin1.txt"), latin1);

        ToolResult.Failure failure =
                harness.refused("edit", edit(file, List.of(change("caf", "CAF"))), "UNSUPPORTED_FILE");

        assertThat(failure.message()).contains("not valid UTF-8");
        assertThat(Files.readAllBytes(file)).containsExactly(latin1);
    }

    @Test
    @DisplayName("a lone UTF-16 surrogate in write's content or edit's newText is refused, nothing is written")
    void aLoneSurrogateIsRefusedByWriteAndEdit() throws Exception {
        ToolResult.Failure written =
                harness.refused("write", write("s.txt", "a\ud800b", "missing"), "INVALID_ARGUMENTS");
        assertThat(written.details()).containsEntry("field", "content");
        assertThat(cwd.resolve("s.txt")).doesNotExist();

        Path file = Files.writeString(cwd.resolve("t.txt"), "alpha beta");
        harness.refused("edit", edit(file, List.of(change("beta", "\ud800"))), "INVALID_ARGUMENTS");
        assertThat(file).hasContent("alpha beta");
    }

    @Test
    @DisplayName("an edit whose newText equals its oldText is refused as INVALID_ARGUMENTS")
    void aNoOpEditIsRefused() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "alpha beta");

        ToolResult.Failure failure =
                harness.refused("edit", edit(file, List.of(change("beta", "beta"))), "INVALID_ARGUMENTS");

        assertThat(failure.message()).contains("edits[0].newText equals its oldText");
        assertThat(file).hasContent("alpha beta");
    }

    @Test
    @DisplayName("two edits whose ranges touch are refused and the file is unchanged")
    void touchingEditsAreRefused() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "abcd");

        ToolResult.Failure failure =
                harness.refused("edit", edit(file, List.of(change("cd", "2"), change("ab", "1"))), "EXECUTION_FAILED");

        assertThat(failure.message()).contains("edits[1] and edits[0] touch");
        assertThat(file).hasContent("abcd");
    }

    @Test
    @DisplayName("a path with a C0 control character or DEL is INVALID_PATH, like NUL")
    void refusesControlCharactersInPaths() throws Exception {
        for (String path : new String[] {"a\nb", "tab\there", "esc\u001b[31m", "bell\u0007", "del\u007f"}) {
            ToolResult.Failure failure = harness.refused("write", write(path, "x", "missing"), "INVALID_PATH");
            assertThat(failure.message()).as(path).contains("control character U+");
            harness.refused("read", args("workspace_id", id, "path", path), "INVALID_PATH");
        }
        try (var entries = Files.list(cwd)) {
            assertThat(entries.toList()).isEmpty();
        }
    }

    @Test
    void overlappingEditsAreRefusedAndTheFileIsUnchanged() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "alpha beta gamma");

        harness.refused(
                "edit", edit(file, List.of(change("alpha beta", "A"), change("beta gamma", "B"))), "EXECUTION_FAILED");

        assertThat(file).hasContent("alpha beta gamma");
    }

    @Test
    void anOldTextThatOccursTwiceIsRefusedNamingTheCount() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "x = 1\nx = 1\n");

        ToolResult.Failure failure =
                harness.refused("edit", edit(file, List.of(change("x = 1", "x = 2"))), "EXECUTION_FAILED");

        assertThat(failure.message()).contains("2 times");
        assertThat(file).hasContent("x = 1\nx = 1\n");
    }

    @Test
    void editsAreMatchedAgainstTheOriginalNotOneAfterAnother() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "one two");

        harness.ok("edit", edit(file, List.of(change("one", "two"), change("two", "three"))));

        assertThat(file).hasContent("two three");
    }

    @Test
    void aCrlfFileEditedWithAnLfOldTextIsWrittenBackWithCrlf() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "a\r\nb\r\nc\r\n");

        harness.ok("edit", edit(file, List.of(change("a\nb", "x\ny"))));

        assertThat(Files.readString(file)).isEqualTo("x\r\ny\r\nc\r\n");
    }

    @Test
    void anOldTextThatIsMissingIsRefused() throws Exception {
        Path file = Files.writeString(cwd.resolve("a.txt"), "abc");

        harness.refused("edit", edit(file, List.of(change("zzz", "y"))), "EXECUTION_FAILED");
        assertThat(file).hasContent("abc");
    }

    @Test
    @DisplayName("68: two workspaces writing one file with the same expected revision: exactly one succeeds")
    void concurrentWritesWithTheSameRevisionLetOnlyOneThrough() throws Exception {
        Path file = Files.writeString(cwd.resolve("shared.txt"), "base");
        String base = Revision.of("base".getBytes());
        String other = harness.open(cwd);
        Callable<ToolResult> a = () -> harness.call(
                "write",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        "a",
                        "path",
                        "shared.txt",
                        "content",
                        "A",
                        "expected_revision",
                        base));
        Callable<ToolResult> b = () -> harness.call(
                "write",
                args(
                        "workspace_id",
                        other,
                        "request_key",
                        "b",
                        "path",
                        "shared.txt",
                        "content",
                        "B",
                        "expected_revision",
                        base));

        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ToolResult> first = pool.submit(a);
            Future<ToolResult> second = pool.submit(b);
            List<ToolResult> results = List.of(first.get(), second.get());

            assertThat(results).filteredOn(ToolResult.Success.class::isInstance).hasSize(1);
            assertThat(results)
                    .filteredOn(r -> r instanceof ToolResult.Failure f
                            && f.code().value().equals("REVISION_CONFLICT"))
                    .hasSize(1);
        }
        assertThat(Files.readString(file)).isIn("A", "B");
    }

    @Test
    @DisplayName("write and edit of a FIFO are refused as writes, without opening it and without the read message")
    void writeAndEditOfAFifoAreRefusedAsWrites() throws Exception {
        Path fifo = cwd.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(10, TimeUnit.SECONDS))
                .isTrue();

        ToolResult.Failure write = harness.refused("write", write("pipe", "x", "missing"), "UNSUPPORTED_FILE");
        ToolResult.Failure edit = harness.refused(
                "edit",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        "k" + keys++,
                        "path",
                        "pipe",
                        "expected_revision",
                        "missing",
                        "edits",
                        List.of(change("a", "b"))),
                "UNSUPPORTED_FILE");

        assertThat(write.message())
                .contains("a FIFO, device or socket", "write replaces regular files only", "nothing was written")
                .doesNotContain("can be read");
        assertThat(edit.message()).contains("edit replaces regular files only").doesNotContain("can be read");
        assertThat(Files.isRegularFile(fifo, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isFalse();
    }

    @Test
    @DisplayName("a read-only file (0444) is not replaced by write or edit: FILE_READ_ONLY, content and mode kept")
    void aReadOnlyFileIsRefusedAndKept() throws Exception {
        Path file = Files.writeString(cwd.resolve("frozen.txt"), "keep me\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        String revision = Revision.of(Files.readAllBytes(file));

        ToolResult.Failure write =
                harness.refused("write", write("frozen.txt", "changed\n", revision), "FILE_READ_ONLY");
        harness.refused("edit", edit(file, List.of(change("keep", "lose"))), "FILE_READ_ONLY");

        assertThat(write.message()).contains("read-only", "r--r--r--", "chmod u+w");
        assertThat(write.details()).containsEntry("mode", "r--r--r--");
        assertThat(Files.readString(file)).isEqualTo("keep me\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("r--r--r--");
    }

    @Test
    @DisplayName("replacing a file with another hard link says that the other name keeps the old content")
    void replacingAHardLinkedFileSaysTheOtherLinkKeepsTheOldContent() throws Exception {
        Path file = Files.writeString(cwd.resolve("linked.txt"), "old\n");
        Path other = Files.createLink(cwd.resolve("other-name.txt"), file);

        Map<String, Object> written =
                harness.ok("write", write("linked.txt", "new\n", Revision.of(Files.readAllBytes(file))));
        Map<String, Object> edited = harness.ok("edit", edit(file, List.of(change("new", "newer"))));

        assertThat(written.get("details"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("other_hard_links", 1);
        assertThat((String) written.get("output")).contains("1 other hard link(s); they still show the old content");
        assertThat(edited.get("details"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .doesNotContainKey("other_hard_links");
        assertThat(Files.readString(file)).isEqualTo("newer\n");
        assertThat(Files.readString(other)).isEqualTo("old\n");
    }
}
