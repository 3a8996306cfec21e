package dev.switchboard.plugin.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * HTTP/1.1 over a plain socket, for requests {@code java.net.http} refuses to send (a forged {@code Host}, a
 * {@code Content-Length} with no body) and for reading a response exactly as written. One request per connection.
 */
final class RawHttp {

    /** A response: status, headers by lowercase name, and the body (de-chunked). */
    record Response(int status, Map<String, List<String>> headers, byte[] body) {

        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.getFirst();
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /**
         * @return the answer: the one JSON body, or the last message of an event stream (a modern call still running
         *     at the first heartbeat streams, answer last: ADR 45)
         */
        @SuppressWarnings("unchecked")
        Map<String, Object> json() throws IOException {
            if (String.valueOf(header("content-type")).startsWith("text/event-stream")) {
                List<Map<String, Object>> messages = messages();
                if (messages.isEmpty()) {
                    throw new IOException("an event stream without a message: " + text());
                }
                return messages.getLast();
            }
            return McpServerAssembly.jsonMapper().readValue(body, Map.class);
        }

        /** @return the JSON-RPC messages of an event stream, or the one JSON body, in order */
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> messages() throws IOException {
            List<Map<String, Object>> messages = new ArrayList<>();
            if (!String.valueOf(header("content-type")).startsWith("text/event-stream")) {
                messages.add(json());
                return messages;
            }
            for (String line : text().split("\n")) {
                if (line.startsWith("data: ")) {
                    messages.add(McpServerAssembly.jsonMapper().readValue(line.substring(6), Map.class));
                }
            }
            return messages;
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> error() throws IOException {
            return (Map<String, Object>) json().get("error");
        }
    }

    private final String method;
    private final String target;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private byte[] body = new byte[0];
    private boolean declareLength = true;

    private RawHttp(String method, String target) {
        this.method = method;
        this.target = target;
    }

    static RawHttp request(String method, String target) {
        return new RawHttp(method, target);
    }

    /** Sets a header; a null value removes it. */
    RawHttp header(String name, String value) {
        if (value == null) {
            headers.remove(name);
            return this;
        }
        headers.put(name, value);
        return this;
    }

    RawHttp body(String json) {
        this.body = json.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** Sends these bytes as the body, as they are. */
    RawHttp bodyBytes(byte[] bytes) {
        this.body = bytes.clone();
        return this;
    }

    /** Declares this length but sends no body at all. */
    RawHttp declaredLengthOnly(long length) {
        headers.put("Content-Length", Long.toString(length));
        declareLength = false;
        return this;
    }

    Response send(int port) throws IOException {
        try (Socket socket = open(port)) {
            return read(socket.getInputStream());
        }
    }

    /** Sends the request and returns the open connection; the caller reads or closes it. */
    Socket open(int port) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        StringBuilder head =
                new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        headers.putIfAbsent("Host", "127.0.0.1:" + port);
        headers.putIfAbsent("Connection", "close");
        if (declareLength) {
            headers.putIfAbsent("Content-Length", Integer.toString(body.length));
        }
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (declareLength) {
            out.write(body);
        }
        out.flush();
        return socket;
    }

    static Response read(InputStream in) throws IOException {
        String statusLine = line(in);
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new HashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).strip());
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length").getFirst()));
        } else if ("chunked"
                .equalsIgnoreCase(String.valueOf(
                        headers.getOrDefault("transfer-encoding", List.of("")).getFirst()))) {
            body = dechunk(in);
        } else {
            body = in.readAllBytes();
        }
        return new Response(status, headers, body);
    }

    private static byte[] dechunk(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            int length = Integer.parseInt(size.split(";")[0].strip(), 16);
            if (length == 0) {
                line(in);
                return body.toByteArray();
            }
            body.write(in.readNBytes(length));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        if (b < 0 && line.size() == 0) {
            throw new IOException("the connection closed before a complete response");
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
