package dev.switchboard.plugin.transport.stdio;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

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
 * A transport context whose tools are the given names (input schema {@code {"type":"object"}}), answered by the
 * given invoker; by default with no resources and no prompts. Counts {@code ended} calls.
 */
final class FakeContext {

    final AtomicInteger endedCalls = new AtomicInteger();
    final CountDownLatch ended = new CountDownLatch(1);

    TransportContext with(List<String> toolNames, ToolInvoker invoker) {
        return with(toolNames, invoker, new NoResources(), new NoPrompts());
    }

    TransportContext with(List<String> toolNames, ToolInvoker invoker, ResourceCatalog resources,
                          PromptCatalog prompts) {
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
        return new TransportContext(new ServerIdentity("switchboard", "0.0.0-test", "Test instructions.",
                List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")), catalog, invoker,
                resources, prompts, transportId -> {
                    endedCalls.incrementAndGet();
                    ended.countDown();
                }, dev.switchboard.ports.auth.Authenticator.NONE);
    }

    private static final class NoResources implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return List.of();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of();
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return Optional.empty();
        }

        @Override
        public List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> ctx) {
            return List.of();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {
            // nothing ever changes
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
