package dev.switchboard.testkit.transport;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptResult;

/** Prompt catalogs for transport tests. */
public final class FakePrompts {

    /** A catalog with no prompts; every lookup is empty. Thread-safe. */
    public static final PromptCatalog NONE = new PromptCatalog() {
        @Override
        public List<PromptDescriptor> prompts() {
            return List.of();
        }

        @Override
        public List<PromptDescriptor> prompts(Principal caller) {
            return List.of();
        }

        @Override
        public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
            return Optional.empty();
        }

        @Override
        public List<String> complete(
                String prompt, String argument, String prefix, Map<String, String> context, Principal caller) {
            return List.of();
        }
    };

    private FakePrompts() {}
}
