package dev.switchboard.storage.migration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqliteScriptTest {

    @Test
    void splitsAtSemicolonsAndTrims() {
        assertThat(SqliteScript.statements("CREATE TABLE a(x);\n\n  CREATE TABLE b(y);\n"))
                .containsExactly("CREATE TABLE a(x)", "CREATE TABLE b(y)");
    }

    @Test
    void keepsLastStatementWithoutSemicolon() {
        assertThat(SqliteScript.statements("CREATE TABLE a(x);\nCREATE TABLE b(y)"))
                .containsExactly("CREATE TABLE a(x)", "CREATE TABLE b(y)");
    }

    @Test
    void ignoresSemicolonsInQuotesAndIdentifiers() {
        assertThat(SqliteScript.statements("INSERT INTO \"a;b\"([c;d]) VALUES ('it''s; fine');\nSELECT `e;f`;"))
                .containsExactly("INSERT INTO \"a;b\"([c;d]) VALUES ('it''s; fine')", "SELECT `e;f`");
    }

    @Test
    void dropsCommentsAndEmptyStatements() {
        assertThat(SqliteScript.statements("""
                -- heading; with a semicolon
                CREATE TABLE a(x); -- trailing comment
                ;
                /* block; comment */
                -- only a comment;
                """)).containsExactly("CREATE TABLE a(x)");
    }

    @Test
    void keepsDoubleDashInsideStrings() {
        assertThat(SqliteScript.statements("INSERT INTO a VALUES ('--not a comment');"))
                .containsExactly("INSERT INTO a VALUES ('--not a comment')");
    }

    @Test
    void keepsTriggerBodyWhole() {
        String trigger = """
                CREATE TEMP TRIGGER IF NOT EXISTS t AFTER INSERT ON a
                BEGIN
                  UPDATE b SET n = CASE WHEN new.x > 0 THEN n + 1 ELSE n END;
                  DELETE FROM c WHERE id = new.id;
                END""";

        assertThat(SqliteScript.statements("CREATE TABLE a(x);\n" + trigger + ";\nCREATE TABLE d(y);"))
                .containsExactly("CREATE TABLE a(x)", trigger, "CREATE TABLE d(y)");
    }

    @Test
    void returnsNothingForBlankScript() {
        assertThat(SqliteScript.statements(" \n-- nothing\n")).isEmpty();
    }
}
