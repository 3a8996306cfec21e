package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeResources;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Notifications and cancellation of the modern era (MCP 2026-07-28) on a real stdio pipe, without {@code initialize}
 * (ADR 45): a tool call's progress and log messages are lines before its answer; {@code subscriptions/listen}
 * acknowledges and tells a subscribed resource's update with its subscription id; {@code notifications/cancelled}
 * naming a running modern request raises its cancellation signal (a held call sees it; a listen stream stops
 * following) and its answer is not sent.
 */
class StdioModernNotificationsTest {

    private static final String INBOX = "test://inbox/owner";
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"modern\",\"version\":\"1\"}";

    private final FakeResources resources =
            FakeResources.builder().text(INBOX, "inbox", caller -> "mail").build();
    private final CountDownLatch waitStarted = new CountDownLatch(1);
    private final CountDownLatch waitCancelled = new CountDownLatch(1);
    private PipedClient client;

    @BeforeEach
    void start() throws Exception {
        client = new PipedClient();
        client.transport()
                .start(FakeTransportContext.builder()
                        .resources(resources)
                        .build()
                        .with(List.of("report", "wait", "write"), call -> switch (call.toolName()) {
                            case "report" -> {
                                call.progress().report(1, null, "one");
                                call.log().log(LogLevel.WARNING, "test", "careful");
                                call.log().log(LogLevel.INFO, "test", "below the level");
                                yield ToolResult.text("reported");
                            }
                            case "wait" -> {
                                waitStarted.countDown();
                                CountDownLatch cancelled = new CountDownLatch(1);
                                call.cancellation().onCancel(cancelled::countDown);
                                try {
                                    if (cancelled.await(20, TimeUnit.SECONDS)) {
                                        waitCancelled.countDown();
                                    }
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                yield ToolResult.text("waited");
                            }
                            default -> {
                                resources.announceUpdate(INBOX);
                                yield ToolResult.text("written");
                            }
                        }));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void progressAndLogMessagesAreLinesBeforeTheAnswer() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"report\","
                + "\"arguments\":{}," + META
                + ",\"progressToken\":7,\"io.modelcontextprotocol/logLevel\":\"warning\"}}}");

        Map<String, Object> progress = client.next();
        Map<String, Object> log = client.next();
        Map<String, Object> answer = client.next();

        assertThat(progress).containsEntry("method", "notifications/progress");
        assertThat(map(progress.get("params")))
                .containsEntry("progressToken", 7)
                .containsEntry("progress", 1.0)
                .containsEntry("message", "one")
                .doesNotContainKey("total");
        assertThat(log).containsEntry("method", "notifications/message");
        assertThat(map(log.get("params"))).containsEntry("level", "warning").containsEntry("data", "careful");
        assertThat(answer).containsEntry("id", 1).containsKey("result");
    }

    @Test
    void aCancelledModernCallSeesItsSignalAndIsNotAnswered() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"w\",\"method\":\"tools/call\",\"params\":{\"name\":\"wait\","
                + "\"arguments\":{}," + META + "}}}");
        assertThat(waitStarted.await(10, TimeUnit.SECONDS)).isTrue();

        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"w\"}}");

        assertThat(waitCancelled.await(10, TimeUnit.SECONDS)).isTrue();
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"server/discover\",\"params\":{" + META + "}}}");
        assertThat(client.next()).containsEntry("id", "after");
    }

    @Test
    void listenAcknowledgesTellsASubscribedUpdateAndEndsWhenCancelled() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"l\",\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"notifications\":{\"resourceSubscriptions\":[\"" + INBOX + "\"]}," + META + "}}}");
        Map<String, Object> ack = client.next();
        assertThat(ack).containsEntry("method", "notifications/subscriptions/acknowledged");
        assertThat(subscriptionId(ack)).isEqualTo("l");
        assertThat(resources.following()).containsExactly(INBOX);

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"write\","
                + "\"arguments\":{}," + META + "}}}");
        List<Map<String, Object>> lines = new ArrayList<>(List.of(client.next(), client.next()));

        assertThat(lines)
                .filteredOn(line -> "notifications/resources/updated".equals(line.get("method")))
                .singleElement()
                .satisfies(update -> {
                    assertThat(map(update.get("params"))).containsEntry("uri", INBOX);
                    assertThat(subscriptionId(update)).isEqualTo("l");
                });
        assertThat(lines)
                .filteredOn(line -> Integer.valueOf(2).equals(line.get("id")))
                .hasSize(1);

        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"l\"}}");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"server/discover\",\"params\":{" + META + "}}}");
        assertThat(client.next()).containsEntry("id", "after");
        assertThat(resources.following()).isEmpty();
    }

    @Test
    void theEndOfTheInputClosesAListenStreamGracefullyWithItsResult() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"g\",\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"notifications\":{\"toolsListChanged\":true}," + META + "}}}");
        assertThat(client.next()).containsEntry("method", "notifications/subscriptions/acknowledged");

        client.closeInput();

        Map<String, Object> answer = client.next();
        assertThat(answer).containsEntry("id", "g");
        assertThat(map(answer.get("result"))).containsEntry("resultType", "complete");
        assertThat(client.outputClosed()).isTrue();
    }

    private static Object subscriptionId(Map<String, Object> notification) {
        return map(map(notification.get("params")).get("_meta")).get("io.modelcontextprotocol/subscriptionId");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }
}
