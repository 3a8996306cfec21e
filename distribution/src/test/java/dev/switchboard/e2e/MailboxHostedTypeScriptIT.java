package dev.switchboard.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.NodeTests;

/**
 * Hosted channels with the official MCP TypeScript SDK client over streamable HTTP: runs
 * {@code src/test/node/hosted-client.test.mjs} with {@code node --test}, giving it the endpoint and the owner token.
 * The owner creates a channel with three roles, each role's client (its own token) sends, reads, resolves and confirms
 * a debt, and rotate_token makes the old token 401 at once. On the {@link SharedHttpServe} server, with a channel of
 * its own ({@code ts-proj}).
 */
@ExtendWith(SharedHttpServe.class)
class MailboxHostedTypeScriptIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String SCRIPT = "hosted-client.test.mjs";

    @TempDir
    Path dir;

    @Test
    void officialTypeScriptClientsWorkAsTheOwnerAndAsEachRole(HttpServe server) {
        try {
            NodeTests.assertPasses(
                    NodeScripts.dir(),
                    SCRIPT,
                    Map.of("SWITCHBOARD_E2E_URL", server.url(), "SWITCHBOARD_E2E_TOKEN", server.token()),
                    TIMEOUT,
                    dir.resolve("node-test.log"),
                    1);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + server.log(), e);
        }
    }
}
