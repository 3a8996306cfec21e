package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Logins with the password of the moment: a refused login is logged once as an authentication failure of the user,
 * re-reads the source and succeeds at once when the password there changed; the next accepted login says so.
 */
class LoginDataSourceTest {

    private static final String ROLE = "sb_login_user";

    private final List<String> lines = new CopyOnWriteArrayList<>();

    /** A password source the test turns: what {@link #current()} says changes only on {@link #refresh()}. */
    private static final class Turned implements PasswordSource {
        volatile String stored;
        volatile String read;

        Turned(String password) {
            stored = password;
            read = password;
        }

        @Override
        public Optional<String> current() {
            return Optional.of(read);
        }

        @Override
        public boolean refresh() {
            boolean changed = !stored.equals(read);
            read = stored;
            return changed;
        }
    }

    private LoginDataSource dataSource(TestDatabase database, PasswordSource passwords) {
        LoginLog log = new LoginLog(database.url(), ROLE, new LoginLog.Sink() {
            @Override
            public void warn(String line) {
                lines.add("WARN " + line);
            }

            @Override
            public void info(String line) {
                lines.add("INFO " + line);
            }
        });
        LoginDataSource dataSource = new LoginDataSource(passwords, log);
        dataSource.setURL(database.url());
        dataSource.setUser(ROLE);
        return dataSource;
    }

    @Test
    void aRefusedLoginIsLoggedOnceAsAnAuthenticationFailureAndTheAcceptedOneAfterItToo() throws SQLException {
        TestPostgres.passwordRole(ROLE, "right-one");
        TestDatabase database = TestPostgres.database();
        Turned passwords = new Turned("wrong-one");
        LoginDataSource dataSource = dataSource(database, passwords);

        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(dataSource::getConnection)
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28P01"));
        }
        assertThat(lines)
                .as("one line for the run of refusals, naming the user and what is done about it")
                .containsExactly("WARN PostgreSQL at " + database.url() + ": authentication failed for user " + ROLE
                        + " (SQLSTATE 28P01); calls that need a new connection fail until the password matches: the"
                        + " password file (plugins.storage-postgres.password-file) is read again when it changes and"
                        + " after each refused login");

        passwords.stored = "right-one"; // the file changed in a way its metadata did not show
        try (Connection connection = dataSource.getConnection()) {
            assertThat(connection.isValid(1)).isTrue();
        }
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1))
                .isEqualTo("INFO PostgreSQL at " + database.url() + " accepts the login of user " + ROLE
                        + " again (refused 3 times meanwhile)");
    }

    @Test
    void aLoginAcceptedFirstTimeLogsNothing() throws SQLException {
        TestPostgres.passwordRole(ROLE, "right-one");
        TestDatabase database = TestPostgres.database();
        try (Connection connection = dataSource(database, PasswordSource.fixed(Optional.of("right-one")))
                .getConnection()) {
            assertThat(connection.isValid(1)).isTrue();
        }
        assertThat(lines).isEmpty();
    }
}
