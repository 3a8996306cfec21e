package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.TestPlugins;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * The stdio transport's handling of awkward input, checked on the real process with raw JSON-RPC lines. The test
 * plugin supplies a slow echo and a result with a lone surrogate. Cases that need a fresh process (before
 * {@code initialize}, end of input, the whole of stdout) start their own; the others share one initialized server.
 */
class StdioProtocolIT {

    @TempDir
    static Path dir;

    private static Installation installation;
    private static RawSession shared;

    @BeforeAll
    static void startSharedServer() {
        installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());
        shared = installation.serve();
        shared.initialize(1);
    }

    @AfterAll
    static void stopSharedServer() {
        if (shared != null) {
            shared.close();
        }
    }

    @Test
    void initializeWithoutParamsIsAnErrorAndTheServerKeepsServing() {
        try (RawSession session = installation.serve()) {
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}");
            JsonNode refused = session.awaitResponse(1);
            assertThat(refused.has("error")).as("%s%s", refused, session.log()).isTrue();

            session.initialize(2);
            session.send(Json.request(3, "tools/list", null));
            JsonNode tools = session.awaitResponse(3);
            assertThat(tools.path("result").path("tools").isArray())
                    .as("%s", tools)
                    .isTrue();
        }
    }

    @Test
    void clientMistakesTheSdkWouldWarnAboutLeaveNoWarningEchoingTheClientsText() {
        try (RawSession session = installation.serve()) {
            // an unsupported protocol version, an unknown notification, a response to no request, a prompt that
            // does not exist: each made the SDK log a WARN line quoting the client's text
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"zz-echo-1\",\"capabilities\":{},\"clientInfo\":{\"name\":\"zz-echo-2\",\"version\":\"1\"}}}");
            assertThat(session.awaitResponse(1).has("result")).isTrue();
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/zz-echo-3\"}");
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"zz-echo-4\",\"result\":{}}");
            session.send(Json.request(2, "prompts/get", Map.of("name", "zz-echo-5")));
            assertThat(session.awaitResponse(2).has("error")).isTrue();
            session.send(Json.request(3, "ping", null));
            assertThat(session.awaitResponse(3).has("result")).isTrue();
            session.closeStdin();
            assertThat(session.awaitExit()).isZero();

            assertThat(session.stderr()).doesNotContain("zz-echo").doesNotContain("WARN");
        }
    }

    @Test
    void toolCallBeforeInitializeIsAnsweredWithAnError() {
        try (RawSession session = installation.serve()) {
            session.send(Json.toolCall(1, "server_info", Map.of()));
            JsonNode answer = session.awaitResponse(1);
            assertThat(answer.has("error")).as("%s%s", answer, session.log()).isTrue();
            assertThat(session.isAlive()).isTrue();
        }
    }

    @Test
    void invalidJsonGetsAParseErrorAndTheNextRequestIsServed() {
        shared.send("{\"jsonrpc\": \"2.0\", \"id\": 30, \"method\": ");
        shared.send(Json.request(31, "ping", null));

        JsonNode parseError = shared.nextMessage();
        assertThat(parseError.path("error").path("code").asInt(0))
                .as("%s", parseError)
                .isEqualTo(-32700);
        assertThat(parseError.path("id").isNull()).as("%s", parseError).isTrue();
        JsonNode pong = shared.nextMessage();
        assertThat(pong.path("id").asLong(0)).as("%s", pong).isEqualTo(31);
        assertThat(pong.path("result").isObject()).as("%s", pong).isTrue();
    }

    @Test
    void concurrentCallsAreAnsweredEachWithItsOwnIdTheFastOneFirst() {
        shared.send(Json.toolCall(40, "fixture_echo", Map.of("text", "slow", "delay_ms", 3000)));
        shared.send(Json.toolCall(41, "fixture_echo", Map.of("text", "fast", "delay_ms", 0)));

        JsonNode first = shared.awaitMessage(StdioProtocolIT::answersCall40Or41, "an answer to 40 or 41");
        JsonNode second = shared.awaitMessage(StdioProtocolIT::answersCall40Or41, "an answer to 40 or 41");

        assertThat(first.path("id").asLong(0)).as("%s", first).isEqualTo(41);
        assertThat(text(first)).isEqualTo("fast");
        assertThat(second.path("id").asLong(0)).as("%s", second).isEqualTo(40);
        assertThat(text(second)).isEqualTo("slow");
    }

    private static boolean answersCall40Or41(JsonNode message) {
        long id = message.path("id").asLong(0);
        return (id == 40 || id == 41) && message.has("result");
    }

    @Test
    void anArgumentOfTheWrongTypeIsAToolErrorNamingTheField() {
        shared.send(Json.toolCall(50, "fixture_echo", Map.of("text", "x", "delay_ms", "soon")));

        JsonNode response = shared.awaitResponse(50);
        JsonNode result = response.path("result");
        assertThat(result.path("isError").asBoolean(false)).as("%s", response).isTrue();
        assertThat(result.path("structuredContent").path("code").asString("")).isEqualTo("INVALID_ARGUMENTS");
        assertThat(result.path("structuredContent")
                        .path("details")
                        .path("field")
                        .asString(""))
                .isEqualTo("delay_ms");
        assertThat(text(response)).startsWith("INVALID_ARGUMENTS: ").contains("delay_ms");
    }

    @Test
    void aResultWithALoneSurrogateAndAnEmojiIsWrittenAsValidUtf8Json() throws CharacterCodingException {
        shared.send(Json.toolCall(60, "fixture_odd_text", Map.of()));

        RawSession.Line line = shared.awaitResponseLine(60);
        String decoded = strictUtf8(line.raw());
        JsonNode result = Json.parse(decoded.getBytes(StandardCharsets.UTF_8)).path("result");
        assertThat(result.path("isError").asBoolean(true)).as(decoded).isFalse();
        String text = result.path("content").path(0).path("text").asString("");
        String emoji = Character.toString(0x1F600);
        // The lone surrogate itself cannot survive UTF-8; one character (it, escaped, or U+FFFD) stands in its place.
        assertThat(text)
                .startsWith("lone ")
                .endsWith(" and emoji " + emoji)
                .hasSize(("lone ? and emoji " + emoji).length());
        assertThat(result.path("structuredContent").path("text").asString("")).isEqualTo(text);
    }

    @Test
    void endOfInputLetsInFlightCallsFinishThenExitsWithZero() {
        try (RawSession session = installation.serve()) {
            session.initialize(1);
            session.send(Json.toolCall(2, "fixture_echo", Map.of("text", "finished after EOF", "delay_ms", 1500)));
            session.closeStdin();

            assertThat(text(session.awaitResponse(2))).isEqualTo("finished after EOF");
            assertThat(session.awaitExit()).as(session.log()).isZero();
        }
    }

    @Test
    void stdoutCarriesOnlyJsonRpcMessagesEvenWithDebugLogging() throws CharacterCodingException {
        try (RawSession session = installation.serve(Map.of("SWITCHBOARD_LOG_LEVEL", "debug"))) {
            session.initialize(1);
            session.send(Json.request(2, "logging/setLevel", Map.of("level", "debug")));
            session.send(Json.request(3, "tools/list", null));
            session.send(Json.toolCall(4, "server_info", Map.of()));
            session.send(Json.toolCall(5, "server_info", Map.of("x", 1)));
            session.send(Json.toolCall(6, "no_such_tool", Map.of()));
            session.send(Json.toolCall(7, "fixture_odd_text", Map.of()));
            session.send(Json.toolCall(8, "fixture_rows", Map.of()));
            session.send("not json at all");
            session.send(Json.request(9, "ping", null));
            session.awaitResponse(9);
            session.closeStdin();
            assertThat(session.awaitExit()).as(session.log()).isZero();

            List<byte[]> lines = session.transcript();
            assertThat(lines).as("every request is answered").hasSizeGreaterThanOrEqualTo(10);
            for (byte[] raw : lines) {
                String line = strictUtf8(raw);
                JsonNode message = Json.parse(raw);
                assertThat(message.path("jsonrpc").asString("")).as(line).isEqualTo("2.0");
                boolean response = message.has("id") && (message.has("result") ^ message.has("error"));
                boolean requestOrNotification =
                        message.path("method").isString() && !message.has("result") && !message.has("error");
                assertThat(response || requestOrNotification)
                        .as("not a JSON-RPC 2.0 message: %s", line)
                        .isTrue();
            }
        }
    }

    /** Decodes with a decoder that refuses malformed input, unlike {@code new String(bytes, UTF_8)}. */
    private static String strictUtf8(byte[] raw) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(raw))
                .toString();
    }

    private static String text(JsonNode response) {
        return response.path("result").path("content").path(0).path("text").asString("");
    }
}
