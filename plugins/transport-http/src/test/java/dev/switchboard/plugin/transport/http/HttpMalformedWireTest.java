package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.StreamHandler;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Requests whose HTTP framing is broken, sent byte for byte over a raw socket to the real Helidon server: each gets a
 * 4xx with the transport's JSON-RPC error body at once and a closed connection, and the log gets at most one line at
 * the client-mistake level, never a stack trace. None reaches a tool.
 */
class HttpMalformedWireTest {

    /** An answer must begin within this; the connection must be closed within it after the answer. */
    private static final Duration AT_ONCE = Duration.ofSeconds(3);

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;
    private String session;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void malformedChunkedBodiesGet400WithAJsonRpcErrorAtOnceAndAClosedConnectionAndNoStackTrace() throws Exception {
        Map<String, String> bodies = new LinkedHashMap<>();
        bodies.put("a size that is not hexadecimal", "zz\r\nhello\r\n0\r\n\r\n");
        bodies.put("a negative size", "-5\r\nhello\r\n0\r\n\r\n");
        bodies.put("a 20,000-byte chunk extension", "5;" + "x".repeat(20_000) + "\r\nhello\r\n0\r\n\r\n");
        bodies.put("a leading space", " 5\r\nhello\r\n0\r\n\r\n");
        bodies.put("a size past any integer", "ffffffffffffffffffff\r\nhello\r\n0\r\n\r\n");
        bodies.put("a chunk missing its CRLF", "5\r\nhello0\r\n\r\n");
        bodies.put("a chunk followed by two other bytes", "2\r\n{}XY0\r\n\r\n");
        Map<String, String> outcomes = new LinkedHashMap<>();
        String log = capturingTheLog(() -> {
            for (Map.Entry<String, String> body : bodies.entrySet()) {
                try (RawConnection connection = RawConnection.open(server.port)) {
                    connection.write(chunkedHead() + body.getValue());
                    RawHttp.Response response = connection.response(AT_ONCE);
                    outcomes.put(
                            body.getKey(),
                            response.status() + " " + response.header("connection") + " "
                                    + response.error().get("code") + " closed=" + connection.closedWithin(AT_ONCE));
                }
            }
        });

        assertThat(outcomes)
                .allSatisfy((what, outcome) -> assertThat(outcome).as(what).isEqualTo("400 close -32700 closed=true"));
        assertThat(context.invocations()).isZero();
        assertThat(log).as("the log").doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(log.lines().filter(line -> !line.isBlank()).toList())
                .as("log lines: at most one, at the client-mistake level")
                .hasSizeLessThanOrEqualTo(1)
                .allMatch(line -> line.contains("INFO") && line.contains("http: refused a client message"));
    }

    @Test
    void wellFramedChunkedAndFixedLengthBodiesOfTwoBytesAndMoreAreServedOnOneConnection() throws Exception {
        String call = TestServer.call(2, "echo");
        String head = chunkedHead();
        try (RawConnection connection = RawConnection.open(server.port)) {
            // chunks of 2 bytes, 1 byte and the rest, each followed by its CRLF
            connection.write(head + "2\r\n" + call.substring(0, 2) + "\r\n1\r\n" + call.charAt(2) + "\r\n"
                    + Integer.toHexString(call.length() - 3) + "\r\n" + call.substring(3) + "\r\n0\r\n\r\n");
            assertThat(connection.response(AT_ONCE).status()).isEqualTo(200);

            // a fixed-length body of 2 bytes (not JSON-RPC: 400, the connection stays open), then a request line
            connection.write(head.replace("Transfer-Encoding: chunked", "Content-Length: 2") + "{}");
            assertThat(connection.response(AT_ONCE).status()).isEqualTo(400);

            connection.write(head + Integer.toHexString(call.length()) + "\r\n" + call + "\r\n0\r\n\r\n");
            assertThat(connection.response(AT_ONCE).status()).isEqualTo(200);
        }
        assertThat(context.invocations()).isEqualTo(2);
    }

