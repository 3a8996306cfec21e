package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.domain.Revision;

/** {@code read}'s byte cap: at most 50 KiB of text, whatever the lines are like. */
class ReadCapTest {

    private static final int CAP = 50 * 1024;

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
    @DisplayName("a 6 MiB file of one line, with or without limit 1, shows its first 50 KiB, where it was cut and how"
            + " to read on; the revision is the whole file's")
    void aLongSingleLineIsCutAtTheCapWithAWayToReadOn() throws Exception {
        Path file = home.resolve("one line.txt");
        byte[] bytes = oneLine(6 * 1024 * 1024);
        Files.write(file, bytes);

        for (Map<String, Object> arguments : List.of(
                args("workspace_id", id, "path", "one line.txt"),
                args("workspace_id", id, "path", "one line.txt", "limit", 1))) {
            Map<String, Object> read = harness.ok("read", arguments);
            String output = (String) read.get("output");
            String shown = output.substring(0, output.indexOf("\n\n["));

            assertThat(shown.getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(CAP);
            assertThat(new String(bytes, 0, shown.getBytes(StandardCharsets.UTF_8).length, StandardCharsets.UTF_8))
                    .isEqualTo(shown);
            assertThat(output)
                    .endsWith("\n\n[Line 1 is cut at byte " + shown.getBytes(StandardCharsets.UTF_8).length
                            + " of its " + bytes.length + " (the 51200-byte answer cap). Read on with bash: sed -n"
                            + " '1p' '" + file + "' | tail -c +" + (shown.getBytes(StandardCharsets.UTF_8).length + 1)
                            + " | head -c 51200.]");
            assertThat(output.length()).isLessThan(CAP + 300);
            assertThat(read).containsEntry("revision", Revision.of(bytes));
        }
    }

    @Test
    @DisplayName("the bash command a cut line names shows exactly the bytes that follow the cut")
    void theHintsCommandReadsOnWhereTheCutWas() throws Exception {
        byte[] bytes = oneLine(200_000);
        Files.write(home.resolve("long.txt"), bytes);

        String output = (String)
                harness.ok("read", args("workspace_id", id, "path", "long.txt")).get("output");
        String command = output.substring(output.indexOf("bash: ") + 6, output.length() - 2);
        Process bash = new ProcessBuilder("bash", "-c", command).start();
        bash.getOutputStream().close();
        byte[] next = bash.getInputStream().readAllBytes();

        assertThat(bash.waitFor()).isZero();
        int cut = output.substring(0, output.indexOf("\n\n[")).getBytes(StandardCharsets.UTF_8).length;
        assertThat(next).isEqualTo(Arrays.copyOfRange(bytes, cut, cut + CAP));
    }

    @Test
    @DisplayName("many short lines stop at the last whole line under the cap, with the offset to continue")
    void shortLinesStopAtTheCapWithTheNextOffset() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 1500; i++) {
            text.append("line ").append(i).append(' ').append("x".repeat(90)).append('\n');
        }
        Files.writeString(home.resolve("wide.txt"), text);

        String output = (String)
                harness.ok("read", args("workspace_id", id, "path", "wide.txt")).get("output");

        String shown = output.substring(0, output.indexOf("\n\n["));
        int lines = shown.split("\n").length;
        assertThat(shown.getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(CAP);
        assertThat(shown).endsWith("line " + lines + " " + "x".repeat(90));
        assertThat(output)
                .endsWith("[Showing lines 1-" + lines + " of 1500 (the 51200-byte answer cap). Use offset="
                        + (lines + 1) + " to continue.]");
        assertThat((String) harness.ok("read", args("workspace_id", id, "path", "wide.txt", "offset", lines + 1))
                        .get("output"))
                .startsWith("line " + (lines + 1) + " ");
    }

    @Test
    @DisplayName("a small file is shown whole, as before")
    void aSmallFileIsShownWhole() throws IOException {
        Files.writeString(home.resolve("small.txt"), "one\ntwo\n");

        assertThat(harness.ok("read", args("workspace_id", id, "path", "small.txt")))
                .containsEntry("output", "one\ntwo");
    }

    /** @return one line of {@code size} bytes with multi-byte characters, so a cut must respect their bounds */
    private static byte[] oneLine(int size) {
        byte[] unit = "abc\u00e9\u4e2d\ud83d\ude00-".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[size - size % unit.length];
        for (int i = 0; i < bytes.length; i += unit.length) {
            System.arraycopy(unit, 0, bytes, i, unit.length);
        }
        return bytes;
    }
}
