package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.switchboard.plugin.workspace.domain.ShownBytes;

/**
 * The shown part of a command's output: the tail of the full-output file, at most {@value #MAX_LINES} lines and
 * {@value #MAX_BYTES} bytes, the way the original bounds it (the end of the output is what usually matters).
 *
 * @param text      the shown output
 * @param truncated whether lines or bytes were cut from the front
 * @param bytes     the full output's size in bytes
 */
record CommandOutput(String text, boolean truncated, long bytes) {

    /** Lines shown at most. */
    static final int MAX_LINES = 2000;
    /** Bytes shown at most. */
    static final int MAX_BYTES = ShownBytes.MAX;

    /**
     * @param full the file with every byte of stdout and stderr, or a path that does not exist (no output)
     * @return the shown tail
     * @throws IOException if the file cannot be read
     */
    static CommandOutput tail(Path full) throws IOException {
        if (!Files.exists(full)) {
            return new CommandOutput("", false, 0);
        }
        try (RandomAccessFile file = new RandomAccessFile(full.toFile(), "r")) {
            long size = file.length();
            int take = (int) Math.min(size, MAX_BYTES);
            byte[] bytes = new byte[take];
            file.seek(size - take);
            file.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            boolean truncated = take < size;
            if (truncated) {
                // The cut may have split a line (or a character): start at the next whole line.
                int newline = text.indexOf('\n');
                text = newline >= 0 ? text.substring(newline + 1) : text;
            }
            String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
            String[] lines = body.split("\n", -1);
            if (lines.length > MAX_LINES) {
                truncated = true;
                int from = body.length();
                for (int i = 0; i < MAX_LINES; i++) {
                    from = body.lastIndexOf('\n', from - 1);
                }
                body = body.substring(from + 1);
            }
            return new CommandOutput(body, truncated, size);
        }
    }
}
