package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeResources;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The session's GET stream over real HTTP: every event carries an id, and a client whose connection dropped
 * reconnects with {@code Last-Event-ID} and gets what was sent after that event, in order, none lost and none twice
 * (MCP 2025-11-25, resumability; the conformance suite's {@code test_reconnection}). An id the stream cannot resume
 * from starts a fresh stream.
 */
class HttpGetStreamResumptionTest {

    private static final List<String> URIS = List.of("test://a", "test://b", "test://c", "test://d", "test://e");

    private final FakeResources resources = resources();
    private final FakeTransportContext context = Callers.fake(resources, true);
    private final HttpClient http = HttpClient.newHttpClient();
    private TestServer server;
    private String session;

    /** One event of an event stream: its id (null when it has none) and its data (empty for a priming event). */
    private record Event(String id, String data) {
        @SuppressWarnings("unchecked")
        Map<String, Object> message() throws IOException {
            return McpServerAssembly.jsonMapper().readValue(data, Map.class);
        }

        @SuppressWarnings("unchecked")
        String updatedUri() throws IOException {
            Map<String, Object> message = message();
            assertThat(message).containsEntry("method", "notifications/resources/updated");
            return (String) ((Map<String, Object>) message.get("params")).get("uri");
        }
    }

    private static FakeResources resources() {
        FakeResources.Builder builder = FakeResources.builder();
        URIS.forEach(uri -> builder.text(uri, uri.substring(7), Principal::id));
        return builder.build();
    }

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        session = server.initialize(ALICE_TOKEN);
        int id = 2;
        for (String uri : URIS) {
            assertThat(server.post(
                                    ALICE_TOKEN,
                                    session,
                                    TestServer.request(id++, "resources/subscribe", "{\"uri\":\"" + uri + "\"}"))
                            .send(server.port)
                            .status())
                    .isEqualTo(200);
        }
    }

    @AfterEach
    void stop() {
        server.close();
        http.close();
    }

    @Test
    void everyEventOfTheGetStreamCarriesAnIdAfterAPrimingEvent() throws Exception {
        HttpResponse<Stream<String>> stream = get(null);
        Iterator<String> lines = stream.body().iterator();

        Event priming = next(lines);
        resources.announceUpdate("test://a");
        resources.announceUpdate("test://b");
        Event first = next(lines);
        Event second = next(lines);
        stream.body().close();

        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(priming).isEqualTo(new Event("0", ""));
        assertThat(first.id()).isEqualTo("1");
        assertThat(first.updatedUri()).isEqualTo("test://a");
        assertThat(second.id()).isEqualTo("2");
        assertThat(second.updatedUri()).isEqualTo("test://b");
    }

    @Test
    void aReconnectWithLastEventIdGetsWhatWasSentWhileAwayInOrderAndNothingTwice() throws Exception {
        HttpResponse<Stream<String>> dropped = get(null);
        Iterator<String> before = dropped.body().iterator();
        next(before);
        resources.announceUpdate("test://a");
        resources.announceUpdate("test://b");
        Event lastReceived = next(before);
        lastReceived = next(before);
        dropped.body().close();

        resources.announceUpdate("test://c");
        resources.announceUpdate("test://d");
        HttpResponse<Stream<String>> resumed = get(lastReceived.id());
        Iterator<String> after = resumed.body().iterator();
        Event priming = next(after);
        List<Event> replayed = List.of(next(after), next(after));
        resources.announceUpdate("test://e");
        Event live = next(after);
        resumed.body().close();

        assertThat(lastReceived.id()).isEqualTo("2");
        assertThat(resumed.statusCode()).isEqualTo(200);
        assertThat(priming)
                .as("the resumed connection starts after the event named")
                .isEqualTo(new Event("2", ""));
        assertThat(replayed).extracting(Event::id).containsExactly("3", "4");
        List<String> uris = new ArrayList<>();
        for (Event event : replayed) {
            uris.add(event.updatedUri());
        }
        assertThat(uris).as("sent while no client was connected, none lost").containsExactly("test://c", "test://d");
        assertThat(live.id())
                .as("then the live events, none of the earlier ones twice")
                .isEqualTo("5");
        assertThat(live.updatedUri()).isEqualTo("test://e");
    }

    @Test
    void anIdTheStreamNeverGaveStartsAFreshStream() throws Exception {
        HttpResponse<Stream<String>> first = get(null);
        Iterator<String> lines = first.body().iterator();
        next(lines);
        resources.announceUpdate("test://a");
        assertThat(next(lines).id()).isEqualTo("1");
        first.body().close();

        for (String unknown : List.of("99", "-1", "not-an-id")) {
            HttpResponse<Stream<String>> fresh = get(unknown);
            Iterator<String> freshLines = fresh.body().iterator();
            Event priming = next(freshLines);
            resources.announceUpdate("test://b");
            Event live = next(freshLines);
            fresh.body().close();

            assertThat(fresh.statusCode()).as(unknown).isEqualTo(200);
            assertThat(priming.data()).as(unknown).isEmpty();
            assertThat(live.updatedUri())
                    .as("%s: nothing replayed, the next event is the new one", unknown)
                    .isEqualTo("test://b");
            assertThat(Long.parseLong(live.id())).as(unknown).isEqualTo(Long.parseLong(priming.id()) + 1);
        }
    }

    private HttpResponse<Stream<String>> get(String lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + "/mcp"))
                .header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", TestServer.VERSION)
                .GET();
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
    }

    /** @return the next event, skipping comments (heartbeats); fails when the stream ends first */
    private static Event next(Iterator<String> lines) throws IOException {
        String id = null;
        StringBuilder data = null;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.isEmpty()) {
                if (data != null) {
                    return new Event(id, data.toString());
                }
                id = null;
            } else if (line.startsWith("id:")) {
                id = line.substring(3).strip();
            } else if (line.startsWith("data:")) {
                String value = line.substring(5);
                data = (data == null ? new StringBuilder() : data.append('\n'))
                        .append(value.startsWith(" ") ? value.substring(1) : value);
            }
        }
        throw new IOException("the stream ended");
    }
}
