package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

/**
 * Which PostgreSQL Switchboard supports, named once: the start-up check ({@link ConnectionPool}), the refusal's
 * words ({@link OpenFailure}), {@code switchboard doctor} ({@link ServerFacts#supported()}) and the documentation
 * (docs/deployment.md and docs/configuration.md, kept equal to it by a test) all read {@link #MINIMUM_MAJOR}. The
 * build's tests run on this major and on the newest one (docs/testing.md). Stateless.
 */
public final class PostgresVersion {

    /** The oldest supported major version: 14 (Ubuntu 22.04's; Debian 12 ships 15, Ubuntu 24.04 16). */
    public static final int MINIMUM_MAJOR = 14;

    private PostgresVersion() {}

    /**
     * @param serverVersionNum {@code server_version_num}, such as 150004 for 15.4
     * @return whether that server is {@link #MINIMUM_MAJOR} or newer
     */
    public static boolean supports(int serverVersionNum) {
        return major(serverVersionNum) >= MINIMUM_MAJOR;
    }

    /**
     * @param serverVersionNum {@code server_version_num}, such as 150004 for 15.4
     * @return its major version, such as 15
     */
    public static int major(int serverVersionNum) {
        return serverVersionNum / 10_000;
    }

    /** @return the requirement in words: {@code PostgreSQL 14 or newer} */
    public static String requirement() {
        return "PostgreSQL " + MINIMUM_MAJOR + " or newer";
    }
}
