package dev.switchboard.ports.prompt;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.Principal;

/**
 * Extension point through which a plugin offers prompts. Implementations MUST be thread-safe.
 */
public interface PromptProvider extends ExtensionPoint {

    /**
     * Whether this provider's prompts are served to a caller (ADR 20): listed in {@code prompts/list}, rendered and
     * completed. For a caller it is not served to, the kernel answers as if the prompt did not exist (JSON-RPC -32602
     * "Unknown prompt") without asking the provider, and the list leaves its prompts out. By default a provider serves
     * the owner (or an admin) only, like {@link dev.switchboard.ports.tool.Tool#listedFor}.
     *
     * <p>Called on every list, render and completion, on any thread: MUST be cheap (no I/O), MUST NOT throw, and
     * must give the same answer for the same caller while the server runs.
     *
     * @param caller who asks
     * @return whether to serve this provider's prompts to {@code caller}; by default true for an owner or admin
     */
    default boolean servedTo(Principal caller) {
        return caller.kind() == Principal.Kind.OWNER || caller.kind() == Principal.Kind.ADMIN;
    }

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
     * Renders a prompt that may ask the client for input (elicitation, sampling, roots) while it renders, as a tool does
     * ({@link ClientRequests}, including its rules for the 2026-07-28 era, where the client answers in a retry and the
     * prompt is rendered again). By default the prompt asks nothing: {@link #get(String, Map, Principal)}.
     *
     * @param name      the prompt's name
     * @param arguments the argument values the client supplied
     * @param principal who is asking
     * @param client    the request's channel back to the client
     * @return the rendered prompt, or empty when this provider has no prompt of that name
     * @throws IllegalArgumentException if a required argument is missing (answered as JSON-RPC -32602)
     */
    default Optional<PromptResult> get(
            String name, Map<String, String> arguments, Principal principal, ClientRequests client) {
        return get(name, arguments, principal);
    }

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
