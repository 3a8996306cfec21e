package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer connection's kept prepared statements (ADR 74), on a real SQLite file: a statement reused by later
 * transactions answers for its new parameters only, the same query nested in itself runs on a statement of its own, a
 * result left unread holds nothing past the transaction, and a schema change is seen by a kept statement.
 */
class StatementCacheTest {

    private static final String BY_ID = "SELECT id, body FROM note WHERE id = ?";

    @TempDir
    Path temp;

    private SqliteSqlStorage storage;

    @BeforeEach
    void openWithTable() {
        storage = SqliteSqlStorage.open(temp.resolve("cache.db"), 5000);
        storage.transaction(
                connection -> Sql.update(connection, "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT)"));
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void aStatementPreparedInEveryTransactionAnswersForItsOwnParameters() {
        for (int id = 1; id <= 3; id++) {
            int n = id;
            storage.transaction(connection -> insert(connection, n, n == 2 ? null : "body " + n));
        }

        List<String> bodies = new ArrayList<>();
        for (int id = 1; id <= 4; id++) {
            int n = id;
            bodies.add(storage.transaction(connection -> body(connection, n)));
        }

        assertThat(bodies).containsExactly("body 1", null, "body 3", "absent");
    }

    @Test
    void theSameQueryNestedInItselfRunsOnAStatementOfItsOwn() {
        storage.transaction(connection -> insert(connection, 1, "one") + insert(connection, 2, "two"));

        String both = storage.transaction(connection -> {
            try (PreparedStatement outer = connection.prepareStatement(BY_ID)) {
                outer.setLong(1, 1);
                try (ResultSet first = outer.executeQuery()) {
                    first.next();
                    // the outer statement is still stepping: the inner one must not be it
                    return first.getString(2) + "+" + body(connection, 2) + "+" + first.getString(2);
                }
            }
        });

        assertThat(both).isEqualTo("one+two+one");
    }

    @Test
    void aResultLeftUnreadHoldsNothingPastItsTransaction() throws SQLException {
        storage.transaction(connection -> insert(connection, 1, "one") + insert(connection, 2, "two"));

        storage.transaction(connection -> {
            PreparedStatement scan = connection.prepareStatement("SELECT body FROM note ORDER BY id");
            scan.execute();
            scan.close();
            return insert(connection, 3, "three");
        });
        storage.transaction(connection -> insert(connection, 4, "four"));

        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM note"))
                .isEqualTo(4);
        List<String> all = storage.transaction(connection -> {
            try (PreparedStatement scan = connection.prepareStatement("SELECT body FROM note ORDER BY id");
                    ResultSet rows = scan.executeQuery()) {
                List<String> bodies = new ArrayList<>();
                while (rows.next()) {
                    bodies.add(rows.getString(1));
                }
                return bodies;
            }
        });
        assertThat(all).containsExactly("one", "two", "three", "four");
    }

    @Test
    void aKeptStatementSeesASchemaChange() {
        String all = "SELECT * FROM note WHERE id = ?";
        storage.transaction(connection -> insert(connection, 1, "one"));
        storage.transaction(connection -> columns(connection, all));

        storage.transaction(connection -> Sql.update(connection, "ALTER TABLE note ADD COLUMN tag TEXT DEFAULT 'x'"));

        int columns = storage.transaction(connection -> columns(connection, all));
        assertThat(columns).isEqualTo(3);
    }

    private static int insert(Connection connection, long id, String body) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO note(id, body) VALUES (?, ?)")) {
            statement.setLong(1, id);
            statement.setString(2, body);
            return statement.executeUpdate();
        }
    }

    private static String body(Connection connection, long id) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(BY_ID)) {
            statement.setLong(1, id);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getString(2) : "absent";
            }
        }
    }

    private static int columns(Connection connection, String query) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setLong(1, 1);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getMetaData().getColumnCount();
            }
        }
    }
}
