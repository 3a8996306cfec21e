package dev.switchboard.ports.prompt;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.Principal;

/** Every prompt of every started plugin, as transports see them. Implemented by the kernel. Thread-safe. */
public interface PromptCatalog {

    /** @return all prompts, whoever they are served to (what a server registers), sorted by name */
    List<PromptDescriptor> prompts();

    /**
     * @param caller who asks for the list
     * @return the prompts of the providers {@linkplain PromptProvider#servedTo served to} {@code caller}, sorted by
     *     name
     */
    List<PromptDescriptor> prompts(Principal caller);

    /**
     * @param name      the prompt's name
     * @param arguments the argument values
     * @param principal who is asking
     * @return the rendered prompt, or empty when no provider served to {@code principal} has it
     * @throws IllegalArgumentException if a required argument is missing
     */
    Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal);

    /**
     * Renders a prompt whose provider may ask the client ({@link PromptProvider#get(String, Map, Principal,
     * ClientRequests)}). By default the client is not asked: {@link #get(String, Map, Principal)}.
     *
     * @param name      the prompt's name
     * @param arguments the argument values
     * @param principal who is asking
     * @param client    the request's channel back to the client
     * @return the rendered prompt, or empty when no provider served to {@code principal} has it
     * @throws IllegalArgumentException if a required argument is missing
     */
    default Optional<PromptResult> get(
            String name, Map<String, String> arguments, Principal principal, ClientRequests client) {
        return get(name, arguments, principal);
    }

    /**
     * @param prompt   the prompt's name
     * @param argument the argument being completed
     * @param prefix   what the user typed so far
     * @param context  values of arguments already chosen
     * @param caller   who asks
     * @return up to 100 suggestions; none from a provider not served to {@code caller}
     */
    List<String> complete(String prompt, String argument, String prefix, Map<String, String> context, Principal caller);
}
