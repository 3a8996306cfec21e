package dev.switchboard.ports.prompt;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.call.Principal;

/**
 * Extension point through which a plugin offers prompts. Implementations MUST be thread-safe.
 */
public interface PromptProvider extends ExtensionPoint {

    /** @return the prompts this provider offers */
    List<PromptDescriptor> prompts();

    /**
     * Renders a prompt.
     *
     * @param name      the prompt's name
     * @param arguments the argument values the client supplied
     * @param principal who is asking
     * @return the rendered prompt, or empty when this provider has no prompt of that name
     * @throws IllegalArgumentException if a required argument is missing (answered as JSON-RPC -32602)
     */
    Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal);

    /**
     * Suggests values for one argument ({@code completion/complete} with {@code ref/prompt}).
     *
     * @param prompt   the prompt's name
     * @param argument the argument being completed
     * @param prefix   what the user typed so far
     * @param context  values of arguments already chosen
     * @return up to 100 suggestions, best first; empty by default
     */
    default List<String> complete(String prompt, String argument, String prefix, Map<String, String> context) {
        return List.of();
    }
}
