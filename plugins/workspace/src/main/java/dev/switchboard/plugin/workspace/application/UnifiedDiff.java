package dev.switchboard.plugin.workspace.application;

import java.util.Arrays;
import java.util.List;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

/** A unified diff with three lines of context, through java-diff-utils. Stateless. */
final class UnifiedDiff {

    private UnifiedDiff() {}

    /**
     * @param name   the file's name in the headers
     * @param before the old text (LF)
     * @param after  the new text (LF)
     * @return the diff, lines joined by LF
     */
    static String of(String name, String before, String after) {
        List<String> old = Arrays.asList(before.split("\n", -1));
        List<String> now = Arrays.asList(after.split("\n", -1));
        return String.join(
                "\n", UnifiedDiffUtils.generateUnifiedDiff("a/" + name, "b/" + name, old, DiffUtils.diff(old, now), 3));
    }
}
