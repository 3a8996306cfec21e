package dev.switchboard.plugin.workspace.application;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The project instructions that apply to a directory: {@code AGENTS.md}, {@code CLAUDE.md} and {@code CONTEXT.md}
 * found in it and in each parent up to the root, nearest first. They are read as text to show the assistant, never
 * executed. Each file is cut at {@value #MAX_CHARS} characters. Stateless.
 */
final class ProjectInstructions {

    /** The file names looked for, in this order within a directory. */
    static final List<String> NAMES = List.of("AGENTS.md", "CLAUDE.md", "CONTEXT.md");

    private static final int MAX_CHARS = 64 * 1024;

    /**
     * One instruction file.
     *
     * @param path    its absolute path
     * @param content its text, possibly cut
     */
    record Found(Path path, String content) {}

    private ProjectInstructions() {}

    /**
     * @param cwd a real directory
     * @return the files found, nearest first; unreadable ones are skipped
     */
    static List<Found> from(Path cwd) {
        List<Found> found = new ArrayList<>();
        for (Path dir = cwd; dir != null; dir = dir.getParent()) {
            for (String name : NAMES) {
                Path file = dir.resolve(name);
                if (Files.isRegularFile(file)) {
                    read(file, found);
                }
            }
        }
        return found;
    }

    private static void read(Path file, List<Found> found) {
        byte[] bytes = RegularFile.bytesOrNull(file, (int) FileSnapshot.MAX_BYTES);
        if (bytes == null) {
            // An unreadable instruction file is skipped: opening the workspace must not fail because of it.
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        found.add(new Found(
                file,
                text.length() > MAX_CHARS
                        ? text.substring(0, MAX_CHARS) + "\n[cut at " + MAX_CHARS + " characters]"
                        : text));
    }
}
