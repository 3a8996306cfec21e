package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.prompt.PromptArgument;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptMessage;
import dev.switchboard.ports.prompt.PromptResult;

/**
 * One prompt, {@code greet}, with a required argument {@code who}, served to the owner only and rendered as
 * {@code "hello <who>, from <caller id>"}: enough to tell the caller of each request and the served list apart. Its
 * argument completes to {@code ada}, {@code alan} and {@code bob} starting with the prefix, each as
 * {@code <name>@<caller id>}.
 */
final class GreetingPrompt implements PromptCatalog {

    private static final PromptDescriptor GREET = new PromptDescriptor(
            "greet", null, "greets someone", List.of(new PromptArgument("who", null, "whom to greet", true)));

    @Override
    public List<PromptDescriptor> prompts() {
        return List.of(GREET);
    }

    @Override
    public List<PromptDescriptor> prompts(Principal caller) {
        return caller.kind() == Principal.Kind.OWNER ? List.of(GREET) : List.of();
    }

    @Override
    public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
        if (!name.equals("greet") || prompts(principal).isEmpty()) {
            return Optional.empty();
        }
        String who = arguments.get("who");
        if (who == null) {
            throw new IllegalArgumentException("Missing required argument: who");
        }
        return Optional.of(new PromptResult(
                null,
                List.of(new PromptMessage(
                        PromptMessage.Role.USER, new Content.Text("hello " + who + ", from " + principal.id())))));
    }

    @Override
    public List<String> complete(
            String prompt, String argument, String prefix, Map<String, String> context, Principal caller) {
        if (!prompt.equals("greet")
                || !argument.equals("who")
                || prompts(caller).isEmpty()) {
            return List.of();
        }
        return java.util.stream.Stream.of("ada", "alan", "bob")
                .filter(name -> name.startsWith(prefix))
                .map(name -> name + "@" + caller.id())
                .toList();
    }
}
