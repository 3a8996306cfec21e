package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;
import dev.switchboard.testkit.transport.FakeTransportContext;

class StdioTransportTest {

    private static final List<String> TOOLS =
            List.of("slow", "fast", "chatty", "weird", "written", "failing", "vanished", "waits_for_cancel");

    /** What the "written" tool answers: JSON text written once, with the object it is the text of. */
    private static final String WRITTEN_JSON = "{\"count\":2,\"names\":[\"a\",\"Ротация \\\"q\\\" 😀\"]}";

    private final FakeTransportContext context = FakeTransportContext.plain();
    private final CountDownLatch cancelRaised = new CountDownLatch(1);
    private PipedClient client;

    @BeforeEach
    void startTransport() throws Exception {
        client = new PipedClient();
        client.transport().start(context.with(TOOLS, this::invoke));
    }

    @AfterEach
    void stopTransport() throws Exception {
        client.close();
    }

    private ToolResult invoke(ToolCall call) {
        return switch (call.toolName()) {
            case "slow" -> {
                sleep(1500);
                yield ToolResult.text("slow done");
            }
            case "fast" -> ToolResult.text("fast done " + call.arguments().get("n"));
            case "chatty" -> {
                call.log().log(LogLevel.INFO, "chatty", "starting");
                call.progress().report(50, 100.0, "half way");
                call.log().log(LogLevel.DEBUG, "chatty", "below the default level");
                yield ToolResult.text("chatty done");
            }
            case "weird" -> new ToolResult.Success(List.of(new Content.Text("lone \uD800 emoji \uD83D\uDE00")), null);
            case "written" ->
                ToolResult.json(WRITTEN_JSON, Map.of("count", 2, "names", List.of("a", "Ротация \"q\" 😀")));
            case "failing" -> ToolResult.failure(ErrorCode.CONFLICT, "revision 2 is stale");
            case "waits_for_cancel" -> {
                call.cancellation().onCancel(cancelRaised::countDown);
                await(cancelRaised);
                yield ToolResult.failure(ErrorCode.CANCELLED, "cancelled by the client");
            }
            default -> throw new UnknownToolException(call.toolName());
        };
    }

