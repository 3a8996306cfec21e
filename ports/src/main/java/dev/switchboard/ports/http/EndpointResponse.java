package dev.switchboard.ports.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an {@link HttpEndpoint} answers: a {@link Complete} response, or a {@link Streamed} one whose body is written
 * while the request is held (a long poll, a feed). Immutable and thread-safe.
 *
 * <p>The transport adds {@link SecurityHeaders#DEFAULTS} to every endpoint response, and
 * {@link SecurityHeaders#HTML_CONTENT_SECURITY_POLICY} to {@code text/html} ones, unless the response sets that
 * header itself. Header names are compared case-insensitively; {@code Content-Length} and
 * {@code Transfer-Encoding} are the transport's and are refused here.
 */
public sealed interface EndpointResponse permits EndpointResponse.Complete, EndpointResponse.Streamed {

    /** @return the status, 200..599 */
    int status();

    /** @return the headers by name, each with its values in order */
    Map<String, List<String>> headers();

    /**
     * A response whose body is known.
     *
     * @param status  the status, 200..599
     * @param headers the headers
     * @param body    the body (the array is copied)
     */
    record Complete(int status, Map<String, List<String>> headers, byte[] body) implements EndpointResponse {
        /** @throws IllegalArgumentException if the status or a header is refused */
        public Complete {
            headers = checked(status, headers);
            body = body.clone();
        }

        @Override
        public byte[] body() {
            return body.clone();
        }

        /**
         * @param name  a header name
         * @param value its value
         * @return this response with the header added
         */
        public Complete withHeader(String name, String value) {
            Map<String, List<String>> more = new LinkedHashMap<>(headers);
            more.merge(
                    name,
                    List.of(value),
                    (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream())
                            .toList());
            return new Complete(status, more, body);
        }
    }

    /**
     * A response whose status and headers are sent first and whose body is written by {@code body} on the request's
     * thread, for as long as it takes (the transport's drain at shutdown raises {@code clientGone} on the request
     * and waits for the body to return).
     *
     * @param status    the status, 200..599
     * @param headers   the headers; the content type SHOULD be set
     * @param keepAlive bytes the transport writes whenever the body has written nothing for {@code every}, so that
     *                  it notices a client that went away without waiting for the body's next write (a space for
     *                  JSON, which ignores leading whitespace; {@code ":\n"} for an event stream); null for none
     * @param body      writes the body
     */
    record Streamed(int status, Map<String, List<String>> headers, KeepAlive keepAlive, StreamingBody body)
            implements EndpointResponse {
        /** @throws IllegalArgumentException if the status or a header is refused */
        public Streamed {
            headers = checked(status, headers);
            Objects.requireNonNull(body, "body");
        }
    }

    /**
     * Filler the transport writes into a quiet streamed response to find out whether the client is still there.
     *
     * @param bytes what to write, not empty (the array is copied)
     * @param every how long the body may be quiet before it is written, at least 100 ms
     */
    record KeepAlive(byte[] bytes, Duration every) {
        /** @throws IllegalArgumentException if the bytes are empty or the interval is under 100 ms */
        public KeepAlive {
            if (bytes.length == 0 || every.toMillis() < 100) {
                throw new IllegalArgumentException("keep-alive needs some bytes and an interval of at least 100 ms");
            }
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }
    }

    /**
     * @param status the status
     * @param text   the body, sent as {@code text/plain; charset=utf-8}
     * @return the response
     */
    static Complete text(int status, String text) {
        return of(status, "text/plain; charset=utf-8", text);
    }

    /**
     * @param status the status
     * @param json   a JSON document, sent as {@code application/json}
     * @return the response
     */
    static Complete json(int status, String json) {
        return of(status, "application/json", json);
    }

    /**
     * @param status the status
     * @param html   an HTML document, sent as {@code text/html; charset=utf-8} with the default content security
     *               policy (see {@link SecurityHeaders})
     * @return the response
     */
    static Complete html(int status, String html) {
        return of(status, "text/html; charset=utf-8", html);
    }

    /**
     * @param contentType the content type
     * @param status      the status
     * @param body        the body, encoded as UTF-8
     * @return the response
     */
    static Complete of(int status, String contentType, String body) {
        return new Complete(
                status, Map.of("Content-Type", List.of(contentType)), body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param retryAfter when to try again, rounded up to whole seconds
     * @param message    what to tell the client, as text
     * @return {@code 429 Too Many Requests} with {@code Retry-After}
     */
    static Complete tooManyRequests(Duration retryAfter, String message) {
        long seconds = Math.max(1, retryAfter.toSeconds() + (retryAfter.toNanosPart() > 0 ? 1 : 0));
        return text(429, message).withHeader("Retry-After", Long.toString(seconds));
    }

    private static Map<String, List<String>> checked(int status, Map<String, List<String>> headers) {
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("status " + status + " must be within 200..599");
        }
        Map<String, List<String>> copy = new LinkedHashMap<>();
        headers.forEach((name, values) -> {
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            if (lower.equals("content-length") || lower.equals("transfer-encoding")) {
                throw new IllegalArgumentException("header " + name + " is set by the transport");
            }
            if (!name.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+")
                    || values.stream().anyMatch(v -> v.indexOf('\r') >= 0 || v.indexOf('\n') >= 0)) {
                throw new IllegalArgumentException("header " + name + " has a malformed name or value");
            }
            copy.put(name, List.copyOf(values));
        });
        return java.util.Collections.unmodifiableMap(copy);
    }
}
