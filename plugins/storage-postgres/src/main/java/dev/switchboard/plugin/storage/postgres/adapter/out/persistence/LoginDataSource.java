package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.io.Serial;
import java.sql.Connection;
import java.sql.SQLException;

import org.postgresql.ds.PGSimpleDataSource;

/**
 * The driver's data source, logging in with the {@link PasswordSource}'s password of the moment rather than one fixed
 * when the storage opened: a password rotated in its file is used from the next new connection on. When the server
 * refuses a login ({@code SQLSTATE 28P01} wrong password, {@code 28000} no matching rule or role), the source is read
 * again at once and, if the password changed, the login is tried once more with the new one; refusals are reported
 * to the {@link LoginLog} as authentication failures. Thread-safe (each connection is opened with the password read for
 * it; the data source's other settings are fixed before first use).
 */
final class LoginDataSource extends PGSimpleDataSource {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient PasswordSource passwords;
    private final transient LoginLog logins;

    LoginDataSource(PasswordSource passwords, LoginLog logins) {
        this.passwords = passwords;
        this.logins = logins;
    }

    @Override
    public Connection getConnection() throws SQLException {
        try {
            return accepted(login());
        } catch (SQLException e) {
            if (!refusedLogin(e)) {
                throw e;
            }
            if (passwords.refresh()) {
                try {
                    return accepted(login());
                } catch (SQLException again) {
                    if (refusedLogin(again)) {
                        logins.refused(again.getSQLState());
                    }
                    throw again;
                }
            }
            logins.refused(e.getSQLState());
            throw e;
        }
    }

    private Connection login() throws SQLException {
        return getConnection(getUser(), passwords.current().orElse(null));
    }

    private Connection accepted(Connection connection) {
        logins.accepted();
        return connection;
    }

    /** @return whether the server refused the login itself: a wrong password, or no rule or role for it */
    static boolean refusedLogin(SQLException e) {
        return "28P01".equals(e.getSQLState()) || "28000".equals(e.getSQLState());
    }
}
