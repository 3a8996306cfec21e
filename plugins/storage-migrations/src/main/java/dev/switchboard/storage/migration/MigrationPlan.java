package dev.switchboard.storage.migration;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SchemaTooNewException;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.StorageException;

/**
 * An owner's validated migrations, versions 1..n in order, each with its statements and checksum (SHA-256 of its SQL
 * with line endings normalised, so a checkout with CRLF line ends does not count as a change). Built before the
 * database is touched, so malformed input changes nothing.
 *
 * @param owner who the versions belong to
 * @param steps the migrations; {@code steps.get(i)} has version {@code i + 1}
 */
record MigrationPlan(String owner, List<Step> steps) {

    /**
     * @param migration  the migration
     * @param checksum   lower-case hex SHA-256 of its normalised SQL
     * @param statements what to {@code execute}, in order: SQLite's statements one by one, PostgreSQL's whole script
     */
    record Step(Migration migration, String checksum, List<String> statements) {}

    /**
     * @throws StorageException if the owner is blank, the versions are not exactly 1..n, or a migration has no
     *                          statement
     */
    static MigrationPlan of(String owner, List<Migration> migrations, SqlDialect dialect) {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(migrations, "migrations");
        if (owner.isBlank()) {
            throw new StorageException("a migration owner must not be blank");
        }
        List<Migration> sorted = migrations.stream()
                .sorted(Comparator.comparingInt(Migration::version))
                .toList();
        for (int i = 0; i < sorted.size(); i++) {
            if (sorted.get(i).version() != i + 1) {
                throw new StorageException("the migrations of '" + owner + "' must be numbered 1.." + sorted.size()
                        + " without gaps or duplicates; got versions "
                        + sorted.stream().map(Migration::version).toList());
            }
        }
        List<Step> steps = sorted.stream()
                .map(migration -> step(owner, migration, dialect))
                .toList();
        return new MigrationPlan(owner, steps);
    }

    /** @return the highest version this plan knows, 0 for none */
    int latest() {
        return steps.size();
    }

    /** @return the steps above {@code version}, in ascending order */
    List<Step> after(int version) {
        return steps.subList(Math.min(version, steps.size()), steps.size());
    }

    /**
     * Checks what the database records for the owner against this plan.
     *
     * @param applied the recorded checksum of each applied version
     * @throws SchemaTooNewException if a recorded version is above {@link #latest()}
     * @throws StorageException      if an applied migration's SQL has changed since
     */
    void verify(Map<Integer, String> applied) {
        int recorded =
                applied.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        if (recorded > latest()) {
            throw new SchemaTooNewException(owner, recorded, latest());
        }
        applied.forEach((version, checksum) -> {
            if (version < 1) {
                throw new StorageException("the schema version table records version " + version + " for '" + owner
                        + "'; versions start at 1");
            }
            Migration migration = steps.get(version - 1).migration();
            if (!steps.get(version - 1).checksum().equals(checksum)) {
                throw new StorageException("migration " + version + " of '" + owner + "' (" + migration.description()
                        + ") was changed after it was applied to the database: released migrations must not change;"
                        + " restore it and add a new migration instead");
            }
        });
    }

    private static Step step(String owner, Migration migration, SqlDialect dialect) {
        List<String> statements = statements(migration.sql(), dialect);
        if (statements.isEmpty()) {
            throw new StorageException("migration " + migration.version() + " of '" + owner + "' ("
                    + migration.description() + ") has no SQL statement");
        }
        return new Step(migration, checksum(migration.sql()), statements);
    }

    private static List<String> statements(String sql, SqlDialect dialect) {
        return switch (dialect) {
            case SQLITE -> SqliteScript.statements(sql);
            case POSTGRES -> PostgresScript.hasStatement(sql) ? List.of(sql) : List.of();
        };
    }

    private static String checksum(String sql) {
        String normalised = sql.replace("\r\n", "\n");
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(normalised.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
