package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.net.ssl.SSLException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.RemoteCounts;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.orientation.domain.MailboxRelease;

/**
 * {@code GET <base>/hook-status} (counts), {@code GET <base>/status?wait=N} (a long poll of the counts) and
 * {@code GET <base>/status?wait=0} (pins) with {@link HttpURLConnection} (no proxy; {@code HttpsURLConnection} for
 * {@code https}, TLS and the host name verified by the JDK's defaults): the token as {@code Authorization: Bearer},
 * {@code Accept: application/json}, {@code User-Agent: switchboard-mailbox/<build>}; redirects never followed (a 3xx
 * is a failure: a redirect could carry the token elsewhere).
 *
 * <p>Time: each request has a budget of {@value #TIMEOUT_SECONDS} s (a long poll: its wait plus those seconds). The
 * connection must be made within {@value #TIMEOUT_SECONDS} s, and the answer (status line, headers and body) must be
 * read whole within the budget, counted from the start of the request: every read of the body checks the deadline, so
 * a server that drips its body fails at the deadline, and the socket's read timeout (the budget) bounds a single read
 * that waits on a silent server (worst case: headers that arrive just before the deadline, then silence, fail one
 * read timeout later). A body longer than {@value #MAX_ANSWER_BYTES} bytes is a failure too. The JDK's
 * {@code java.net.http} client is not used: its start-up alone cost the stop hook ~330 ms of CPU (docs/performance.md).
 *
 * <p>JSON: the counts ({@code /hook-status}'s {@code counts}, {@code /status}'s {@code pending}) are streamed with
 * jackson-core, so the stop hook loads no data-binding classes (ADR 25). The pins are the one answer read with
 * databind's mapper, made on first use: they are passed on as the server wrote them (objects of any members), which
 * a mapper does without a hand-written reader of JSON values.
 *
 * <p>Errors: {@link HookFailure} {@code UNREACHABLE} (refused, timed out, DNS) or {@code ANSWER} (TLS, 3xx, a status
 * other than 200, with words for 401, 403, 404, 429 and 503, a body that is not the expected JSON, and, with words,
 * the error shape a held poll's 200 body carries when its token is revoked ({@code FORBIDDEN}) or the server stops
 * ({@code UNAVAILABLE}); 401, 403 and {@code FORBIDDEN} are {@linkplain HookFailure#isTokenRefused() token refused});
 * messages never hold the token. Thread-safe: nothing is shared between requests but the immutable JSON factory and mapper. A blocked read
 * is not ended by an interrupt; it ends at its deadline.
 */
public final class HttpRemoteCounts implements RemoteCounts {

    /** The timeout of one request, in seconds. */
    public static final int TIMEOUT_SECONDS = 3;

    /** The longest body read, in bytes (a {@code /status} answer lists the channel's pins, without bodies). */
    public static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    /** The stop hook's answer is streamed (ADR 25). */
    private static final JsonFactory STREAMING = JsonFactory.builder().build();

