package dev.switchboard.plugin.handoff.domain;

import java.util.List;
import java.util.Objects;

/**
 * A handoff as update lists show it: everything but the content, plus the targets it was routed to. Immutable.
 *
 * @param receipt          the receipt
 * @param title            the title
 * @param summary          the summary
 * @param kind             the kind
 * @param tags             the tags
 * @param source           the source
 * @param importance       the importance
 * @param sensitivity      the sensitivity
 * @param suggestedTargets the publisher's suggested targets
 * @param routedTo         the targets a librarian routed it to, sorted, without duplicates
 */
public record HandoffSummary(
        Receipt receipt,
        String title,
        String summary,
        String kind,
        List<String> tags,
        String source,
        String importance,
        String sensitivity,
        List<String> suggestedTargets,
        List<String> routedTo) {

    /** @throws NullPointerException if a component is null */
    public HandoffSummary {
        Objects.requireNonNull(receipt, "receipt");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(summary, "summary");
        tags = List.copyOf(tags);
        suggestedTargets = List.copyOf(suggestedTargets);
        routedTo = List.copyOf(routedTo);
    }
}
