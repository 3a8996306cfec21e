package dev.switchboard.ports.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One versioned schema change of one owner (plugin).
 *
 * @param version     1, 2, 3...: applied in ascending order, each exactly once
 * @param description what the change does, such as {@code create handoff tables}
 * @param sql         one or more SQL statements separated by semicolons at line ends; run in one transaction
 */
public record Migration(int version, String description, String sql) {

    private static final Pattern FILE_NAME = Pattern.compile("(?:.*/)?V(\\d+)__(\\w+)\\.sql");
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

    /**
     * Reads a migration from a class-path resource named {@code V<n>__<description>.sql} (Flyway's convention), such
     * as {@code /db/migration/handoff/sqlite/V1__create_handoff_tables.sql}: the version is {@code n}, the description is the
     * name's words with underscores read as spaces, the SQL is the file's content in UTF-8.
     *
     * @param anchor   a class of the plugin, whose class loader finds the resource
     * @param resource the resource's absolute path
     * @return the migration
     * @throws IllegalArgumentException if the file name does not follow the convention
     * @throws UncheckedIOException     if the resource is missing or unreadable
     */
    public static Migration fromResource(Class<?> anchor, String resource) {
        Matcher name = FILE_NAME.matcher(resource);
        if (!name.matches()) {
            throw new IllegalArgumentException("migration file name " + resource + " is not V<n>__<description>.sql");
        }
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UncheckedIOException(
                        new IOException("migration " + resource + " is missing from the plugin"));
            }
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Migration(Integer.parseInt(name.group(1)), name.group(2).replace('_', ' '), sql);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read migration " + resource, e);
        }
    }

    /**
     * Reads one dialect's migrations from a plugin's class path: {@code <directory>/<dialect folder>/<file>} for each
     * file, such as {@code /db/migration/handoff/postgres/V1__create_handoff_tables.sql}. The class path cannot be
     * listed, so the files are named by the caller, in version order.
     *
     * @param anchor    a class of the plugin, whose class loader finds the resources
     * @param directory the plugin's migration folder, an absolute resource path such as {@code /db/migration/handoff}
     * @param dialect   the dialect whose folder ({@link SqlDialect#directory()}) is read
     * @param files     the file names, {@code V<n>__<description>.sql}, in version order
     * @return the migrations, in the order given
     * @throws IllegalArgumentException if a file name does not follow the convention
     * @throws UncheckedIOException     if a resource is missing or unreadable
     */
    public static List<Migration> fromResources(
            Class<?> anchor, String directory, SqlDialect dialect, List<String> files) {
        String folder = (directory.endsWith("/") ? directory : directory + "/") + dialect.directory() + "/";
        return files.stream().map(file -> fromResource(anchor, folder + file)).toList();
    }
}
