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

    /** @return every migration of the owner, versions 1..n without gaps; MUST NOT change once released */
    List<Migration> migrations();
}
