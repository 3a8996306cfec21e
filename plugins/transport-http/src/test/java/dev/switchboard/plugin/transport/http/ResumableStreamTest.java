package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/** The bounded buffer behind a session's GET stream: what a reconnecting client gets, and what it cannot. */
class ResumableStreamTest {

    private static final Duration NO_WAIT = Duration.ZERO;

    private final ResumableStream stream = new ResumableStream(McpServerAssembly.jsonMapper());

    private void send(int count, String text) {
        for (int i = 0; i < count; i++) {
            stream.sendMessage(new McpSchema.JSONRPCNotification(
                            "notifications/message", Map.of("level", "info", "data", text)))
                    .block();
        }
    }

    @Test
    void keepsTheNewestEventsUpToTheCountBoundAndResumesWithinThem() throws Exception {
        send(ResumableStream.MAX_EVENTS + 10, "x");
        long last = ResumableStream.MAX_EVENTS + 10;

        ResumableStream.Connection oldestKept = stream.attach(Long.toString(last - ResumableStream.MAX_EVENTS));
        List<ResumableStream.Event> replayed = stream.next(oldestKept, NO_WAIT);
        ResumableStream.Connection tooOld = stream.attach("9");

        assertThat(replayed).hasSize(ResumableStream.MAX_EVENTS);
        assertThat(replayed.getFirst().id()).isEqualTo(11);
        assertThat(replayed.getLast().id()).isEqualTo(last);
        assertThat(stream.position(tooOld)).as("an evicted id starts fresh").isEqualTo(last);
        assertThat(stream.next(tooOld, NO_WAIT)).isEmpty();
    }

    @Test
    void keepsNoMoreBytesThanTheBoundButAlwaysTheNewestEvent() throws Exception {
        String large = "y".repeat(100_000);
        send(20, large);
        send(1, "z".repeat(ResumableStream.MAX_BYTES));

        List<ResumableStream.Event> kept = stream.next(stream.attach("0"), NO_WAIT);
        ResumableStream.Connection fromStart = stream.attach("0");

        assertThat(kept).as("0 is older than the oldest kept: fresh").isEmpty();
        assertThat(stream.position(fromStart)).isEqualTo(21);
        assertThat(stream.next(stream.attach("20"), NO_WAIT))
                .singleElement()
                .satisfies(event -> assertThat(event.json().length).isGreaterThan(ResumableStream.MAX_BYTES));
    }

    @Test
    void aNewConnectionEndsThePreviousAndTheSessionsEndEndsBoth() throws Exception {
        ResumableStream.Connection first = stream.attach(null);
        ResumableStream.Connection second = stream.attach(null);

        assertThat(stream.next(first, NO_WAIT)).as("replaced").isNull();
        assertThat(stream.connected()).isTrue();
        stream.close();
        send(1, "after the end");
        assertThat(stream.next(second, NO_WAIT)).isNull();
        assertThat(stream.connected()).isFalse();
    }

    @Test
    void aWaitingConnectionWakesForTheNextEvent() throws Exception {
        ResumableStream.Connection connection = stream.attach(null);
        Thread.ofVirtual().start(() -> send(1, "later"));

        List<ResumableStream.Event> events = stream.next(connection, Duration.ofSeconds(10));

        assertThat(events).extracting(ResumableStream.Event::id).containsExactly(1L);
    }
}
