package dev.switchboard.plugin.workspace.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Applies a set of {@link TextEdit}s to a text, every one matched against the original (never against the result of
 * another edit). Each {@code oldText} must occur exactly once; two edits whose matched ranges overlap are refused.
 * Line ends in the edits are compared as LF, so an LF {@code oldText} matches a CRLF file. Stateless.
 */
public final class EditPlan {

    private record Span(int index, int start, int end, String replacement) {
    }

    private EditPlan() {
    }

    /**
     * @param original the text in edit form (LF, no BOM)
     * @param edits    one or more edits
     * @return the edited text
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} naming the edit when an oldText is missing, occurs more
     *                            than once, or overlaps another edit's match; nothing is applied then
     */
    public static String apply(String original, List<TextEdit> edits) {
        List<Span> spans = new ArrayList<>();
        for (int i = 0; i < edits.size(); i++) {
            String old = TextFormat.toLf(edits.get(i).oldText());
            int at = original.indexOf(old);
            if (at < 0) {
                throw refuse(i, "edits[" + i + "].oldText was not found in the file; read the file again and copy"
                        + " the text exactly", 0);
            }
            int count = occurrences(original, old);
            if (count > 1) {
                throw refuse(i, "edits[" + i + "].oldText occurs " + count + " times in the file; it must occur"
                        + " exactly once: include more surrounding lines", count);
            }
            spans.add(new Span(i, at, at + old.length(), TextFormat.toLf(edits.get(i).newText())));
        }
        spans.sort(Comparator.comparingInt(Span::start));
        for (int i = 1; i < spans.size(); i++) {
            if (spans.get(i).start() < spans.get(i - 1).end()) {
                throw new WorkspaceException(Code.EXECUTION_FAILED, "edits[" + spans.get(i - 1).index()
                        + "] and edits[" + spans.get(i).index() + "] overlap in the file; merge them into one edit",
                        Map.of("edits", List.of(spans.get(i - 1).index(), spans.get(i).index())));
            }
        }
        StringBuilder out = new StringBuilder(original);
        for (int i = spans.size() - 1; i >= 0; i--) {
            Span span = spans.get(i);
            out.replace(span.start(), span.end(), span.replacement());
        }
        return out.toString();
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    private static WorkspaceException refuse(int index, String message, int occurrences) {
        return new WorkspaceException(Code.EXECUTION_FAILED, message,
                Map.of("edit", index, "occurrences", occurrences));
    }
}
