package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.SharedServers;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * Version skew between attach clients and shared servers (ADR 32): a client whose installation is
 * another build than the running shared server's starts a server of its own on the same state directory, and the old
 * server drains: it keeps serving the session attached to it and exits as soon as that session ends, without waiting
 * for its idle period. Two real installations (the second's kernel jar carries another build time), real processes,
 * the MCP Java SDK client.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AttachVersionSkewIT {

    @TempDir
    Path dir;

    private Installation older;

    @AfterEach
    void stopSharedServers() {
        if (older != null) {
            older.run("server", "stop", "--all");
        }
    }

    @Test
    void aClientOfAnotherBuildGetsItsOwnServerAndTheOldOneExitsWhenItsLastSessionEnds() throws Exception {
        older = Installation.copyOfBuilt(dir.resolve("older")).attaching();
        Installation newer = Installation.copyOfBuilt(dir.resolve("newer")).attaching();
        rebuild(newer.home(), "2000-01-01T00:00:00Z");
        StringBuffer log = new StringBuffer();

        McpSyncClient oldSession = McpClients.stdioInitialized(
                older, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "old"), "skew-old", log);
        List<Long> before = SharedServers.of(older);
        assertThat(before).as(log.toString()).hasSize(1);
        long oldServer = before.get(0);

        try (McpSyncClient newSession = McpClients.stdioInitialized(
                newer,
                Map.of(
                        "SWITCHBOARD_PLUGINS__MAILBOX__ROLE",
                        "new",
                        "SWITCHBOARD_KERNEL__STATE_DIR",
                        older.stateDir().toString()),
                "skew-new",
                log)) {
            List<Long> both = SharedServers.of(older);
            assertThat(both).as("one server per build " + log).hasSize(2).contains(oldServer);

            // The drained server still serves its session, across builds on one store.
            oldSession.callTool(new McpSchema.CallToolRequest(
                    "send_message", Map.of("to", "new", "topic", "from the old build", "body", "hi")));
            McpSchema.CallToolResult inbox = newSession.callTool(new McpSchema.CallToolRequest("read_inbox", Map.of()));
            assertThat(inbox.isError()).isFalse();
            assertThat(String.valueOf(inbox.structuredContent())).contains("from the old build");

            oldSession.closeGracefully();
            assertThat(Pids.awaitDeath(oldServer, Duration.ofSeconds(20)))
                    .as("the drained server exits when its last session ends, not after its idle period")
                    .isTrue();
            assertThat(SharedServers.of(older))
                    .as("the newer build's server serves on")
                    .hasSize(1);
            assertThat(newSession.listTools().tools())
                    .extracting(McpSchema.Tool::name)
                    .contains("read_inbox");
        }
    }

    /** Gives the installation's kernel jar another build time, as another build of the same version would have (also
     * for HookThroughSharedServerIT). */
    static void rebuild(Path home, String buildTime) throws IOException {
        Path kernel;
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(home.resolve("lib"), "switchboard-kernel-*.jar")) {
            kernel = jars.iterator().next();
        }
        try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + kernel.toUri()), Map.of())) {
            Path properties = jar.getPath("/dev/switchboard/kernel/build.properties");
            String text = Files.readString(properties, StandardCharsets.UTF_8);
            Files.writeString(
                    properties,
                    text.replaceAll("(?m)^build\\.time=.*$", "build.time=" + buildTime),
                    StandardCharsets.UTF_8);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
