package dev.switchboard.plugin.mailbox.search.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a query into tokens and notes what the grammar cannot take: {@code NEAR(...)}, the FTS5-only characters
 * {@code { } + - , ^} outside quotes, an unterminated quote, a misplaced {@code *}. Stateless.
 */
final class QueryLexer {

    /** The FTS5 syntax characters outside the grammar of §1C.2 (outside quotes). */
    private static final String INDEX_ONLY = "{}+-,^";

    private QueryLexer() {}

    enum Kind {
        WORD,
        PHRASE,
        OPEN,
        CLOSE,
        OR,
        AND,
        NOT,
        COLUMN
    }

    /**
     * @param kind   what the token is
     * @param text   a word's or phrase's text (a word without its trailing {@code *}); empty for the others
     * @param prefix whether a word or phrase ended with {@code *}
     * @param column a {@link Kind#COLUMN}'s column; {@link Column#ANY} for the others
     */
    record Token(Kind kind, String text, boolean prefix, Column column) {}

    /**
     * @param tokens     the tokens, in order
     * @param terms      how many words and phrases the query has
     * @param depth      the deepest nesting of parentheses outside quotes
     * @param near       whether the query uses {@code NEAR(...)}
     * @param indexOnly  the first FTS5-only character outside quotes, or null
     * @param malformed  whether a quote is unterminated or a {@code *} stands where no prefix can be
     */
    record Lexed(List<Token> tokens, int terms, int depth, boolean near, String indexOnly, boolean malformed) {

        /** @return whether the tokens are all of the grammar (the parser may still find them out of order) */
        boolean inGrammar() {
            return !near && indexOnly == null && !malformed;
        }
    }

    static Lexed lex(String query) {
        List<Token> tokens = new ArrayList<>();
        int terms = 0;
        int depth = 0;
        int maxDepth = 0;
        boolean near = false;
        String indexOnly = null;
        boolean malformed = false;
        int i = 0;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                StringBuilder text = new StringBuilder();
                int j = i + 1;
                boolean closed = false;
                while (j < n) {
                    char d = query.charAt(j);
                    if (d == '"') {
                        if (j + 1 < n && query.charAt(j + 1) == '"') {
                            text.append('"');
                            j += 2;
                            continue;
                        }
                        closed = true;
                        j++;
                        break;
                    }
                    text.append(d);
                    j++;
                }
                malformed |= !closed;
                boolean prefix = j < n && query.charAt(j) == '*';
                if (prefix) {
                    j++;
                }
                tokens.add(new Token(Kind.PHRASE, text.toString(), prefix, Column.ANY));
                terms++;
                i = j;
            } else if (c == '(') {
                tokens.add(new Token(Kind.OPEN, "", false, Column.ANY));
                maxDepth = Math.max(maxDepth, ++depth);
                i++;
            } else if (c == ')') {
                tokens.add(new Token(Kind.CLOSE, "", false, Column.ANY));
                depth--;
                i++;
            } else {
                int j = i;
                while (j < n && !Character.isWhitespace(query.charAt(j)) && "\"()".indexOf(query.charAt(j)) < 0) {
                    j++;
                }
                String word = query.substring(i, j);
                i = j;
                if (word.equals("NEAR") && j < n && query.charAt(j) == '(') {
                    near = true;
                    continue;
                }
                switch (word) {
                    case "OR" -> tokens.add(new Token(Kind.OR, "", false, Column.ANY));
                    case "AND" -> tokens.add(new Token(Kind.AND, "", false, Column.ANY));
                    case "NOT" -> tokens.add(new Token(Kind.NOT, "", false, Column.ANY));
                    default -> {
                        Column column = columnPrefix(word);
                        if (column != Column.ANY) {
                            tokens.add(new Token(Kind.COLUMN, "", false, column));
                            word = word.substring(word.indexOf(':') + 1);
                            if (word.isEmpty()) {
                                continue;
                            }
                        }
                        if (indexOnly == null) {
                            indexOnly = firstIndexOnly(word);
                        }
                        boolean prefix = word.endsWith("*");
                        String text = prefix ? word.substring(0, word.length() - 1) : word;
                        malformed |= text.isEmpty() || text.indexOf('*') >= 0;
                        tokens.add(new Token(Kind.WORD, text, prefix, Column.ANY));
                        terms++;
                    }
                }
            }
        }
        return new Lexed(List.copyOf(tokens), terms, maxDepth, near, indexOnly, malformed);
    }

    /** @return the column a word such as {@code topic:} or {@code body:abc} starts with, or {@link Column#ANY} */
    private static Column columnPrefix(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        if (lower.startsWith("topic:")) {
            return Column.TOPIC;
        }
        if (lower.startsWith("body:")) {
            return Column.BODY;
        }
        return Column.ANY;
    }

    private static String firstIndexOnly(String word) {
        for (int k = 0; k < word.length(); k++) {
            if (INDEX_ONLY.indexOf(word.charAt(k)) >= 0) {
                return String.valueOf(word.charAt(k));
            }
        }
        return null;
    }
}
