package dev.switchboard.e2e.support;

import java.nio.file.Path;

/**
 * Where the end-to-end tests' Node.js scripts live ({@code src/test/node}) with the npm packages the build installs
 * there from the committed lock file (pre-integration-test, {@code install.sh}): the official MCP TypeScript SDK and
 * the conformance suite. Stateless.
 */
public final class NodeScripts {

    private NodeScripts() {}

    /** @return the scripts' directory (system property {@code switchboard.e2e.node-dir}, set by the build) */
    public static Path dir() {
        return Path.of(System.getProperty("switchboard.e2e.node-dir"));
    }
}
