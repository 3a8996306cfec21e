package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * ADR 20 on stdio: a legacy session's {@code resources/list} is its caller's own list, not the list registered when
 * the server was built. On the shared server those differ: an attached session's role has an inbox the server's own
 * list does not have.
 */
class StdioServedListsTest {

    private PipedClient client;

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void aLegacySessionListsItsCallersOwnResourcesNotTheServersRegisteredOnes() throws Exception {
        client = new PipedClient();
        client.transport()
                .start(FakeTransportContext.builder()
                        .resources(new PerCallerResources())
                        .build()
                        .with(List.of("noop"), call -> ToolResult.text("ok")));
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{}}");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> listed =
                (List<Map<String, Object>>) ((Map<String, Object>) client.next().get("result")).get("resources");
        assertThat(listed)
                .extracting(resource -> resource.get("uri"))
                .containsExactly("test://own/" + Principal.LOCAL_OWNER_ID);
    }

    /** The server's registered list names one resource; each caller's own list names another. */
    private static final class PerCallerResources implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return List.of(descriptor("test://registered"));
        }

        @Override
        public List<ResourceDescriptor> resources(Principal caller) {
            return List.of(descriptor("test://own/" + caller.id()));
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates(Principal caller) {
            return List.of();
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return Optional.empty();
        }

        @Override
        public List<String> complete(
                String uriTemplate, String variable, String prefix, Map<String, String> ctx, Principal caller) {
            return List.of();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {}

        private static ResourceDescriptor descriptor(String uri) {
            return new ResourceDescriptor(uri, uri, null, "a resource", "text/plain");
        }
    }
}
