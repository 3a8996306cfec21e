package dev.switchboard.ports.storage;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a plugin declares its database schema. The kernel applies the set through
 * {@link SqlStorage#migrate(String, List)} when the plugin starts, before any of its tools are listed.
 */
public interface MigrationSet extends ExtensionPoint {

    /** @return the owner the versions are recorded under; by convention the plugin id */
    String owner();

    /**
     * @param dialect the dialect of the storage the kernel opened ({@link SqlStorage#dialect()})
     * @return every migration of the owner for that dialect, versions 1..n without gaps; MUST NOT change once
     *         released. Versions mean the same schema change in every dialect, so a database copied from one backend
     *         to another keeps its recorded versions
     * @throws UnsupportedOperationException if the plugin has no schema for that dialect; the plugin then fails to
     *                                       start, with that message
     */
    List<Migration> migrations(SqlDialect dialect);
}
