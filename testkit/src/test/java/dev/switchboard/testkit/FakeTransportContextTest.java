package dev.switchboard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.testkit.transport.FakeAuthenticator;
import dev.switchboard.testkit.transport.FakeResources;
import dev.switchboard.testkit.transport.FakeTransportContext;

class FakeTransportContextTest {

    private static final Principal ALICE = new Principal("alice", Principal.Kind.OWNER, Map.of());

    @Test
    void listsTheNamedToolsAndCountsTheCallsOfEveryContextItMade() {
        FakeTransportContext fake = FakeTransportContext.plain();
        TransportContext first = fake.with(List.of("echo", "slow"), call -> ToolResult.text(call.toolName()));
        TransportContext second = fake.with(List.of("any"), call -> ToolResult.text("second"));

        first.invoker().invoke(ToolCall.detached("echo", Map.of(), Principal.LOCAL_OWNER));
        second.invoker().invoke(ToolCall.detached("any", Map.of(), Principal.LOCAL_OWNER));
        assertThatThrownBy(() -> first.invoker().invoke(ToolCall.detached("missing", Map.of(), Principal.LOCAL_OWNER)))
                .as("an unlisted name is refused as the kernel refuses it, without reaching the invoker")
                .isInstanceOf(UnknownToolException.class);

        assertThat(first.tools().tools()).extracting(ToolDescriptor::name).containsExactly("echo", "slow");
        assertThat(first.tools().find("slow"))
                .get()
                .extracting(ToolDescriptor::inputSchema)
                .isEqualTo("{\"type\":\"object\"}");
        assertThat(first.tools().find("missing")).isEmpty();
        assertThat(fake.invocations()).isEqualTo(2);
    }

    @Test
    void recordsTheTransportsThatSaidTheyEnded() throws InterruptedException {
        FakeTransportContext fake = FakeTransportContext.plain();
        TransportContext context = fake.with(List.of(), call -> ToolResult.text("x"));

        assertThat(fake.awaitEnded(Duration.ofMillis(10))).isFalse();
        context.lifecycle().ended("stdio");

        assertThat(fake.awaitEnded(Duration.ofSeconds(1))).isTrue();
        assertThat(fake.endedTransports()).containsExactly("stdio");
    }

    @Test
    void theAuthenticatorKnowsOnlyItsTokens() {
        FakeAuthenticator required = FakeAuthenticator.requiringTokens().token("t-alice", ALICE);

        assertThat(required.authenticate("t-alice")).contains(ALICE);
        assertThat(required.authenticate("t-bob")).isEmpty();
        assertThat(required.required()).isTrue();
        assertThat(FakeAuthenticator.off().required()).isFalse();
    }

    @Test
    void resourcesAreReadAsTheReaderAndUpdatesReachTheListeners() {
        FakeResources resources =
                FakeResources.builder().text("test://who", "who", Principal::id).build();
        List<String> updated = new CopyOnWriteArrayList<>();
        resources.addUpdateListener(new ResourceUpdateSink() {
            @Override
            public void updated(String uri) {
                updated.add(uri);
            }
        });

        assertThat(resources.read("test://who", ALICE))
                .contains(List.of(new ResourceContents.TextContents("test://who", "text/plain", "alice")));
        assertThat(resources.read("test://none", ALICE)).isEmpty();
        resources.announceUpdate("test://who");

        assertThat(updated).containsExactly("test://who");
        assertThat(resources.readers()).containsExactly(ALICE);
    }
}
