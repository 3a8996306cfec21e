package dev.switchboard.plugin.mailbox.search.domain;

import java.util.List;
import java.util.Optional;

/**
 * The order of the index path's hits, the same on every backend: first the hits whose topic contains one of the
 * query's positive terms (a term outside the right side of every NOT, and not limited to the body), then the others;
 * newest first (highest id) within each group. The first group is a plain filter on the query and the second is the
 * rest, so a backend can take the first group and then the query's newest hits up to the page's limit instead of
 * scoring every match. Stateless.
 */
public final class Ranking {

    private Ranking() {}

    /**
     * @param root a query
     * @return the condition "the topic contains one of the query's positive terms" (those terms as {@code topic:}
     *         terms joined by OR), or empty when every positive term is limited to the body (then no hit is in the
     *         first group)
     */
    public static Optional<QueryNode> topicHit(QueryNode root) {
        List<QueryNode> inTopic = root.positiveTerms().stream()
                .filter(term -> term.column() != Column.BODY)
                .<QueryNode>map(term -> new QueryNode.Term(term.text(), Column.TOPIC, term.prefix()))
                .distinct()
                .toList();
        return inTopic.isEmpty() ? Optional.empty() : Optional.of(QueryNode.any(inTopic));
    }

    /**
     * @param root     a query
     * @param topicHit its {@link #topicHit}
     * @return a query for the first group: {@code root} and {@code topicHit}; {@code topicHit} alone when it implies
     *         {@code root} (a one-term query, or terms joined by OR), which means the same and which an index answers
     *         without matching the terms twice
     */
    public static QueryNode firstGroup(QueryNode root, QueryNode topicHit) {
        boolean implied = switch (root) {
            case QueryNode.Term term -> term.column() != Column.BODY;
            case QueryNode.Any any -> any.parts().stream().allMatch(QueryNode.Term.class::isInstance);
            default -> false;
        };
        return implied ? topicHit : QueryNode.all(List.of(root, topicHit));
    }
}
