package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptResult;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolInvoker;
import dev.switchboard.ports.transport.ServerIdentity;
import dev.switchboard.ports.transport.TransportContext;

/**
 * A transport context whose tools are the given names (input schema {@code {"type":"object"}}) answered by the given
 * invoker, with one resource ({@code test://static-text}) and no prompts. Its authenticator knows two tokens, for
 * two different principals. Counts the calls that reach the invoker.
 */
final class FakeContext {

    static final String ALICE_TOKEN = "alice-2f7c1e9a0b4d8e63a5c7";
    static final String BOB_TOKEN = "bob-91d3b6e0c2a47f58e1b9";
    static final Principal ALICE = new Principal("alice", Principal.Kind.OWNER, Map.of());
    static final Principal BOB = new Principal("bob", Principal.Kind.ADMIN, Map.of());

    final AtomicInteger invocations = new AtomicInteger();
    final List<ResourceUpdateSink> updateListeners = new CopyOnWriteArrayList<>();

    TransportContext with(List<String> toolNames, ToolInvoker invoker) {
        return with(toolNames, invoker, true);
    }

    TransportContext with(List<String> toolNames, ToolInvoker invoker, boolean authRequired) {
        List<ToolDescriptor> tools = toolNames.stream()
                .map(name -> new ToolDescriptor(name, null, "test tool " + name, "{\"type\":\"object\"}", null,
                        ToolAnnotations.NONE))
                .toList();
        ToolCatalog catalog = new ToolCatalog() {
            @Override
            public List<ToolDescriptor> tools() {
                return tools;
            }

            @Override
            public Optional<ToolDescriptor> find(String name) {
                return tools.stream().filter(t -> t.name().equals(name)).findFirst();
            }
        };
        ToolInvoker counting = call -> {
            invocations.incrementAndGet();
            return invoker.invoke(call);
        };
        return new TransportContext(new ServerIdentity("switchboard", "0.0.0-test", "Test instructions.",
                List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")), catalog, counting,
                new Resources(), new NoPrompts(), transportId -> { }, authenticator(authRequired));
    }

    private static Authenticator authenticator(boolean required) {
        return new Authenticator() {
            @Override
            public Optional<Principal> authenticate(String bearerToken) {
                return switch (bearerToken) {
                    case ALICE_TOKEN -> Optional.of(ALICE);
                    case BOB_TOKEN -> Optional.of(BOB);
                    default -> Optional.empty();
                };
            }

            @Override
            public boolean required() {
                return required;
            }
        };
    }

    private final class Resources implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return List.of(new ResourceDescriptor("test://static-text", "static-text", null, "Static text",
                    "text/plain"));
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of();
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return uri.equals("test://static-text")
                    ? Optional.of(List.of(new ResourceContents.TextContents(uri, "text/plain", principal.id())))
                    : Optional.empty();
        }

        @Override
        public List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> ctx) {
            return List.of();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {
            updateListeners.add(sink);
        }
    }

    private static final class NoPrompts implements PromptCatalog {
        @Override
        public List<PromptDescriptor> prompts() {
            return List.of();
        }

        @Override
        public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
            return Optional.empty();
        }

        @Override
        public List<String> complete(String prompt, String argument, String prefix, Map<String, String> context) {
            return List.of();
        }
    }
}
