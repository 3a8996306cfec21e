package dev.switchboard.plugin.handoff.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plausible handoff fields of a fixed size: prose without anything the secret rules match, numbered so that no two
 * handoffs are equal. Stateless.
 */
final class BenchText {

    /** UTF-8 bytes of a generated content body (ASCII, so also its length in characters). */
    static final int CONTENT_BYTES = 1024;

    private static final String PROSE = "The session settled on keeping the storage port JDK-only and letting each"
            + " plugin own its migrations; the librarian should record the decision in an ADR, link the discussion"
            + " and check that the kernel tests still cover the migration order before anything is merged. ";

    private BenchText() {}

    static String title(long n) {
        return "Decision " + n + ": storage port stays JDK-only";
    }

    static String summary(long n) {
        return "Handoff " + n + " records why plugins own their migrations and what the librarian should check.";
    }

    /** @return {@value #CONTENT_BYTES} ASCII characters, starting with {@code n} */
    static String content(long n) {
        StringBuilder text =
                new StringBuilder(CONTENT_BYTES).append('#').append(n).append(' ');
        while (text.length() < CONTENT_BYTES) {
            text.append(PROSE);
        }
        text.setLength(CONTENT_BYTES);
        return text.toString();
    }

    /** @return the arguments of a {@code frontispice_publish_handoff} call with handoff {@code n} */
    static Map<String, Object> publishArguments(String project, long n) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("project", project);
        arguments.put("title", title(n));
        arguments.put("summary", summary(n));
        arguments.put("content", content(n));
        arguments.put("kind", "decision");
        arguments.put("tags", List.of("storage", "adr"));
        return arguments;
    }
}
