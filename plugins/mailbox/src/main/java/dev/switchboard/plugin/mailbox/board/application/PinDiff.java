package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

/**
 * What changed between two versions of a pin's body, line by line: a unified diff with {@value #CONTEXT} lines of
 * context, through java-diff-utils, as lines a page can mark up (ADR 66). Stateless.
 */
public final class PinDiff {

    /** Unchanged lines kept around each change. */
    public static final int CONTEXT = 3;

    /** What a line of the diff is. */
    public enum Kind {
        /** A hunk's header ({@code @@ -1,3 +1,4 @@}). */
        HUNK,
        /** A line only the newer version has. */
        ADDED,
        /** A line only the older version has. */
        REMOVED,
        /** An unchanged line around a change. */
        CONTEXT
    }

    /**
     * One line of a diff.
     *
     * @param kind what it is
     * @param text the line, without its {@code +}, {@code -} or space marker (a hunk's header whole)
     */
    public record Line(Kind kind, String text) {
        /** @throws NullPointerException if a component is null */
        public Line {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(text, "text");
        }

        /** @return {@code hunk}, {@code added}, {@code removed} or {@code context}: the line's CSS class */
        public String css() {
            return kind.name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @return the marker a unified diff puts before the line ({@code +}, {@code -}, a space, or none) */
        public String marker() {
            return switch (kind) {
                case ADDED -> "+";
                case REMOVED -> "-";
                case CONTEXT -> " ";
                case HUNK -> "";
            };
        }
    }

    private PinDiff() {}

    /**
     * @param older the older version's body (LF or CRLF lines)
     * @param newer the newer version's body
     * @return the changes, empty when the bodies are equal
     */
    public static List<Line> between(String older, String newer) {
        List<String> before = lines(older);
        List<String> after = lines(newer);
        List<String> unified =
                UnifiedDiffUtils.generateUnifiedDiff("older", "newer", before, DiffUtils.diff(before, after), CONTEXT);
        List<Line> diff = new ArrayList<>();
        // The first two lines are the file headers (--- older, +++ newer), present only when something changed.
        for (String line : unified.subList(Math.min(2, unified.size()), unified.size())) {
            if (line.startsWith("@@")) {
                diff.add(new Line(Kind.HUNK, line));
            } else if (line.startsWith("+")) {
                diff.add(new Line(Kind.ADDED, line.substring(1)));
            } else if (line.startsWith("-")) {
                diff.add(new Line(Kind.REMOVED, line.substring(1)));
            } else {
                diff.add(new Line(Kind.CONTEXT, line.isEmpty() ? line : line.substring(1)));
            }
        }
        return List.copyOf(diff);
    }

    private static List<String> lines(String text) {
        return Arrays.asList(text.replace("\r\n", "\n").split("\n", -1));
    }
}
