package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
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

/**
 * A bounded, seeded fuzz run of malformed messages against the real Helidon server: every POST is answered with the
 * error class it deserves and never with a 5xx, and the log gets a few rate-limited lines and no stack trace.
 */
class HttpFuzzTest {

    private static final int CASES = 400;

    @Test
    void everyMalformedMessageGetsItsErrorClassNever5xxAndTheLogNoStackTrace() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        List<String> wrong = new ArrayList<>();
        try (TestServer server =
                // 400 requests at line speed from one token: above the default burst (ADR 22), which is not tested here
                TestServer.start(
                        Callers.fake().with(List.of("echo"), call -> ToolResult.text("echo")),
                        Map.of("rate-limit-burst", CASES + 10))) {
            String session = server.initialize(ALICE_TOKEN);
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            MalformedMessages messages = new MalformedMessages(20261201L);
            for (int id = 1; id <= CASES; id++) {
                MalformedMessages.Case sent = messages.next(id);
                RawHttp.Response response = server.post(ALICE_TOKEN, session, "")
                        .bodyBytes(sent.bytes())
                        .send(server.port);
                Map<String, Object> answer = response.messages().isEmpty()
                        ? Map.of()
                        : response.messages().getFirst();
                Object code = answer.get("error") instanceof Map<?, ?> error ? error.get("code") : null;
                if (response.status() >= 500
                        || !Integer.valueOf(sent.expectedCode()).equals(code)) {
                    wrong.add(sent + " -> " + response.status() + " " + answer);
                }
            }
        } finally {
            System.setErr(stderr);
        }
        String written = log.toString(StandardCharsets.UTF_8);
        assertThat(wrong).as("answers of the wrong class or 5xx").isEmpty();
        assertThat(written)
                .as("stack traces in the log")
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        assertThat(written).as("the rate-limited line").contains("http: refused a client message");
        assertThat(written.lines().count())
                .as("log lines for %d client mistakes", CASES)
                .isLessThanOrEqualTo(5);
    }
}
