package dev.switchboard.testkit.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

class TestPostgresTest {

    @Test
    void aDatabaseIsReachableWithoutAPasswordAndRunsPostgresql17() throws SQLException {
        TestDatabase db = TestPostgres.database();

        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SHOW server_version_num")) {
            assertThat(rows.next()).isTrue();
            assertThat(Integer.parseInt(rows.getString(1))).isBetween(170000, 179999);
        }
        assertThat(db.settings()).containsEntry("url", db.url()).containsEntry("user", "postgres");
    }

    @Test
    void everyCallerGetsItsOwnEmptyDatabase() throws SQLException {
        TestDatabase first = TestPostgres.database();
        TestDatabase second = TestPostgres.database();
        try (Connection c = first.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE only_in_first(x INTEGER)");
        }

        assertThat(second.name()).isNotEqualTo(first.name());
        try (Connection c = second.connect();
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
            rows.next();
            assertThat(rows.getInt(1)).isZero();
        }
    }
}
