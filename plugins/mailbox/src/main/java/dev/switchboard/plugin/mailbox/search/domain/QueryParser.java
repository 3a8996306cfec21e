package dev.switchboard.plugin.mailbox.search.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.search.domain.QueryLexer.Kind;
import dev.switchboard.plugin.mailbox.search.domain.QueryLexer.Token;

/**
 * Parses tokens by the grammar of §1C.2, binding as FTS5 does: words side by side (implicit AND) tightest, then
 * binary {@code NOT}, then {@code AND}, then {@code OR}; parentheses group; {@code topic:}/{@code body:} filter the
 * term or group that follows. Not thread-safe (one instance per parse).
 *
 * <pre>
 * query   := or
 * or      := and ("OR" and)*
 * and     := not ("AND" not)*
 * not     := seq ("NOT" seq)*
 * seq     := primary+
 * primary := COLUMN? (WORD | PHRASE | "(" or ")")
 * </pre>
 */
final class QueryParser {

    /**
     * @param root          the query's tree
     * @param columnOnGroup whether a column filter stands before a parenthesised group
     */
    record Parsed(QueryNode root, boolean columnOnGroup) {}

    private static final class Unparseable extends RuntimeException {
        Unparseable() {
            super(null, null, false, false);
        }
    }

    private final List<Token> tokens;
    private int position;
    private boolean columnOnGroup;

    private QueryParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /**
     * @param tokens the lexer's tokens, whose nesting is at most {@link dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits#QUERY_DEPTH} deep
     * @return the tree, or empty when the tokens are out of the grammar's order (a dangling operator, an unbalanced
     *         parenthesis, an empty phrase, a column filter inside another)
     */
    static Optional<Parsed> parse(List<Token> tokens) {
        QueryParser parser = new QueryParser(tokens);
        try {
            QueryNode root = parser.or(Column.ANY);
            if (parser.position != tokens.size()) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(root, parser.columnOnGroup));
        } catch (Unparseable e) {
            return Optional.empty();
        }
    }

    private QueryNode or(Column column) {
        List<QueryNode> parts = new ArrayList<>(List.of(and(column)));
        while (at(Kind.OR)) {
            position++;
            parts.add(and(column));
        }
        return QueryNode.any(parts);
    }

    private QueryNode and(Column column) {
        List<QueryNode> parts = new ArrayList<>(List.of(not(column)));
        while (at(Kind.AND)) {
            position++;
            parts.add(not(column));
        }
        return QueryNode.all(parts);
    }

    private QueryNode not(Column column) {
        QueryNode left = seq(column);
        while (at(Kind.NOT)) {
            position++;
            left = new QueryNode.Except(left, seq(column));
        }
        return left;
    }

    private QueryNode seq(Column column) {
        List<QueryNode> parts = new ArrayList<>();
        while (at(Kind.WORD) || at(Kind.PHRASE) || at(Kind.OPEN) || at(Kind.COLUMN)) {
            parts.add(primary(column));
        }
        if (parts.isEmpty()) {
            throw new Unparseable();
        }
        return QueryNode.all(parts);
    }

    private QueryNode primary(Column column) {
        Token token = tokens.get(position++);
        return switch (token.kind()) {
            case COLUMN -> {
                if (column != Column.ANY || position >= tokens.size()) {
                    throw new Unparseable();
                }
                Kind next = tokens.get(position).kind();
                if (next == Kind.OPEN) {
                    columnOnGroup = true;
                } else if (next != Kind.WORD && next != Kind.PHRASE) {
                    throw new Unparseable();
                }
                yield primary(token.column());
            }
            case WORD, PHRASE -> {
                if (token.text().isEmpty()) {
                    throw new Unparseable();
                }
                yield new QueryNode.Term(token.text(), column, token.prefix());
            }
            case OPEN -> {
                QueryNode inner = or(column);
                if (!at(Kind.CLOSE)) {
                    throw new Unparseable();
                }
                position++;
                yield inner;
            }
            default -> throw new Unparseable();
        };
    }

    private boolean at(Kind kind) {
        return position < tokens.size() && tokens.get(position).kind() == kind;
    }
}
