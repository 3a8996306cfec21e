package dev.switchboard.ports.storage;

import java.util.Objects;

/**
 * One versioned schema change of one owner (plugin).
 *
 * @param version     1, 2, 3...: applied in ascending order, each exactly once
 * @param description what the change does, such as {@code create handoff tables}
 * @param sql         one or more SQL statements separated by semicolons at line ends; run in one transaction
 */
public record Migration(int version, String description, String sql) {
    /**
     * @throws NullPointerException     if {@code description} or {@code sql} is null
     * @throws IllegalArgumentException if {@code version} is below 1
     */
    public Migration {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(sql, "sql");
        if (version < 1) {
            throw new IllegalArgumentException("migration version must be >= 1, was " + version);
        }
    }
}
