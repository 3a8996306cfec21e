package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code switchboard doctor} reports about the database, read in one go. Immutable.
 *
 * @param serverVersionNum {@code server_version_num}, such as 170006
 * @param serverVersion    {@code server_version}, such as {@code 17.6}
 * @param role             the role the adapter logs in as ({@code current_user})
 * @param schema           the adapter's schema
 * @param migrations       each owner's recorded schema version, by owner
 * @param passwordless     the {@code pg_hba.conf} rules that let the role log in without a password from a
 *                         non-loopback address; empty when {@code pg_hba_file_rules} cannot be read (the role is not
 *                         allowed to), otherwise a possibly empty list
 */
public record ServerFacts(
        int serverVersionNum,
        String serverVersion,
        String role,
        String schema,
        Map<String, Integer> migrations,
        Optional<List<HbaRule>> passwordless) {

    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    /** @return whether the server is {@link PostgresVersion#MINIMUM_MAJOR} or newer */
    public boolean supported() {
        return PostgresVersion.supports(serverVersionNum);
    }

    static ServerFacts read(Connection connection, PostgresConfig config, Map<String, Integer> migrations)
            throws SQLException {
        String version;
        String role;
        try (Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT current_setting('server_version'), current_user")) {
            rows.next();
            version = rows.getString(1);
            role = rows.getString(2);
        }
        return new ServerFacts(
                ConnectionPool.serverVersion(connection),
                version,
                role,
                config.schema(),
                Map.copyOf(migrations),
                passwordlessRules(connection, role));
    }

    private static Optional<List<HbaRule>> passwordlessRules(Connection connection, String role) throws SQLException {
        List<HbaRule> rules = new ArrayList<>();
        try (Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT line_number, type, database, user_name, address,"
                        + " auth_method FROM pg_hba_file_rules WHERE error IS NULL ORDER BY line_number")) {
            while (rows.next()) {
                rules.add(HbaRule.of(rows));
            }
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                return Optional.empty(); // only superusers (and roles granted it) may read the view
            }
            throw e;
        }
        List<HbaRule> passwordless = new ArrayList<>();
        for (HbaRule rule : rules) {
            if (rule.letsInWithoutPassword(role, groupsOf(connection, rule))) {
                passwordless.add(rule);
            }
        }
        return Optional.of(List.copyOf(passwordless));
    }

    /** @return the groups ({@code +name}) the rule names that the current role is a member of */
    private static List<String> groupsOf(Connection connection, HbaRule rule) throws SQLException {
        List<String> groups = new ArrayList<>();
        for (String user : rule.users()) {
            if (user.startsWith("+")) {
                try (PreparedStatement check = connection.prepareStatement(
                        "SELECT pg_has_role(current_user, oid, 'member') FROM pg_roles WHERE rolname = ?")) {
                    check.setString(1, user.substring(1));
                    try (ResultSet rows = check.executeQuery()) {
                        if (rows.next() && rows.getBoolean(1)) {
                            groups.add(user.substring(1));
                        }
                    }
                }
            }
        }
        return groups;
    }
}