    @Test
    void writesEachMessageAsOneUtf8JsonLineEvenUnderConcurrentCalls() throws Exception {
        client.initialize();
        for (int i = 0; i < 40; i++) {
            client.send(call(i, "fast", "{\"n\":" + i + "}"));
        }

        Set<Object> ids = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            Map<String, Object> answer = PipedClient.parse(strictUtf8Checked(client.nextRaw()));
            assertThat(answer).containsEntry("jsonrpc", "2.0").containsKey("result");
            ids.add(answer.get("id"));
        }
        assertThat(ids).hasSize(40);
    }

    @Test
    void answersMalformedLineWithParseErrorAndKeepsServing() throws Exception {
        client.initialize();
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");

        Map<String, Object> parseError = client.next();
        assertThat(parseError).containsEntry("id", null);
        assertThat(error(parseError)).containsEntry("code", -32700);

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(client.next()).containsEntry("id", 2).containsEntry("result", Map.of());
    }

    @Test
    void answersRequestsBeforeInitializeInsteadOfParkingThem() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        Map<String, Object> refused = client.next();
        assertThat(refused).containsEntry("id", 1);
        assertThat(error(refused)).containsEntry("code", -32600);
        assertThat((String) error(refused).get("message")).contains("send initialize first");

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(client.next()).containsEntry("id", 2).containsEntry("result", Map.of());
    }

    @Test
    void servesRequestSentBeforeTheInitializedNotification() throws Exception {
        client.send(initialize("a"));
        assertThat(client.next()).containsEntry("id", "a").containsKey("result");

        client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");

        Map<String, Object> listed = client.next();
        assertThat(listed).containsEntry("id", 3);
        assertThat(result(listed).get("tools"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(TOOLS.size());
    }

    @Test
    void refusesInitializeWithoutParamsAndAcceptsACorrectOneAfterwards() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}");
        Map<String, Object> refused = client.next();
        assertThat(refused).containsEntry("id", 1);
        assertThat(error(refused)).containsEntry("code", -32602);

        client.send(initialize("2"));
        Map<String, Object> accepted = client.next();
        assertThat(accepted).containsEntry("id", "2");
        assertThat(result(accepted))
                .containsEntry("protocolVersion", "2025-11-25")
                .containsEntry("instructions", "Test instructions.");
        assertThat(result(accepted).get("serverInfo"))
                .isEqualTo(Map.of("name", "switchboard", "version", "0.0.0-test"));
    }

    @Test
    void answersFastCallBeforeSlowOneWhenBothRunConcurrently() throws Exception {
        client.initialize();
        client.send(call(10, "slow", "{}"));
        client.send(call(11, "fast", "{}"));

        assertThat(client.next()).containsEntry("id", 11);
        assertThat(client.next()).containsEntry("id", 10);
    }

    @Test
    void finishesInFlightCallsWhenStdinEndsThenEndsOnce() throws Exception {
        client.initialize();
        client.send(call(20, "slow", "{}"));
        client.closeInput();

        Map<String, Object> answer = client.next();
        assertThat(answer).containsEntry("id", 20);
        assertThat(text(answer)).isEqualTo("slow done");
        assertThat(client.outputClosed()).isTrue();
        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();

        client.transport().stop();
        client.transport().stop();
        assertThat(context.endedTransports()).containsExactly("stdio");
    }

    @Test
    void aStopCancelsACallStillRunningAfterTenSecondsAndAnswersItUnavailableWithinTheShutdownDeadline()
            throws Exception {
        client.initialize();
        client.send(call(70, "waits_for_cancel", "{}"));
        client.send("{\"jsonrpc\":\"2.0\",\"id\":71,\"method\":\"ping\"}");
        assertThat(client.next()).containsEntry("id", 71);

        long start = System.nanoTime();
        Thread stopping = Thread.ofPlatform().start(() -> client.transport().stop());
        Map<String, Object> answer = PipedClient.parse(client.nextRaw(Duration.ofSeconds(19)));
        Duration answeredAfter = Duration.ofNanos(System.nanoTime() - start);
        stopping.join(Duration.ofSeconds(30));

        assertThat(answer).containsEntry("id", 70);
        assertThat(text(answer))
                .as("the server stopped the call, the client did not cancel it: retryable UNAVAILABLE")
                .startsWith("UNAVAILABLE: the server is stopping");
        assertThat(stopping.isAlive()).isFalse();
        assertThat(answeredAfter)
                .as(
                        "cancelled after the stop's drain, within the kernel's 20 s shutdown deadline (ADR 32: server stop)")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(9))
                .isLessThan(Duration.ofSeconds(19));
    }

    @Test
    void countsItsOneSessionAsOpenWhileServingAndClosedOnceStdinEnds() throws Exception {
        client.initialize();
        assertThat(client.transport().openSessions()).isEqualTo(OptionalInt.of(1));

        client.closeInput();
        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();

        assertThat(client.transport().openSessions()).isEqualTo(OptionalInt.of(0));
    }

    @Test
    void sendsTheTextAToolWroteOnceAsItsStructuredContent() throws Exception {
        client.initialize();
        client.send(call(31, "written", "{}"));

        byte[] raw = client.nextRaw();

        assertThat(strictUtf8(raw)).contains("\"structuredContent\":" + WRITTEN_JSON);
        Map<String, Object> result = result(PipedClient.parse(raw));
        assertThat(text(PipedClient.parse(raw))).isEqualTo(WRITTEN_JSON);
        assertThat(result.get("structuredContent"))
                .isEqualTo(Map.of("count", 2, "names", List.of("a", "Ротация \"q\" 😀")));
    }

    @Test
    void writesLoneSurrogateAsValidUtf8Json() throws Exception {
        client.initialize();
        client.send(call(30, "weird", "{}"));

        byte[] raw = client.nextRaw();

        String decoded = strictUtf8(raw);
        assertThat(decoded).contains("\uD83D\uDE00");
        assertThat(text(PipedClient.parse(raw))).startsWith("lone ").endsWith(" emoji \uD83D\uDE00");
    }

    @Test
    void answersUnknownToolsWithInvalidParamsAndFailuresWithErrorResults() throws Exception {
        client.initialize();
        client.send(call(40, "no_such_tool", "{}"));
        client.send(call(41, "vanished", "{}"));
        client.send(call(42, "failing", "{}"));

        Map<Object, Map<String, Object>> answers = answersById(3);
        assertThat(error(answers.get(40))).containsEntry("code", -32602);
        assertThat(error(answers.get(41)))
                .containsEntry("code", -32602)
                .containsEntry("message", "Unknown tool: 'vanished'; tools/list names the tools this server serves");
        assertThat(result(answers.get(42))).containsEntry("isError", true);
        assertThat(result(answers.get(42)).get("structuredContent"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("code", "CONFLICT");
    }

    @Test
    void sendsLogAndProgressNotificationsBeforeTheAnswer() throws Exception {
        client.initialize();
        client.send("""
                {"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"chatty","arguments":{},\
                "_meta":{"progressToken":"p-1"}}}""");

        Map<String, Object> log = client.next();
        Map<String, Object> progress = client.next();
        Map<String, Object> answer = client.next();

        assertThat(log).containsEntry("method", "notifications/message");
        assertThat(params(log)).containsEntry("level", "info").containsEntry("data", "starting");
        assertThat(progress).containsEntry("method", "notifications/progress");
        assertThat(params(progress)).containsEntry("progressToken", "p-1").containsEntry("progress", 50.0);
        assertThat(answer).containsEntry("id", 50);
        assertThat(text(answer)).isEqualTo("chatty done");
    }

    @Test
    void raisesTheCallsCancellationWhenTheClientCancelsAndSendsNoAnswerForIt() throws Exception {
        client.initialize();
        client.send(call(60, "waits_for_cancel", "{}"));
        client.send("{\"jsonrpc\":\"2.0\",\"id\":61,\"method\":\"ping\"}");
        assertThat(client.next()).containsEntry("id", 61);

        client.send("""
                {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":60,"reason":"user"}}""");
        assertThat(cancelRaised.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(300); // the cancelled call has returned; an answer would be on its way by now
        client.send("{\"jsonrpc\":\"2.0\",\"id\":62,\"method\":\"ping\"}");

        assertThat(client.next()).containsEntry("id", 62);
        client.send(call(60, "fast", "{}"));
        assertThat(client.next())
                .as("the id is free again once the cancelled call ended")
                .containsEntry("id", 60)
                .containsKey("result");
    }

    @Test
    void refusesARequestThatReusesTheIdOfOneStillRunning() throws Exception {
        client.initialize();
        client.send(call(70, "waits_for_cancel", "{}"));
        client.send(call(70, "fast", "{}"));

        Map<String, Object> refusal = client.next();

        assertThat(refusal).containsEntry("id", 70);
        assertThat(error(refusal)).containsEntry("code", -32600);
        assertThat((String) error(refusal).get("message")).contains("still running");
        cancelRaised.countDown();
        assertThat(client.next()).containsEntry("id", 70).containsKey("result");
    }

    private Map<Object, Map<String, Object>> answersById(int count) throws Exception {
        Map<Object, Map<String, Object>> byId = new HashMap<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> answer = client.next();
            byId.put(answer.get("id"), answer);
        }
        return byId;
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    private static String initialize(String id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> answer) {
        return (Map<String, Object>) answer.get("error");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> answer) {
        return (Map<String, Object>) answer.get("result");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> params(Map<String, Object> message) {
        return (Map<String, Object>) message.get("params");
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> answer) {
        List<Map<String, Object>> content =
                (List<Map<String, Object>>) result(answer).get("content");
        return (String) content.get(0).get("text");
    }

    private static String strictUtf8(byte[] bytes) throws Exception {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }

    private static byte[] strictUtf8Checked(byte[] bytes) throws Exception {
        strictUtf8(bytes);
        return bytes;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits longer than a stop's 10 s drain, so that a call waiting for its cancellation is cancelled by it. */
    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
