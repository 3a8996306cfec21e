package dev.switchboard.plugin.transport.http;

import java.util.List;

import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.Status;

/**
 * Checks how a request says where its body ends, before Helidon does (Helidon refuses the same requests, but its
 * direct handler learns no cause, so every one would read as a malformed request line): one {@code Content-Length}
 * at most, made of digits only, and never beside {@code Transfer-Encoding} (RFC 9112 §6.3: the pair is how requests
 * are smuggled). Each refusal is a 400 whose message names the mistake ({@link WireRefusals#refusal}). Stateless,
 * thread-safe.
 */
final class RequestFraming {

    static final String DUPLICATE_LENGTH = "Bad Request: duplicate Content-Length headers";
    static final String LENGTH_AND_CHUNKED =
            "Bad Request: Content-Length and Transfer-Encoding together (send one of them)";
    static final String INVALID_LENGTH = "Bad Request: invalid Content-Length (it must be a non-negative number)";

    private RequestFraming() {}

    /**
     * @param headers a request's headers, as Helidon parsed them
     * @throws io.helidon.http.RequestException a 400 naming the mistake when the framing headers are wrong
     */
    static void check(Headers headers) {
        if (!headers.contains(HeaderNames.CONTENT_LENGTH)) {
            return;
        }
        List<String> lengths = headers.get(HeaderNames.CONTENT_LENGTH).allValues();
        if (lengths.size() > 1) {
            throw WireRefusals.refusal(Status.BAD_REQUEST_400, DUPLICATE_LENGTH);
        }
        if (headers.contains(HeaderNames.TRANSFER_ENCODING)) {
            throw WireRefusals.refusal(Status.BAD_REQUEST_400, LENGTH_AND_CHUNKED);
        }
        String length = lengths.getFirst();
        if (length.isEmpty() || length.length() > 18 || !length.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw WireRefusals.refusal(Status.BAD_REQUEST_400, INVALID_LENGTH);
        }
    }
}
