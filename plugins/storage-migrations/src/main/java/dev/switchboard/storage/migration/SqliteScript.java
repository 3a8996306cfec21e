package dev.switchboard.storage.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQLite: splits a migration's SQL into statements at semicolons, since the driver runs only the first statement of a string.
 * Semicolons inside quotes ({@code '...'}, {@code "..."}, {@code `...`}, {@code [...]}) and comments ({@code --} to
 * the line end, {@code /* ... *&#47;}) do not split; comments are dropped; empty statements are skipped.
 *
 * <p>{@code CREATE [TEMP] TRIGGER} is kept whole: inside it a semicolon splits only after the {@code END} that closes
 * the body ({@code CASE ... END} pairs are counted). Other compound syntax is not recognised.
 */
final class SqliteScript {

    private final String sql;
    private final List<String> statements = new ArrayList<>();
    private final List<String> leadingWords = new ArrayList<>();
    private StringBuilder current = new StringBuilder();
    private boolean meaningful;
    private int caseDepth;
    private boolean afterBodyEnd;

    private SqliteScript(String sql) {
        this.sql = sql;
    }

    /** @return the statements of {@code sql}, in order, trimmed, without the separating semicolons */
    static List<String> statements(String sql) {
        SqliteScript script = new SqliteScript(sql);
        script.scan();
        return List.copyOf(script.statements);
    }

    private void scan() {
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
            if (c == '\'' || c == '"' || c == '`' || c == '[') {
                int end = closingQuote(i, c == '[' ? ']' : c);
                token(sql.substring(i, end));
                i = end;
            } else if (c == '-' && next == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end;
                current.append(' ');
            } else if (c == '/' && next == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? sql.length() : end + 2;
                current.append(' ');
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                word(sql.substring(i, end));
                i = end;
            } else if (c == ';') {
                if (isTrigger() && !afterBodyEnd) {
                    token(";");
                } else {
                    finishStatement();
                }
                i++;
            } else {
                if (Character.isWhitespace(c)) {
                    current.append(c);
                } else {
                    token(String.valueOf(c));
                }
                i++;
            }
        }
        finishStatement();
    }

    /** @return the index just after the quote closing the one at {@code start}; a doubled quote is an escape */
    private int closingQuote(int start, char close) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == close) {
                if (close != ']' && i + 1 < sql.length() && sql.charAt(i + 1) == close) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    private void word(String word) {
        String upper = word.toUpperCase(Locale.ROOT);
        if (leadingWords.size() < 3) {
            leadingWords.add(upper);
        }
        boolean bodyEnd = false;
        if (isTrigger()) {
            if (upper.equals("CASE")) {
                caseDepth++;
            } else if (upper.equals("END")) {
                bodyEnd = caseDepth == 0;
                caseDepth = Math.max(0, caseDepth - 1);
            }
        }
        token(word);
        afterBodyEnd = bodyEnd;
    }

    private void token(String text) {
        current.append(text);
        meaningful = true;
        afterBodyEnd = false;
    }

    private boolean isTrigger() {
        return leadingWords.size() >= 2
                && leadingWords.get(0).equals("CREATE")
                && (leadingWords.get(1).equals("TRIGGER")
                        || leadingWords.size() == 3
                                && List.of("TEMP", "TEMPORARY").contains(leadingWords.get(1))
                                && leadingWords.get(2).equals("TRIGGER"));
    }

    private void finishStatement() {
        if (meaningful) {
            statements.add(current.toString().strip());
        }
        current = new StringBuilder();
        meaningful = false;
        leadingWords.clear();
        caseDepth = 0;
        afterBodyEnd = false;
    }
}
