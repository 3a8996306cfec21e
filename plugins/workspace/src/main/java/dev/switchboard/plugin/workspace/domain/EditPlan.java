package dev.switchboard.plugin.workspace.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Applies a set of {@link TextEdit}s to a text, every one matched against the original (never against the result of
 * another edit). Each {@code oldText} must occur exactly once and differ from its {@code newText}; two edits whose
 * matched ranges overlap or touch (one ends where the next begins) are refused, since their order would be a guess.
 * Line ends in the edits are compared as LF, so an LF {@code oldText} matches a CRLF file. Only the matched regions
 * change: the line ends outside them stay as they are, even in a file that mixes CRLF and LF, and a replacement's
 * line ends follow the region it replaces (CRLF where that region had CRLF, LF where it had LF; where it had none,
 * the file's more common line end). Stateless.
 */
public final class EditPlan {

    private record Span(int index, int start, int end, String replacement) {}

    private EditPlan() {}

    /**
     * @param original text with LF line ends only (no BOM)
     * @param edits    one or more edits
     * @return the edited text
     * @throws WorkspaceException as {@link #apply(TextFormat.Decoded, List)}
     */
    public static String apply(String original, List<TextEdit> edits) {
        return apply(new TextFormat.Decoded(original, new TextFormat(false, false), original), edits);
    }

    /**
     * @param file  the file's text, decoded
     * @param edits one or more edits
     * @return the edited text as it goes on disk (without the BOM, which {@link TextFormat#bytes} adds back)
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} naming the edit when an oldText is missing, occurs
     *                            more than once, or overlaps or touches another edit's match;
     *                            {@link Code#INVALID_ARGUMENTS} when an edit's newText equals its oldText; nothing is
     *                            applied then
     */
    public static String apply(TextFormat.Decoded file, List<TextEdit> edits) {
        List<Span> spans = spans(file.text(), edits);
        LineEnds ends = LineEnds.of(file.raw());
        StringBuilder out = new StringBuilder(file.raw());
        for (int i = spans.size() - 1; i >= 0; i--) {
            Span span = spans.get(i);
            int start = ends.rawOffset(span.start());
            int end = ends.rawOffset(span.end());
            out.replace(start, end, ends.styled(span.replacement(), file.raw(), start, end));
        }
        return out.toString();
    }

    private static List<Span> spans(String original, List<TextEdit> edits) {
        List<Span> spans = new ArrayList<>();
        for (int i = 0; i < edits.size(); i++) {
            String old = TextFormat.toLf(edits.get(i).oldText());
            String replacement = TextFormat.toLf(edits.get(i).newText());
            if (old.equals(replacement)) {
                throw new WorkspaceException(
                        Code.INVALID_ARGUMENTS,
                        "edits[" + i + "].newText equals its oldText, so"
                                + " the edit would change nothing; drop it or change newText",
                        Map.of("field", "edits[" + i + "].newText", "edit", i));
            }
            int at = original.indexOf(old);
            if (at < 0) {
                throw refuse(
                        i,
                        "edits[" + i + "].oldText was not found in the file; read the file again and copy"
                                + " the text exactly",
                        0);
            }
            int count = occurrences(original, old);
            if (count > 1) {
                throw refuse(
                        i,
                        "edits[" + i + "].oldText occurs " + count + " times in the file; it must occur"
                                + " exactly once: include more surrounding lines",
                        count);
            }
            spans.add(new Span(i, at, at + old.length(), replacement));
        }
        spans.sort(Comparator.comparingInt(Span::start));
        for (int i = 1; i < spans.size(); i++) {
            Span before = spans.get(i - 1);
            Span after = spans.get(i);
            if (after.start() <= before.end()) {
                String how = after.start() < before.end() ? "overlap" : "touch (one ends where the other begins)";
                throw new WorkspaceException(
                        Code.EXECUTION_FAILED,
                        "edits[" + before.index() + "] and edits[" + after.index() + "] " + how
                                + " in the file; merge them into one edit",
                        Map.of("edits", List.of(before.index(), after.index())));
            }
        }
        return spans;
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    private static WorkspaceException refuse(int index, String message, int occurrences) {
        return new WorkspaceException(
                Code.EXECUTION_FAILED, message, Map.of("edit", index, "occurrences", occurrences));
    }
}
