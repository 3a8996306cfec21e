package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * One line of the server's {@code pg_hba.conf}, as {@code pg_hba_file_rules} shows it. Immutable.
 *
 * @param line      its line number
 * @param type      {@code local}, {@code host}, {@code hostssl}, {@code hostnossl}, {@code hostgssenc} or
 *                  {@code hostnogssenc}
 * @param databases the databases it names ({@code all}, {@code sameuser}, names...)
 * @param users     the roles it names ({@code all}, names, {@code +group})
 * @param address   the client address or keyword ({@code 127.0.0.1}, {@code ::1}, {@code samenet}, {@code all}...);
 *                  empty for {@code local}
 * @param method    the authentication method, such as {@code trust}, {@code scram-sha-256}
 */
public record HbaRule(
        int line, String type, List<String> databases, List<String> users, String address, String method) {

    /** Methods that admit a client without a password or another secret it must hold. */
    private static final Set<String> WITHOUT_SECRET = Set.of("trust", "ident");

    static HbaRule of(ResultSet row) throws SQLException {
        return new HbaRule(
                row.getInt(1),
                row.getString(2),
                texts(row.getArray(3)),
                texts(row.getArray(4)),
                row.getString(5) == null ? "" : row.getString(5),
                row.getString(6));
    }

    /**
     * @param role   the adapter's role
     * @param groups the {@code +group}s of this rule the role belongs to
     * @return whether this rule admits {@code role}, over TCP from some non-loopback address, without a secret
     */
    boolean letsInWithoutPassword(String role, List<String> groups) {
        return type.startsWith("host")
                && WITHOUT_SECRET.contains(method)
                && !isLoopback(address)
                && (users.contains("all") || users.contains(role) || !groups.isEmpty());
    }

    private static boolean isLoopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.equals("localhost");
    }

    private static List<String> texts(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        return List.of((String[]) array.getArray());
    }
}
