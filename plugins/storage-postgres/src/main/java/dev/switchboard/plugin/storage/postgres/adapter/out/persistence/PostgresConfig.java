package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.Objects;
import java.util.Optional;

/**
 * What the adapter needs to reach its database. Immutable; {@link #toString()} never shows the password.
 *
 * @param url                 the JDBC URL, {@code jdbc:postgresql://host[:port]/database[?parameters]}, without
 *                            credentials
 * @param user                the role to log in as; empty to take the driver's default (the URL's {@code user}
 *                            parameter, else the operating-system user)
 * @param password            the role's password; empty for none (trust or peer authentication)
 * @param schema              the schema every connection uses ({@code search_path}); created when missing
 * @param poolSize            the most connections the pool holds, 1 or more
 * @param statementTimeoutMs  how long, in milliseconds, one statement may run before the server cancels it; 0 for no
 *                            limit (migrations always run without one)
 * @param lockTimeoutMs       how long, in milliseconds, a statement waits for a lock before it fails; 0 for no limit
 * @param connectTimeoutMs    how long, in milliseconds, a caller waits for a pooled connection (and the pool for a
 *                            new one) before the work fails as busy
 * @param signalResyncMs      how often, in milliseconds, a node listening for change signals reports every watched
 *                            topic although no notification came (covering one a publisher's crash between its commit
 *                            and its {@code NOTIFY} lost), 1 or more
 */
public record PostgresConfig(
        String url,
        Optional<String> user,
        Optional<String> password,
        String schema,
        int poolSize,
        int statementTimeoutMs,
        int lockTimeoutMs,
        int connectTimeoutMs,
        int signalResyncMs) {

    /** @throws NullPointerException if a component is null */
    public PostgresConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(schema, "schema");
    }

    /** @return the settings, with the password shown only as present or absent */
    @Override
    public String toString() {
        return "PostgresConfig[url=" + url + ", user=" + user.orElse("(default)") + ", password="
                + (password.isPresent() ? "(set)" : "(none)") + ", schema=" + schema + ", poolSize=" + poolSize
                + ", statementTimeoutMs=" + statementTimeoutMs + ", lockTimeoutMs=" + lockTimeoutMs
                + ", connectTimeoutMs=" + connectTimeoutMs + ", signalResyncMs=" + signalResyncMs + "]";
    }
}
