package dev.switchboard.ports.transport;

import java.util.List;
import java.util.Objects;

/**
 * How the server introduces itself during initialization.
 *
 * @param name             the implementation name, {@code switchboard}
 * @param version          the build's version
 * @param instructions     guidance for agents sent in the initialize result, or null
 * @param protocolVersions the MCP protocol versions a transport should accept, newest first
 */
public record ServerIdentity(String name, String version, String instructions, List<String> protocolVersions) {
    /** @throws NullPointerException if {@code name}, {@code version} or {@code protocolVersions} is null */
    public ServerIdentity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        protocolVersions = List.copyOf(protocolVersions);
    }
}
