package dev.switchboard.storage.migration;

/**
 * PostgreSQL: a migration's SQL is sent whole, in one {@code execute}. The driver splits it into statements itself,
 * and PostgreSQL's own parser reads dollar-quoted bodies ({@code $$ ... $$}, {@code $tag$ ... $tag$}), nested block
 * comments and {@code E'...'} strings, so no splitter of ours can get them wrong; the whole script runs in the
 * migration's one transaction.
 */
final class PostgresScript {

    private PostgresScript() {}

    /**
     * @param sql a migration's SQL
     * @return whether it holds anything besides whitespace, semicolons and comments ({@code --} to the line end,
     *         {@code /* ... *&#47;} nested as PostgreSQL nests them)
     */
    static boolean hasStatement(String sql) {
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
            if (c == '-' && next == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end + 1;
            } else if (c == '/' && next == '*') {
                i = afterBlockComment(sql, i);
            } else if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else {
                return true;
            }
        }
        return false;
    }

    private static int afterBlockComment(String sql, int start) {
        int depth = 0;
        int i = start;
        while (i < sql.length()) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }
}
