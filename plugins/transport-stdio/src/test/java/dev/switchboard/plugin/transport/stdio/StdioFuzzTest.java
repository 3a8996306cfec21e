package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.transport.MalformedMessages;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * A bounded, seeded fuzz run of malformed messages against the real stdio transport: every one is answered with the
 * error class it deserves, the session goes on, and the log gets a few rate-limited lines and no stack trace.
 */
class StdioFuzzTest {

    private static final int CASES = 600;

    @Test
    void everyMalformedMessageGetsItsErrorClassAndTheLogNoStackTrace() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        List<String> wrong = new ArrayList<>();
        try (PipedClient client = new PipedClient()) {
            client.transport()
                    .start(FakeTransportContext.plain().with(List.of("echo"), call -> ToolResult.text("echo")));
            client.initialize();
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            MalformedMessages messages = new MalformedMessages(20261201L);
            for (int id = 1; id <= CASES; id++) {
                MalformedMessages.Case sent = messages.next(id);
                client.sendBytes(sent.bytes());
                Map<String, Object> answer = client.next();
                Object code = answer.get("error") instanceof Map<?, ?> error ? error.get("code") : null;
                if (!Integer.valueOf(sent.expectedCode()).equals(code)) {
                    wrong.add(sent + " -> " + answer);
                }
            }
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}");
            assertThat(client.next()).containsEntry("id", "after").containsKey("result");
        } finally {
            System.setErr(stderr);
        }
        String written = log.toString(StandardCharsets.UTF_8);
        assertThat(wrong).as("answers of the wrong class").isEmpty();
        assertThat(written)
                .as("stack traces in the log")
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        assertThat(written).as("the rate-limited line").contains("stdio: refused a client message");
        assertThat(written.lines().count())
                .as("log lines for %d client mistakes", CASES)
                .isLessThanOrEqualTo(5);
    }
}
