package dev.switchboard.kernel.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;

/**
 * Facts about this build, read from {@code build.properties} written by Maven.
 *
 * @param version   the project version, such as {@code 0.1.0-SNAPSHOT}
 * @param buildTime when it was built, ISO-8601 UTC
 */
public record BuildInfo(String version, String buildTime) {

    /** The server's implementation name in the MCP initialize result. */
    public static final String NAME = "switchboard";

    /**
     * MCP protocol versions the server accepts, newest first: the stateless modern era's {@code 2026-07-28} (ADR 42),
     * then the legacy era's that the MCP Java SDK negotiates in {@code initialize}. The one list both
     * {@code server_info}'s {@code protocol_versions} and {@code server/discover}'s {@code supportedVersions} show (given
     * to transports in {@code ServerIdentity}).
     */
    public static final List<String> PROTOCOL_VERSIONS =
            List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    /** @return the facts of the running build; {@code unknown} when the properties are missing */
    public static BuildInfo current() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/dev/switchboard/kernel/build.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            return new BuildInfo("unknown", "unknown");
        }
        return new BuildInfo(
                properties.getProperty("version", "unknown"), properties.getProperty("build.time", "unknown"));
    }
}
