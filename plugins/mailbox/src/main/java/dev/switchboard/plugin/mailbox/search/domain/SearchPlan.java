package dev.switchboard.plugin.mailbox.search.domain;

import java.util.Objects;

/** What {@link SearchQueries#plan} decided for a query: how to answer it, or why it is refused. Immutable. */
public sealed interface SearchPlan {

    /**
     * The query can be answered.
     *
     * @param root    the tree to look for
     * @param path    the index (every term 3+ characters) or the scan
     * @param literal whether the query did not parse and is looked for as its literal whitespace-separated pieces
     */
    record Ready(QueryNode root, SearchPath path, boolean literal) implements SearchPlan {

        /** @throws NullPointerException if a component is null */
        public Ready {
            Objects.requireNonNull(root, "root");
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * The query is refused; nothing is searched.
     *
     * @param reason the cause, that nothing was searched, and the way out, naming the limit where one was passed;
     *               written to follow the argument's name ({@code query: has 257 terms; ...})
     */
    record Refused(String reason) implements SearchPlan {

        /** @throws NullPointerException if the reason is null */
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
