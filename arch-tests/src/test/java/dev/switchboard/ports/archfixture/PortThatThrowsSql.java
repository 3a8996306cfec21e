package dev.switchboard.ports.archfixture;

import java.sql.SQLException;

/** Breaks {@code port_methods_declare_no_checked_exceptions}: SQLException is allowed on SqlWork only. */
public interface PortThatThrowsSql {

    /**
     * Counts rows.
     *
     * @return the count
     * @throws SQLException when the query fails
     */
    int count() throws SQLException;
}
