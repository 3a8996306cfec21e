package dev.switchboard.plugin.mailbox.search.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A parsed search query: a tree of terms joined by AND, OR and binary NOT. Immutable.
 */
public sealed interface QueryNode {

    /** @return every term of the tree, left to right */
    default List<Term> terms() {
        List<Term> terms = new ArrayList<>();
        collect(this, terms, false);
        return List.copyOf(terms);
    }

    /** @return the terms a hit contains (those outside the right side of every NOT), left to right */
    default List<Term> positiveTerms() {
        List<Term> terms = new ArrayList<>();
        collect(this, terms, true);
        return List.copyOf(terms);
    }

    /** @return how deep operators nest: 0 for a term, one more than the deepest part for AND, OR and NOT */
    default int depth() {
        return switch (this) {
            case Term term -> 0;
            case All all ->
                1 + all.parts().stream().mapToInt(QueryNode::depth).max().orElse(0);
            case Any any ->
                1 + any.parts().stream().mapToInt(QueryNode::depth).max().orElse(0);
            case Except except ->
                1 + Math.max(except.kept().depth(), except.excluded().depth());
        };
    }

    private static void collect(QueryNode node, List<Term> into, boolean positiveOnly) {
        switch (node) {
            case Term term -> into.add(term);
            case All all -> all.parts().forEach(part -> collect(part, into, positiveOnly));
            case Any any -> any.parts().forEach(part -> collect(part, into, positiveOnly));
            case Except except -> {
                collect(except.kept(), into, positiveOnly);
                if (!positiveOnly) {
                    collect(except.excluded(), into, false);
                }
            }
        }
    }

    /**
     * Literal text that must occur, case-insensitively, in the column(s).
     *
     * @param text   the text as written (a phrase's content, a word without its {@code *}), never empty
     * @param column where it must occur
     * @param prefix whether it was written {@code text*}; with substring matching a prefix matches as its text does
     */
    record Term(String text, Column column, boolean prefix) implements QueryNode {

        /** @throws IllegalArgumentException if the text is empty */
        public Term {
            Objects.requireNonNull(column, "column");
            if (text.isEmpty()) {
                throw new IllegalArgumentException("a term has text");
            }
        }

        /** @return the text's length in code points */
        public int length() {
            return text.codePointCount(0, text.length());
        }
    }

    /** Every part must match (bare words side by side, or {@code AND}). */
    record All(List<QueryNode> parts) implements QueryNode {

        /** @throws IllegalArgumentException with fewer than two parts */
        public All {
            parts = List.copyOf(parts);
            if (parts.size() < 2) {
                throw new IllegalArgumentException("AND joins two or more parts");
            }
        }
    }

    /** At least one part must match ({@code OR}). */
    record Any(List<QueryNode> parts) implements QueryNode {

        /** @throws IllegalArgumentException with fewer than two parts */
        public Any {
            parts = List.copyOf(parts);
            if (parts.size() < 2) {
                throw new IllegalArgumentException("OR joins two or more parts");
            }
        }
    }

    /** {@code kept NOT excluded}: the left side matches and the right side does not (NOT is binary, as in FTS5). */
    record Except(QueryNode kept, QueryNode excluded) implements QueryNode {

        /** @throws NullPointerException if a side is null */
        public Except {
            Objects.requireNonNull(kept, "kept");
            Objects.requireNonNull(excluded, "excluded");
        }
    }

    /** @return the parts joined by AND, or the one part itself */
    static QueryNode all(List<QueryNode> parts) {
        return parts.size() == 1 ? parts.getFirst() : new All(parts);
    }

    /** @return the parts joined by OR, or the one part itself */
    static QueryNode any(List<QueryNode> parts) {
        return parts.size() == 1 ? parts.getFirst() : new Any(parts);
    }
}
