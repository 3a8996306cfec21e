package dev.switchboard.kernel.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import jakarta.inject.Singleton;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptProvider;
import dev.switchboard.ports.prompt.PromptResult;

/**
 * The prompt catalog: the prompt providers of every started plugin. A provider not
 * {@linkplain PromptProvider#servedTo served to} a caller is never asked on that caller's behalf: its prompts are left
 * out of the caller's list, and rendering or completing them answers as if they did not exist. Thread-safe.
 */
@Singleton
public final class PromptRegistry implements PromptCatalog {

    private static final int MAX_COMPLETIONS = 100;

    private final Contributions<PromptProvider> providers = new Contributions<>();

    /**
     * @param owner       the plugin id
     * @param contributed the plugin's providers
     */
    public void register(String owner, List<PromptProvider> contributed) {
        providers.add(owner, contributed);
    }

    /** @param owner the plugin whose providers to withdraw */
    public void unregister(String owner) {
        providers.remove(owner);
    }

    @Override
    public List<PromptDescriptor> prompts() {
        return providers.stream()
                .flatMap(p -> p.prompts().stream())
                .sorted(Comparator.comparing(PromptDescriptor::name))
                .toList();
    }

    @Override
    public List<PromptDescriptor> prompts(Principal caller) {
        return servedTo(caller)
                .flatMap(p -> p.prompts().stream())
                .sorted(Comparator.comparing(PromptDescriptor::name))
                .toList();
    }

    @Override
    public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
        return get(name, arguments, principal, ClientRequests.NONE);
    }

    @Override
    public Optional<PromptResult> get(
            String name, Map<String, String> arguments, Principal principal, ClientRequests client) {
        return servedTo(principal)
                .map(p -> p.get(name, arguments, principal, client))
                .flatMap(Optional::stream)
                .findFirst();
    }

    @Override
    public List<String> complete(
            String prompt, String argument, String prefix, Map<String, String> context, Principal caller) {
        return servedTo(caller)
                .filter(p -> p.prompts().stream().anyMatch(d -> d.name().equals(prompt)))
                .flatMap(p -> p.complete(prompt, argument, prefix, context).stream())
                .limit(MAX_COMPLETIONS)
                .toList();
    }

    private Stream<PromptProvider> servedTo(Principal caller) {
        return providers.stream().filter(p -> p.servedTo(caller));
    }
}
