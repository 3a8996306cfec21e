package dev.switchboard.storage.migration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PostgresScriptTest {

    @Test
    void aScriptOfCommentsAndSemicolonsHasNoStatement() {
        assertThat(PostgresScript.hasStatement(" \n-- nothing here\n;\n/* nor /* nested */ here */ ;"))
                .isFalse();
        assertThat(PostgresScript.hasStatement("")).isFalse();
    }

    @Test
    void anyTokenOutsideCommentsIsAStatement() {
        assertThat(PostgresScript.hasStatement("-- a table\nCREATE TABLE t(x INT)"))
                .isTrue();
        assertThat(PostgresScript.hasStatement("/* a /* nested */ comment */ SELECT 1"))
                .isTrue();
    }
}