    /** Made at the first pins answer: a stop hook never loads the mapper's classes (ADR 25). */
    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }

    private static final TypeReference<List<Map<String, Object>>> PINS = new TypeReference<>() {};

    private final Duration budget;

    /** A client with the budget of {@value #TIMEOUT_SECONDS} s per request. */
    public HttpRemoteCounts() {
        this(Duration.ofSeconds(TIMEOUT_SECONDS));
    }

    /** @param budget the time to connect and the time for a whole answer, per request (a long poll adds its wait) */
    HttpRemoteCounts(Duration budget) {
        this.budget = budget;
    }

    @Override
    public RoleCounts fetch(URI base, String token) {
        URI uri = URI.create(base + "/hook-status");
        return get(base, uri, token, budget, body -> counts(uri, body, "counts"));
    }

    @Override
    public RoleCounts poll(URI base, String token, int waitS) {
        if (waitS < 0 || waitS > MAX_WAIT_S) {
            throw new IllegalArgumentException("waitS must be 0.." + MAX_WAIT_S + ", was " + waitS);
        }
        URI uri = URI.create(base + "/status?wait=" + waitS);
        return get(base, uri, token, budget.plusSeconds(waitS), body -> counts(uri, body, "pending"));
    }

    @Override
    public List<Map<String, Object>> pins(URI base, String token) {
        URI uri = URI.create(base + "/status?wait=0");
        JsonNode root = get(base, uri, token, budget, Json.MAPPER::readTree);
        JsonNode pins = root.get("pins");
        if (pins == null || !pins.isArray()) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 without a list of pins");
        }
        return Json.MAPPER.convertValue(pins, PINS);
    }

    /**
     * @param member the counts' member: {@code counts} ({@code /hook-status}) or {@code pending} ({@code /status})
     * @return {@code {"channel": string, "role": string, <member>: {name: int, ...}, ...}} (other members skipped)
     * @throws HookFailure {@code ANSWER} for another shape; for the error shape of docs/error-codes.md (the endpoint's
     *     {@code {"error": ..., "code": C}} or the transport's {@code {"error": {"data": {"code": C}}}}, sent in a
     *     held poll's 200 body) one in words, {@linkplain HookFailure#isTokenRefused() token refused} for
     *     {@code FORBIDDEN}
     */
    private static RoleCounts counts(URI uri, InputStream body, String member) {
        try (JsonParser parser = STREAMING.createParser(ObjectReadContext.empty(), body)) {
            Answer answer = answer(parser, member);
            if (answer.counts() != null) {
                return answer.counts();
            }
            if (answer.errorCode() != null) {
                throw refusal(uri, answer.errorCode());
            }
            throw new HookFailure(
                    HookFailure.Kind.ANSWER, uri + " answered 200 without {channel, role, " + member + "}");
        }
    }

    /**
     * What a 200 body held: the counts, or the code of the error shape, or neither.
     *
     * @param counts    the counts, or null
     * @param errorCode the error's code, or null
     */
    private record Answer(RoleCounts counts, String errorCode) {
        static final Answer NEITHER = new Answer(null, null);
    }

    private static HookFailure refusal(URI uri, String code) {
        return switch (code) {
            case "FORBIDDEN" ->
                HookFailure.tokenRefused(uri + " answered FORBIDDEN (the token was revoked or its channel deleted)");
            case "UNAVAILABLE" ->
                new HookFailure(
                        HookFailure.Kind.ANSWER,
                        uri + " answered UNAVAILABLE (the server is stopping or its store is unavailable)");
            default ->
                new HookFailure(
                        HookFailure.Kind.ANSWER,
                        uri + " answered the error "
                                + (code.matches("[A-Z_]{1,64}") ? code : "(a code that is not one)"));
        };
    }

    private static Answer answer(JsonParser parser, String member) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return Answer.NEITHER;
        }
        String channel = null;
        String role = null;
        Map<String, Integer> counts = null;
        boolean error = false;
        String code = null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (name.equals("channel") && value == JsonToken.VALUE_STRING) {
                channel = parser.getString();
            } else if (name.equals("role") && value == JsonToken.VALUE_STRING) {
                role = parser.getString();
            } else if (name.equals(member) && value == JsonToken.START_OBJECT) {
                counts = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String counter = parser.currentName();
                    if (parser.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                        return Answer.NEITHER;
                    }
                    counts.put(counter, parser.getIntValue());
                }
            } else if (name.equals("error") && value == JsonToken.VALUE_STRING) {
                error = true; // the endpoint's own shape: {"error": "<what to do>", "code": C}
            } else if (name.equals("error") && value == JsonToken.START_OBJECT) {
                error = true; // the transport's JSON-RPC error: {"error": {"code": -32000, "data": {"code": C}}}
                code = dataCode(parser);
            } else if (name.equals("code") && value == JsonToken.VALUE_STRING && code == null) {
                code = parser.getString();
            } else {
                parser.skipChildren();
            }
        }
        if (parser.nextToken() != null) {
            return Answer.NEITHER;
        }
        if (channel != null && role != null && counts != null) {
            return new Answer(new RoleCounts(channel, role, counts), null);
        }
        return error && code != null ? new Answer(null, code) : Answer.NEITHER;
    }

    /** @return {@code data.code} of the JSON-RPC error object the parser is at the start of, or null */
    private static String dataCode(JsonParser parser) {
        String code = null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (name.equals("data") && value == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String inner = parser.currentName();
                    if (parser.nextToken() == JsonToken.VALUE_STRING && inner.equals("code")) {
                        code = parser.getString();
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
        return code;
    }

    /** Reads a 200 answer's body; Jackson's exceptions are sorted by {@link #get}. */
    @FunctionalInterface
    private interface BodyReader<T> {
        T read(InputStream body) throws IOException;
    }

    /** @return what {@code reader} makes of the body of a 200 answer to {@code GET uri}, read whole within the budget */
    private static <T> T get(URI base, URI uri, String token, Duration budget, BodyReader<T> reader) {
        long deadline = System.nanoTime() + budget.toNanos();
        HttpURLConnection connection = null;
        try {
            connection = open(uri, token, budget);
            int status = connection.getResponseCode();
            if (System.nanoTime() - deadline >= 0) {
                throw new SocketTimeoutException("no answer within the timeout");
            }
            if (status >= 300 && status < 400) {
                throw new HookFailure(
                        HookFailure.Kind.ANSWER,
                        uri + " answered a redirect (" + status + "), which is refused: configure the final URL");
            }
            if (status == 401 || status == 403) {
                throw HookFailure.tokenRefused(uri + " answered " + status + why(status));
            }
            if (status != 200) {
                throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered " + status + why(status));
            }
            try (InputStream body = new DeadlineInputStream(connection.getInputStream(), deadline, MAX_ANSWER_BYTES)) {
                return reader.read(body);
            }
        } catch (JacksonIOException e) {
            throw failure(base, uri, e.getCause());
        } catch (JacksonException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 with no JSON");
        } catch (IOException e) {
            throw failure(base, uri, e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    private static HttpURLConnection open(URI uri, String token, Duration budget) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
        connection.setInstanceFollowRedirects(false);
        connection.setUseCaches(false);
        connection.setConnectTimeout(TIMEOUT_SECONDS * 1000);
        connection.setReadTimeout(Math.toIntExact(budget.toMillis()));
        connection.setRequestProperty("Authorization", "Bearer " + token);
        connection.setRequestProperty("Accept", "application/json");
        connection.setRequestProperty("User-Agent", "switchboard-mailbox/" + MailboxRelease.BUILD);
        return connection;
    }

    private static HookFailure failure(URI base, URI uri, Throwable cause) {
        if (cause instanceof SSLException e) {
            return new HookFailure(HookFailure.Kind.ANSWER, "TLS with " + base + " failed: " + e.getMessage());
        }
        if (cause instanceof DeadlineInputStream.AnswerTooLarge e) {
            return new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200, but " + e.getMessage());
        }
        if (cause instanceof IOException e) {
            return new HookFailure(HookFailure.Kind.UNREACHABLE, base + " is unreachable: " + reason(e));
        }
        return new HookFailure(
                HookFailure.Kind.UNREACHABLE,
                base + " is unreachable: " + cause.getClass().getSimpleName());
    }

    private static String why(int status) {
        return switch (status) {
            case 401 -> " (the token is unknown, revoked or expired)";
            case 403 -> " (the token is not a channel role token)";
            case 404 -> " (no such endpoint there: is it a Switchboard or ai-agent-channel server?)";
            case 429 -> " (too many requests or held polls for now)";
            case 503 -> " (the server or its store is unavailable for now)";
            default -> "";
        };
    }

    /** @return why a request failed, in words: what kind of failure it was, or the connection's own message */
    private static String reason(IOException e) {
        if (e instanceof SocketTimeoutException) {
            return "no answer within the timeout";
        }
        if (e instanceof ConnectException) {
            return "the connection was refused (is the server running?)";
        }
        if (e instanceof UnknownHostException) {
            return "the host is unknown (" + e.getMessage() + ")";
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? "the connection failed" : e.getMessage();
    }
}
