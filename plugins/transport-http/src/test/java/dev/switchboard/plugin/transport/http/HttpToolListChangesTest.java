package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolListChanges;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.transport.FakeResources;

/**
 * A plugin's report that its tool listing changed ({@link ToolListChanges}, through the kernel's served catalog as the
 * test bed wires it) reaches an open {@code subscriptions/listen} stream of the modern era on the real HTTP transport
 * as {@code notifications/tools/list_changed} with the subscription id, and the caller's next {@code tools/list} shows
 * the change.
 */
class HttpToolListChangesTest {

    @TempDir
    static Path dir;

    private static PluginTestBed bed;
    private static TestServer server;

    @BeforeAll
    static void start() {
        bed = PluginTestBed.of("toggling", new TogglingModule()).start(dir);
        TransportContext base = Callers.builder(FakeResources.builder().build(), true)
                .build()
                .with(List.of("toggle", "toggled"), call -> bed.call(call.toolName(), Map.of()));
        server = TestServer.start(Callers.serving(base, bed.servedTools(), base.resources()));
    }

    @AfterAll
    static void stop() {
        server.close();
        bed.close();
    }

    @Test
    void aPluginsReportedListingChangeReachesAnOpenListenStream() throws Exception {
        assertThat(listedTools()).contains("toggled");
        try (Socket listen = openListen()) {
            BufferedReader events =
                    new BufferedReader(new InputStreamReader(listen.getInputStream(), StandardCharsets.UTF_8));
            assertThat(nextMessage(events).get("method")).isEqualTo("notifications/subscriptions/acknowledged");

            RawHttp.Response toggle = TestServer.modern(
                            ALICE_TOKEN, 2, "tools/call", "{\"name\":\"toggle\",\"arguments\":{}}", "toggle")
                    .send(server.port);
            assertThat(toggle.status()).isEqualTo(200);

            Map<String, Object> told = nextMessage(events);
            assertThat(told.get("method")).isEqualTo("notifications/tools/list_changed");
            assertThat(String.valueOf(told.get("params"))).contains("io.modelcontextprotocol/subscriptionId=listen-1");
        }
        assertThat(listedTools()).doesNotContain("toggled").contains("toggle");
    }

    @SuppressWarnings("unchecked")
    private static List<String> listedTools() throws IOException {
        RawHttp.Response list =
                TestServer.modern(ALICE_TOKEN, 3, "tools/list", "{}", null).send(server.port);
        Map<String, Object> result = (Map<String, Object>) list.json().get("result");
        return ((List<Map<String, Object>>) result.get("tools"))
                .stream().map(tool -> (String) tool.get("name")).toList();
    }

    private static Socket openListen() throws IOException {
        String json = TestServer.modernRequest(
                        0,
                        "subscriptions/listen",
                        "{\"notifications\":{\"toolsListChanged\":true}}",
                        TestServer.MODERN_VERSION)
                .replace("\"id\":0", "\"id\":\"listen-1\"");
        return RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", TestServer.MODERN_VERSION)
                .header("Mcp-Method", "subscriptions/listen")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .body(json)
                .open(server.port);
    }

    /** @return the next JSON-RPC message of an event stream read as it arrives, within 10 s */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> nextMessage(BufferedReader events) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (String line = events.readLine(); line != null; line = events.readLine()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no message within 10 s");
            }
            if (line.startsWith("data: ")) {
                return McpServerAssembly.jsonMapper().readValue(line.substring(6), Map.class);
            }
        }
        throw new IOException("the stream ended");
    }

    /** The plugin under test: {@code toggle} hides {@code toggled} and reports it. */
    private static final class TogglingModule extends AbstractModule {
        @Override
        protected void configure() {
            Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
            tools.addBinding().to(Toggle.class);
            tools.addBinding().to(Toggled.class);
        }
    }

    @Singleton
    static final class Listing {
        final AtomicBoolean listed = new AtomicBoolean(true);
    }

    static final class Toggle implements Tool {
        private final Listing listing;
        private final ToolListChanges changes;

        @Inject
        Toggle(Listing listing, ToolListChanges changes) {
            this.listing = listing;
            this.changes = changes;
        }

        @Override
        public ToolDescriptor descriptor() {
            return ToolDescriptor.builder("toggle").description("hides toggled").build();
        }

        @Override
        public ToolResult call(ToolCall call) {
            listing.listed.set(false);
            changes.changed();
            return ToolResult.text("hidden");
        }
    }

    static final class Toggled implements Tool {
        private final Listing listing;

        @Inject
        Toggled(Listing listing) {
            this.listing = listing;
        }

        @Override
        public ToolDescriptor descriptor() {
            return ToolDescriptor.builder("toggled")
                    .description("hidden by toggle")
                    .build();
        }

        @Override
        public ToolResult call(ToolCall call) {
            return ToolResult.text("here");
        }

        @Override
        public boolean listedFor(Principal caller) {
            return Tool.super.listedFor(caller) && listing.listed.get();
        }
    }
}
