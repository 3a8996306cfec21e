package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.jooq.impl.DSL.inline;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Messages;
import dev.switchboard.plugin.mailbox.search.domain.Fold;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode;

/**
 * Renders a parsed query for PostgreSQL's {@code pg_trgm} indexes: a term is {@code mailbox_fold(column) LIKE
 * '%term%'} (the indexed expression, the schema's fold function: see the PostgreSQL migration V1; the term folded the same way, {@code \ % _} escaped, so every character is
 * literal), AND/OR/NOT as SQL. The patterns are inlined (jOOQ escapes them) so the planner sees them and uses the
 * trigram index in every plan. Stateless.
 */
final class TrigramCondition {

    private static final Field<String> TOPIC = DSL.function("mailbox_fold", String.class, Messages.TOPIC);
    private static final Field<String> BODY = DSL.function("mailbox_fold", String.class, Messages.BODY);

    private TrigramCondition() {}

    /** @return the condition a live message must satisfy to match */
    static Condition of(QueryNode node) {
        return switch (node) {
            case QueryNode.Term term ->
                switch (term.column()) {
                    case ANY -> contains(TOPIC, term).or(contains(BODY, term));
                    case TOPIC -> contains(TOPIC, term);
                    case BODY -> contains(BODY, term);
                };
            case QueryNode.All all ->
                DSL.and(all.parts().stream().map(TrigramCondition::of).toList());
            case QueryNode.Any any ->
                DSL.or(any.parts().stream().map(TrigramCondition::of).toList());
            case QueryNode.Except except -> of(except.kept()).andNot(of(except.excluded()));
        };
    }

    private static Condition contains(Field<String> column, QueryNode.Term term) {
        String escaped =
                Fold.fold(term.text()).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return column.like(inline("%" + escaped + "%"), '\\');
    }
}
