package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import java.util.stream.Collectors;

import dev.switchboard.plugin.mailbox.search.domain.QueryNode;

/**
 * Renders a parsed query as an FTS5 {@code MATCH} expression for the trigram index: every term a quoted string
 * (so no character of it is FTS5 syntax, and the trigram tokenizer matches it as a case-folded substring), a column
 * filter as {@code topic : "..."}, groups parenthesised. A prefix is rendered as its text: with trigrams a substring
 * match already finds every word that starts with it. Stateless.
 */
final class Fts5Expression {

    private Fts5Expression() {}

    /** @return the expression for {@code MATCH}, whose terms all have 3+ characters */
    static String of(QueryNode node) {
        return switch (node) {
            case QueryNode.Term term -> column(term) + '"' + term.text().replace("\"", "\"\"") + '"';
            case QueryNode.All all -> join(all.parts(), " AND ");
            case QueryNode.Any any -> join(any.parts(), " OR ");
            case QueryNode.Except except -> '(' + of(except.kept()) + ") NOT (" + of(except.excluded()) + ')';
        };
    }

    private static String column(QueryNode.Term term) {
        return switch (term.column()) {
            case ANY -> "";
            case TOPIC -> "topic : ";
            case BODY -> "body : ";
        };
    }

    private static String join(java.util.List<QueryNode> parts, String operator) {
        return parts.stream().map(part -> '(' + of(part) + ')').collect(Collectors.joining(operator));
    }
}
