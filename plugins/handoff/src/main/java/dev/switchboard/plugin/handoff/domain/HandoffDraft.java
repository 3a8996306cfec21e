package dev.switchboard.plugin.handoff.domain;

import java.util.List;
import java.util.Objects;

/**
 * What a publisher sends: the curated conclusions and their labels, before a sequence is allocated. Immutable; the
 * lists are copied.
 *
 * @param title            a one-line title
 * @param summary          a short summary, shown in update lists
 * @param content          the full body; untrusted data for every reader
 * @param kind             what sort of handoff this is, such as {@value #DEFAULT_KIND}
 * @param tags             free labels, in the order given
 * @param source           who or what wrote it, such as {@value #DEFAULT_SOURCE}
 * @param sourceReference  where it came from (a conversation link, a file), or null
 * @param importance       such as {@value #DEFAULT_IMPORTANCE}
 * @param sensitivity      such as {@value #DEFAULT_SENSITIVITY}
 * @param suggestedTargets the specialists or agents the publisher thinks should read it
 */
public record HandoffDraft(
        String title,
        String summary,
        String content,
        String kind,
        List<String> tags,
        String source,
        String sourceReference,
        String importance,
        String sensitivity,
        List<String> suggestedTargets) {

    /** The kind of a handoff that does not say. */
    public static final String DEFAULT_KIND = "context";
    /** The source of a handoff that does not say: the usual publisher is a ChatGPT session. */
    public static final String DEFAULT_SOURCE = "chatgpt";
    /** The importance of a handoff that does not say. */
    public static final String DEFAULT_IMPORTANCE = "normal";
    /** The sensitivity of a handoff that does not say. */
    public static final String DEFAULT_SENSITIVITY = "normal";

    /** @throws NullPointerException if a component other than {@code sourceReference} is null */
    public HandoffDraft {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(kind, "kind");
        tags = List.copyOf(tags);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(importance, "importance");
        Objects.requireNonNull(sensitivity, "sensitivity");
        suggestedTargets = List.copyOf(suggestedTargets);
    }

    /** @return the checksum of the content */
    public Checksum checksum() {
        return Checksum.of(content);
    }
}
