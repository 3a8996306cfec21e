package dev.switchboard.e2e.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.testkit.distribution.HttpServe;

/**
 * Requests to the hosted {@code GET /status} over real HTTP: through the JDK client, and over a raw socket (to send a
 * non-ASCII header the JDK client refuses, or to hang up in the middle of a held poll).
 */
public final class StatusPolls {

    private static final JsonMapper JSON = JsonMapper.shared();

    private StatusPolls() {}

    /**
     * @param server the server
     * @param query  the query, such as {@code ?wait=50}, or {@code ""}
     * @param token  the bearer token, or null for none
     * @return the request
     */
    public static HttpRequest request(HttpServe server, String query, String token) {
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(server.uri("/status" + query)).timeout(Duration.ofSeconds(90));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder.GET().build();
    }

    /** @return the response, its body as text */
    public static HttpResponse<String> get(HttpClient http, HttpServe server, String query, String token)
            throws IOException, InterruptedException {
        return http.send(request(server, query, token), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the response, once it has been answered */
    public static CompletableFuture<HttpResponse<String>> hold(
            HttpClient http, HttpServe server, String query, String token) {
        return http.sendAsync(request(server, query, token), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the JSON object of a body (leading keep-alive spaces are whitespace to JSON) */
    public static Map<String, Object> json(String body) {
        return JSON.readValue(body, new TypeReference<Map<String, Object>>() {});
    }

    /**
     * Opens a raw connection and sends {@code GET} with the header lines given, as bytes.
     *
     * @param server  the server
     * @param target  the request target, such as {@code /status?wait=50}
     * @param headers extra header lines, already encoded, each without its line end
     * @return the open socket, its request sent
     */
    public static Socket raw(HttpServe server, String target, byte[]... headers) throws IOException {
        URI base = server.uri("/");
        Socket socket = new Socket(base.getHost(), base.getPort());
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort() + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        for (byte[] header : headers) {
            out.write(header);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write("Connection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    /** @return the status code of the response's first line, read from the socket */
    public static int statusOf(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            line.append((char) c);
        }
        String[] parts = line.toString().split(" ");
        if (parts.length < 2) {
            throw new IOException("no status line: '" + line + "'");
        }
        return Integer.parseInt(parts[1]);
    }
}
