package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.domain.Revision;

class ReadAndListTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private String id;

    @BeforeEach
    void start() {
        harness = new WorkspaceHarness(state, home);
        id = harness.open(home);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    @DisplayName("read of a ZIP answers that it is binary, with its MIME type and size, not its bytes")
    void readOfAZipSaysItIsBinary() throws Exception {
        Path zip = home.resolve("archive.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("inner.txt"));
            out.write("hello".repeat(200).getBytes());
            out.closeEntry();
        }
        byte[] bytes = Files.readAllBytes(zip);

        Map<String, Object> read = harness.ok("read", args("workspace_id", id, "path", "archive.zip"));

        assertThat(read)
                .containsEntry("revision", Revision.of(bytes))
                .containsEntry("details", Map.of("bytes", bytes.length, "mimeType", "application/zip", "binary", true));
        assertThat((String) read.get("output"))
                .isEqualTo("Binary file [application/zip], " + bytes.length
                        + " bytes; not shown as text (inspect it with bash, for example `file` or `xxd | head`).");
    }

    @Test
    @DisplayName("read of a file with NUL bytes answers binary application/octet-stream, no U+FFFD")
    void readOfAFileWithNulBytesSaysItIsBinary() throws Exception {
        byte[] bytes = new byte[950];
        bytes[0] = 'x';
        bytes[500] = (byte) 0xFF;
        Files.write(home.resolve("blob.dat"), bytes);

        Map<String, Object> read = harness.ok("read", args("workspace_id", id, "path", "blob.dat"));

        assertThat((String) read.get("output"))
                .startsWith("Binary file [application/octet-stream], 950 bytes")
                .doesNotContain("\0")
                .doesNotContain("\uFFFD");
        assertThat(read)
                .containsEntry("details", Map.of("bytes", 950, "mimeType", "application/octet-stream", "binary", true));
    }

    @Test
    @DisplayName("text that merely starts like a short magic (MZ) is still read as text")
    void textStartingWithAShortMagicStaysText() throws Exception {
        Files.writeString(home.resolve("notes.txt"), "MZ stands for Mark Zbikowski\n");

        Map<String, Object> read = harness.ok("read", args("workspace_id", id, "path", "notes.txt"));

        assertThat(read).containsEntry("output", "MZ stands for Mark Zbikowski");
    }

    @Test
    @DisplayName("41: read returns revision sha256 of the bytes and its text as structuredContent.output")
    void readReturnsTheRevisionOfTheBytes() throws Exception {
        byte[] bytes = "first\nsecond\n".getBytes();
        Files.write(home.resolve("a.txt"), bytes);

        Map<String, Object> read = harness.ok("read", args("workspace_id", id, "path", "a.txt"));

        assertThat(read).containsEntry("revision", Revision.of(bytes)).containsEntry("output", "first\nsecond");
        assertThat((String) read.get("revision")).matches("sha256:[0-9a-f]{64}");
    }

    @Test
    @DisplayName("47: read of a 1x1 PNG returns an MCP image block, its bytes not repeated in structuredContent")
    void readsAPngAsAnImageBlock() throws Exception {
        byte[] png = java.util.Base64.getDecoder()
                .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
                        + "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        Files.write(home.resolve("dot.png"), png);

        var result = (dev.switchboard.ports.tool.ToolResult.Success)
                harness.call("read", args("workspace_id", id, "path", "dot.png"));

        assertThat(result.content()).hasSize(2);
        assertThat(result.content().get(1))
                .isEqualTo(new dev.switchboard.ports.content.Content.Image(
                        java.util.Base64.getEncoder().encodeToString(png), "image/png"));
        assertThat(result.structuredContent()).containsEntry("revision", Revision.of(png));
        assertThat(result.structuredContent().toString())
                .doesNotContain(java.util.Base64.getEncoder().encodeToString(png));
    }

    @Test
    @DisplayName("49: read with limit 1 on a two-line file shows the first line and a hint naming offset=2")
    void limitedReadNamesTheNextOffset() throws Exception {
        Files.writeString(home.resolve("two.txt"), "one\ntwo\n");

        String text = (String) harness.ok("read", args("workspace_id", id, "path", "two.txt", "limit", 1))
                .get("output");

        assertThat(text).startsWith("one\n").contains("offset=2").doesNotContain("two\n");
        assertThat(harness.ok("read", args("workspace_id", id, "path", "two.txt", "offset", 2))
                        .get("output"))
                .isEqualTo("two");
    }

    @Test
    void anOffsetPastSigned64BitsIsRefusedNamingTheFieldRatherThanWrapped() throws Exception {
        Files.writeString(home.resolve("many.txt"), "line\n".repeat(5000));

        // Jackson parses this literal (2^64 + 4096) into a BigInteger; its intValue() (the low 32 bits, 4096) was
        // once used as the offset, and the call answered about another line than asked.
        var failure = harness.refused(
                "read",
                args("workspace_id", id, "path", "many.txt", "offset", new BigInteger("18446744073709555712")),
                "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", "offset");
    }

    @Test
    void anOffsetPastTheIntRangeIsRefusedNamingTheFieldRatherThanTruncated() throws Exception {
        Files.writeString(home.resolve("many.txt"), "line\n".repeat(10));

        var failure = harness.refused(
                "read", args("workspace_id", id, "path", "many.txt", "offset", 4_294_967_297L), "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", "offset");
        assertThat(failure.message()).contains("offset: must be a whole number from 1 to 2147483647");
    }

    @Test
    @DisplayName("48: read of a directory is UNSUPPORTED_FILE")
    void refusesToReadADirectory() throws Exception {
        Files.createDirectory(home.resolve("dir"));

        harness.refused("read", args("workspace_id", id, "path", "dir"), "UNSUPPORTED_FILE");
    }

    @Test
    @DisplayName("48: read of a file over 32 MiB is FILE_TOO_LARGE")
    void refusesAFileOver32MiB() throws Exception {
        try (RandomAccessFile sparse =
                new RandomAccessFile(home.resolve("big.bin").toFile(), "rw")) {
            sparse.setLength(32L * 1024 * 1024 + 1);
        }

        harness.refused("read", args("workspace_id", id, "path", "big.bin"), "FILE_TOO_LARGE");
    }

    @Test
    void refusesAFifoWithoutBlocking() throws Exception {
        Path fifo = home.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(10, TimeUnit.SECONDS))
                .isTrue();

        harness.refused("read", args("workspace_id", id, "path", "pipe"), "UNSUPPORTED_FILE");
    }

    @Test
    void readOfAMissingFileFailsNamingIt() {
        assertThat(harness.refused("read", args("workspace_id", id, "path", "nope.txt"), "EXECUTION_FAILED")
                        .message())
                .contains("nope.txt");
    }

    @Test
    @DisplayName("40: an unknown argument is INVALID_ARGUMENTS")
    void refusesUnknownArguments() throws Exception {
        Files.writeString(home.resolve("a.txt"), "a");

        harness.refused("read", args("workspace_id", id, "path", "a.txt", "unexpected", true), "INVALID_ARGUMENTS");
        harness.refused("read", args("workspace_id", id, "path", "a.txt", "limit", 2001), "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName("50: ls lists entries sorted, directories with a slash, in content and structuredContent.output")
    void listsADirectory() throws Exception {
        Files.writeString(home.resolve("b.txt"), "b");
        Files.writeString(home.resolve(".hidden"), "h");
        Files.createDirectory(home.resolve("a-dir"));

        Map<String, Object> listed = harness.ok("ls", args("workspace_id", id));

        assertThat(listed).containsEntry("output", ".hidden\na-dir/\nb.txt").containsEntry("truncated", false);
    }

    @Test
    void lsSaysWhenTheLimitCutTheList() throws Exception {
        for (int i = 0; i < 5; i++) {
            Files.writeString(home.resolve("f" + i), "x");
        }

        Map<String, Object> listed = harness.ok("ls", args("workspace_id", id, "limit", 2));

        assertThat(listed).containsEntry("truncated", true);
        assertThat((String) listed.get("output")).startsWith("f0\nf1\n").contains("limit reached");
    }
}
