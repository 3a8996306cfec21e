package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class MessageTrackerTest {

    private final MessageTracker tracker = new MessageTracker();

    @Test
    void readsMethodIdAndUriFromTheTopLevelOnly() {
        assertThat(parse("{\"jsonrpc\":\"2.0\",\"params\":{\"uri\":\"mailbox://inbox\",\"deep\":{\"id\":9}},"
                        + "\"id\":7,\"method\":\"resources/subscribe\"}"))
                .containsExactly(new Message("resources/subscribe", "n:7", "mailbox://inbox"));
        assertThat(parse("{\"id\":\"a\",\"result\":{\"method\":\"x\"}}"))
                .containsExactly(new Message(null, "s:a", null));
        assertThat(parse("[{\"id\":1,\"method\":\"ping\"},{\"method\":\"notifications/x\"}]"))
                .containsExactly(new Message("ping", "n:1", null), new Message("notifications/x", null, null));
        assertThat(parse("not json")).isEmpty();
    }

    @Test
    void aRequestIsInFlightUntilItsAnswerArrives() {
        client("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        client("{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}");
        assertThat(tracker.inFlight()).isEqualTo(2);

        assertThat(tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")))
                .isTrue();

        assertThat(tracker.inFlight()).isEqualTo(1);
    }

    @Test
    void answersEveryRequestInFlightUnavailableWhenTheServerGoes() {
        client("{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}");
        client("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"u\"}}");

        List<byte[]> answers = tracker.disconnected("gone");

        assertThat(answers).hasSize(2);
        Map<String, Object> toolError = Json.object(answers.get(0), 0, answers.get(0).length);
        assertThat(toolError)
                .containsEntry("jsonrpc", "2.0")
                .containsEntry("id", "b")
                .containsEntry(
                        "result",
                        Map.of(
                                "content",
                                List.of(Map.of("type", "text", "text", "UNAVAILABLE: gone")),
                                "isError",
                                true,
                                "structuredContent",
                                Map.of(
                                        "code",
                                        "UNAVAILABLE",
                                        "message",
                                        "gone",
                                        "details",
                                        Map.of(),
                                        "output",
                                        "UNAVAILABLE: gone")));
        Map<String, Object> rpcError = Json.object(answers.get(1), 0, answers.get(1).length);
        assertThat(rpcError)
                .containsEntry("id", 3)
                .containsEntry(
                        "error",
                        Map.of("code", -32000, "message", "UNAVAILABLE: gone", "data", Map.of("code", "UNAVAILABLE")));
        assertThat(tracker.inFlight()).isZero();
    }

    @Test
    void replaysInitializeUnderAPrivateIdThenInitializedLevelAndSubscriptions() {
        client("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
        client("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        client("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}");
        client("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"a://1\"}}");
        client("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"a://2\"}}");
        client("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/unsubscribe\",\"params\":{\"uri\":\"a://1\"}}");

        MessageTracker.Replay replay = tracker.replay();

        Map<String, Object> initialize = Json.object(replay.initialize(), 0, replay.initialize().length);
        assertThat(initialize.get("id")).asString().startsWith(MessageTracker.PRIVATE_ID_PREFIX);
        assertThat(replay.initializeId()).isEqualTo("s:" + initialize.get("id"));
        assertThat(initialize)
                .containsEntry("method", "initialize")
                .containsEntry(
                        "params",
                        Map.of(
                                "protocolVersion",
                                "2025-11-25",
                                "capabilities",
                                Map.of(),
                                "clientInfo",
                                Map.of("name", "c", "version", "1")));
        assertThat(replay.after()).hasSize(3);
        assertThat(text(replay.after().get(0))).isEqualTo(text(MessageTracker.INITIALIZED));
        assertThat(Json.object(replay.after().get(1), 0, replay.after().get(1).length))
                .containsEntry("method", "logging/setLevel")
                .containsEntry("params", Map.of("level", "debug"));
        Map<String, Object> subscribe =
                Json.object(replay.after().get(2), 0, replay.after().get(2).length);
        assertThat(subscribe).containsEntry("params", Map.of("uri", "a://2"));
        assertThat(subscribe.get("id")).asString().startsWith(MessageTracker.PRIVATE_ID_PREFIX);
    }

    @Test
    void swallowsTheAnswersToItsOwnReplayedRequestsOnly() {
        client("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}");
        tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}"));
        MessageTracker.Replay replay = tracker.replay();
        String privateId = replay.initializeId().substring(2);

        assertThat(tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"id\":\"" + privateId + "\",\"result\":{}}")))
                .isFalse();
        assertThat(tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}")))
                .isTrue();
        assertThat(tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}")))
                .isTrue();
    }

    @Test
    void aClientThatNeverInitializedHasNothingToReplay() {
        assertThat(tracker.replay().initialize()).isNull();
        assertThat(tracker.replay().after()).isEmpty();
    }

    @Test
    void dropsTheClientsAnswerToARequestOfAServerThatIsGone() {
        tracker.fromServer(parse("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"roots/list\"}"));
        tracker.disconnected("gone");

        assertThat(tracker.answersAGoneServer(parse("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{}}")))
                .isTrue();
        assertThat(tracker.answersAGoneServer(parse("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{}}")))
                .isFalse();
        assertThat(tracker.answersAGoneServer(parse("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}")))
                .isFalse();
    }

    private void client(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        tracker.fromClient(Message.parse(bytes, 0, bytes.length), bytes, 0, bytes.length);
    }

    private static List<Message> parse(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return Message.parse(bytes, 0, bytes.length);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
