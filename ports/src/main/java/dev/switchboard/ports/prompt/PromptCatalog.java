package dev.switchboard.ports.prompt;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.call.Principal;

/** Every prompt of every started plugin, as transports see them. Implemented by the kernel. Thread-safe. */
public interface PromptCatalog {

    /** @return all prompts, sorted by name */
    List<PromptDescriptor> prompts();

    /**
     * @param name      the prompt's name
     * @param arguments the argument values
     * @param principal who is asking
     * @return the rendered prompt, or empty when no provider has it
     * @throws IllegalArgumentException if a required argument is missing
     */
    Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal);

    /**
     * @param prompt   the prompt's name
     * @param argument the argument being completed
     * @param prefix   what the user typed so far
     * @param context  values of arguments already chosen
     * @return up to 100 suggestions
     */
    List<String> complete(String prompt, String argument, String prefix, Map<String, String> context);
}