    @Test
    void aRequestLineOver8KiBGets414WithAJsonRpcErrorAndAClosedConnection() throws Exception {
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("GET /mcp?q=" + "a".repeat(9000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

            RawHttp.Response response = connection.response(AT_ONCE);

            assertThat(response.status()).isEqualTo(414);
            assertThat((String) response.error().get("message")).contains("8192 bytes");
            assertThat(connection.closedWithin(AT_ONCE)).isTrue();
        }
    }

    @Test
    void aBareLfRequestGets400WithAJsonRpcErrorAndAClosedConnection() throws Exception {
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("POST /mcp HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 2\n\n{}");

            RawHttp.Response response = connection.response(AT_ONCE);

            assertThat(response.status()).isEqualTo(400);
            assertThat((String) response.error().get("message")).contains("CRLF");
            assertThat(connection.closedWithin(AT_ONCE)).isTrue();
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void aMalformedPercentEscapeInThePathGets400SayingSoAndNotABadLineEnd() throws Exception {
        for (String target : List.of("/mcp%ZZ", "/mcp/%4", "/mcp%")) {
            try (RawConnection connection = RawConnection.open(server.port)) {
                connection.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

                RawHttp.Response response = connection.response(AT_ONCE);

                assertThat(response.status()).as(target).isEqualTo(400);
                assertThat((String) response.error().get("message"))
                        .as(target)
                        .isEqualTo("Bad Request: the request target has a malformed percent-escape (a '%' must be"
                                + " followed by two hexadecimal digits; write a literal '%' as %25)");
                assertThat(connection.closedWithin(AT_ONCE)).isTrue();
            }
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void badBodyFramingGets400NamingTheMistakeAndAClosedConnection() throws Exception {
        String head = chunkedHead().replace("Transfer-Encoding: chunked\r\n\r\n", "");
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "duplicate Content-Length");
        requests.put("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "duplicate Content-Length");
        requests.put(
                "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
                "Content-Length and Transfer-Encoding together");
        requests.put(
                "Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}",
                "Content-Length and Transfer-Encoding together");
        requests.put("Content-Length: -1\r\n\r\n{}", "invalid Content-Length");
        requests.put("Content-Length: 2x\r\n\r\n{}", "invalid Content-Length");
        requests.put("Content-Length: 99999999999999999999999\r\n\r\n{}", "invalid Content-Length");
        Map<String, String> outcomes = new LinkedHashMap<>();
        Map<String, String> expected = new LinkedHashMap<>();
        for (Map.Entry<String, String> request : requests.entrySet()) {
            try (RawConnection connection = RawConnection.open(server.port)) {
                connection.write(head + request.getKey());
                RawHttp.Response response = connection.response(AT_ONCE);
                outcomes.put(
                        request.getKey(),
                        response.status() + " " + response.header("connection") + " "
                                + response.error().get("code") + " "
                                + response.error().get("message")
                                + " closed=" + connection.closedWithin(AT_ONCE));
                expected.put(request.getKey(), request.getValue());
            }
        }

        assertThat(outcomes)
                .allSatisfy((request, outcome) -> assertThat(outcome)
                        .as(request)
                        .startsWith("400 close -32000 Bad Request: ")
                        .contains(expected.get(request))
                        .doesNotContain("CRLF")
                        .endsWith("closed=true"));
        assertThat(context.invocations()).isZero();
    }

    @Test
    void aHeaderSectionOver16KiBGets431NamingTheLimitAndAClosedConnection() throws Exception {
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a".repeat(70_000) + "\r\n\r\n");

            RawHttp.Response response = connection.response(AT_ONCE);

            assertThat(response.status()).isEqualTo(431);
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat((String) response.error().get("message"))
                    .isEqualTo("Request Header Fields Too Large: the header section is larger than 16384 bytes");
            assertThat(connection.closedWithin(AT_ONCE)).isTrue();
        }
    }

    @Test
    void aTlsHandshakeOnThePlainPortIsClosedAtOnceWithOneLogLine() throws Exception {
        // the first bytes of a TLS 1.2/1.3 ClientHello: a handshake record (0x16), version 3.1, length, ClientHello
        byte[] clientHello = {0x16, 0x03, 0x01, 0x00, (byte) 0xc8, 0x01, 0x00, 0x00, (byte) 0xc4, 0x03, 0x03};
        boolean[] closed = new boolean[1];
        String log = capturingTheLog(() -> {
            try (RawConnection connection = RawConnection.open(server.port)) {
                connection.write(clientHello);
                closed[0] = connection.closedWithin(AT_ONCE);
            }
        });

        assertThat(closed[0])
                .as("closed at once, not held until the header timeout")
                .isTrue();
        assertThat(log).as("the log").doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(log.lines().filter(line -> !line.isBlank()).toList())
                .as("log lines: one, at the client-mistake level")
                .hasSize(1)
                .allMatch(line -> line.contains("INFO") && line.contains("TLS handshake"));
    }

    @Test
    void aLowerCasePostIsRefusedNotServed() throws Exception {
        String call = TestServer.call(2, "echo");
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("post /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ALICE_TOKEN
                    + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                    + "\r\nContent-Length: " + call.length() + "\r\n\r\n" + call);

            RawHttp.Response response = connection.response(AT_ONCE);

            assertThat(response.status()).isEqualTo(400);
            assertThat((String) response.error().get("message"))
                    .isEqualTo("Bad Request: the request method is not in capitals (methods are case-sensitive)");
            assertThat(connection.closedWithin(AT_ONCE)).isTrue();
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void aLowerCaseMethodLaterOnAKeptAliveConnectionIsRefusedToo() throws Exception {
        String call = TestServer.call(2, "echo");
        String request = " /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ALICE_TOKEN
                + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                + "\r\nContent-Length: " + call.length() + "\r\n\r\n" + call;
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("POST" + request);
            assertThat(connection.response(AT_ONCE).status()).isEqualTo(200);

            connection.write("Post" + request);
            RawHttp.Response response = connection.response(AT_ONCE);

            assertThat(response.status()).isEqualTo(400);
            assertThat(connection.closedWithin(AT_ONCE)).isTrue();
        }
        assertThat(context.invocations()).as("only the first call ran").isEqualTo(1);
    }

    private String chunkedHead() {
        return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + server.port + "\r\nAuthorization: Bearer " + ALICE_TOKEN
                + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                + "\r\nTransfer-Encoding: chunked\r\n\r\n";
    }

    /**
     * What the transport (SLF4J's simple logger, standard error in tests) and Helidon (java.util.logging, whose console
     * handler keeps the standard error of its start) log while {@code action} runs, one record a line.
     */
    static String capturingTheLog(ThrowingRunnable action) throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        PrintStream capture = new PrintStream(log, true, StandardCharsets.UTF_8);
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        StreamHandler helidon = new StreamHandler(capture, new Formatter() {
            @Override
            public String format(LogRecord record) {
                StringWriter line = new StringWriter()
                        .append(record.getLevel().getName())
                        .append(' ')
                        .append(formatMessage(record))
                        .append(System.lineSeparator());
                if (record.getThrown() != null) {
                    record.getThrown().printStackTrace(new PrintWriter(line));
                }
                return line.toString();
            }
        });
        helidon.setLevel(Level.INFO);
        root.addHandler(helidon);
        System.setErr(capture);
        try {
            action.run();
        } finally {
            System.setErr(stderr);
            helidon.flush();
            root.removeHandler(helidon);
        }
        return log.toString(StandardCharsets.UTF_8);
    }

    /** An action that may throw. */
    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
