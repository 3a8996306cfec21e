package dev.switchboard.kernel.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptMessage;
import dev.switchboard.ports.prompt.PromptProvider;
import dev.switchboard.ports.prompt.PromptResult;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;

/** ADR 20: a provider not served to a caller is invisible to it and never asked on its behalf. */
class ServedCatalogsTest {

    private static final Principal ROLE = new Principal("t1", Principal.Kind.CHANNEL_ROLE, Map.of("role", "backend"));
    private static final Principal VIEWER = new Principal("v1", Principal.Kind.VIEWER, Map.of());
    private static final Principal ADMIN = new Principal("a1", Principal.Kind.ADMIN, Map.of());

    @Test
    void aDefaultResourceProviderIsReadByTheOwnerAndNotFoundForARoleWithoutBeingAsked() {
        OwnerResources provider = new OwnerResources();
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("demo", List.of(provider));

        assertThat(registry.read("demo://one", Principal.LOCAL_OWNER)).isPresent();
        assertThat(registry.read("demo://one", ADMIN)).isPresent();
        assertThat(provider.reads.get()).isEqualTo(2);

        assertThat(registry.read("demo://one", ROLE)).isEmpty();
        assertThat(registry.read("demo://one", VIEWER)).isEmpty();
        assertThat(provider.reads.get()).isEqualTo(2);
    }

    @Test
    void aDefaultResourceProvidersListsAndCompletionsAreTheOwnersOnly() {
        OwnerResources provider = new OwnerResources();
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("demo", List.of(provider));

        assertThat(registry.resources(Principal.LOCAL_OWNER))
                .extracting(ResourceDescriptor::uri)
                .containsExactly("demo://one");
        assertThat(registry.templates(Principal.LOCAL_OWNER))
                .extracting(ResourceTemplateDescriptor::uriTemplate)
                .containsExactly("demo://{id}");
        assertThat(registry.complete("demo://{id}", "id", "", Map.of(), Principal.LOCAL_OWNER))
                .containsExactly("one");

        assertThat(registry.resources(ROLE)).isEmpty();
        assertThat(registry.templates(ROLE)).isEmpty();
        assertThat(registry.complete("demo://{id}", "id", "", Map.of(), ROLE)).isEmpty();
        assertThat(registry.resources()).hasSize(1);
    }

    @Test
    void aProviderServingRolesIsReadByARoleAndOthersStayHidden() {
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("a-owner", List.of(new OwnerResources()));
        registry.register("b-roles", List.of(new RoleResources()));

        assertThat(registry.resources(ROLE)).extracting(ResourceDescriptor::uri).containsExactly("roles://inbox");
        assertThat(registry.read("roles://inbox", ROLE)).isPresent();
        assertThat(registry.read("demo://one", ROLE)).isEmpty();
        assertThat(registry.resources(VIEWER)).isEmpty();
    }

    @Test
    void aDefaultPromptProviderRendersForTheOwnerAndIsUnknownToARoleWithoutBeingAsked() {
        OwnerPrompts provider = new OwnerPrompts();
        PromptRegistry registry = new PromptRegistry();
        registry.register("demo", List.of(provider));

        assertThat(registry.prompts(Principal.LOCAL_OWNER))
                .extracting(PromptDescriptor::name)
                .containsExactly("greet");
        assertThat(registry.get("greet", Map.of(), Principal.LOCAL_OWNER)).isPresent();
        assertThat(registry.complete("greet", "who", "", Map.of(), Principal.LOCAL_OWNER))
                .containsExactly("Ada");

        assertThat(registry.prompts(ROLE)).isEmpty();
        assertThat(registry.get("greet", Map.of(), ROLE)).isEmpty();
        assertThat(registry.complete("greet", "who", "", Map.of(), ROLE)).isEmpty();
        assertThat(provider.renders.get()).isEqualTo(1);
    }

    private static class OwnerResources implements ResourceProvider {
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public List<ResourceDescriptor> resources() {
            return List.of(new ResourceDescriptor(uri(), "one", null, null, "text/plain"));
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of(new ResourceTemplateDescriptor("demo://{id}", "demo", null, null, "text/plain"));
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            reads.incrementAndGet();
            return uri.equals(uri())
                    ? Optional.of(List.of(new ResourceContents.TextContents(uri, "text/plain", "secret")))
                    : Optional.empty();
        }

        @Override
        public List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> ctx) {
            return List.of("one");
        }

        String uri() {
            return "demo://one";
        }
    }

    private static final class RoleResources extends OwnerResources {
        @Override
        public boolean servedTo(Principal caller) {
            return caller.kind() == Principal.Kind.CHANNEL_ROLE;
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of();
        }

        @Override
        String uri() {
            return "roles://inbox";
        }
    }

    private static final class OwnerPrompts implements PromptProvider {
        final AtomicInteger renders = new AtomicInteger();

        @Override
        public List<PromptDescriptor> prompts() {
            return List.of(new PromptDescriptor("greet", null, "Greets", List.of()));
        }

        @Override
        public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
            renders.incrementAndGet();
            return Optional.of(
                    new PromptResult(null, List.of(new PromptMessage(PromptMessage.Role.USER, Content.text("hi")))));
        }

        @Override
        public List<String> complete(String prompt, String argument, String prefix, Map<String, String> context) {
            return List.of("Ada");
        }
    }
}
