package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import org.postgresql.ds.PGSimpleDataSource;

/**
 * The settings every connection of the adapter opens with, whoever opens it (the pool, the signal listener, the
 * notifier, the hooks' direct connection, ADR 65): the URL, the user, the schema as {@code currentSchema}, the
 * {@code application_name}, the connect timeout, and the statement and lock timeouts as session settings sent with
 * the start-up packet (no extra round trip). Stateless.
 */
public final class DriverSettings {

    /** The {@code application_name} of the adapter's connections, for operators. */
    public static final String APPLICATION_NAME = "switchboard";

    private DriverSettings() {}

    /**
     * Applies {@code config}'s settings to a driver data source that has none yet (its password is the caller's).
     *
     * @param driver the data source, modified
     * @param config where and how to connect
     */
    public static void apply(PGSimpleDataSource driver, PostgresConfig config) {
        driver.setURL(config.url());
        config.user().ifPresent(driver::setUser);
        driver.setCurrentSchema(config.schema());
        driver.setApplicationName(APPLICATION_NAME);
        driver.setConnectTimeout(Math.max(1, (config.connectTimeoutMs() + 999) / 1000));
        String own =
                "-c statement_timeout=" + config.statementTimeoutMs() + " -c lock_timeout=" + config.lockTimeoutMs();
        String given = driver.getOptions();
        driver.setOptions(given == null || given.isBlank() ? own : given + " " + own);
    }
}
