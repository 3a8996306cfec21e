package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.net.ssl.SSLException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
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
 * {@code GET <base>/status?wait=0} (pins) with the JDK's HTTP client: the token as {@code Authorization: Bearer}, a
 * {@value #TIMEOUT_SECONDS} s timeout for connecting and for the answer (for a long poll: the wait and that timeout,
 * for the whole answer, body included), redirects never followed (a 3xx is a
 * failure: a redirect could carry the token elsewhere), TLS verified against the JDK's trust store, {@code User-Agent:
 * switchboard-mailbox/<build>}. Thread-safe; the client is built on first use.
 */
public final class HttpRemoteCounts implements RemoteCounts {

    /** The timeout of one request, in seconds. */
    public static final int TIMEOUT_SECONDS = 3;

    /** The stop hook's answer is streamed (ADR 25). */
    private static final JsonFactory STREAMING = JsonFactory.builder().build();

    /** Made at the first wake poll or pins answer: a stop hook never loads the mapper's classes (ADR 25). */
    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }

    private static final TypeReference<List<Map<String, Object>>> PINS = new TypeReference<>() {};
    private static final Duration TIMEOUT = Duration.ofSeconds(TIMEOUT_SECONDS);

    private volatile HttpClient client;

    @Override
    public RoleCounts fetch(URI base, String token) {
        URI uri = URI.create(base + "/hook-status");
        String body = get(base, uri, token, TIMEOUT);
        try (JsonParser parser = STREAMING.createParser(ObjectReadContext.empty(), body)) {
            return hookStatus(parser)
                    .orElseThrow(() -> new HookFailure(
                            HookFailure.Kind.ANSWER, uri + " answered 200 without {channel, role, counts}"));
        } catch (JacksonException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 with no JSON");
        }
    }

    /**
     * @return {@code {"channel": string, "role": string, "counts": {name: int, ...}, ...}} (other members skipped),
     *     streamed: the stop hook's remote answer loads no data-binding mapper (ADR 25); empty for another shape
     */
    private static Optional<RoleCounts> hookStatus(JsonParser parser) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return Optional.empty();
        }
        String channel = null;
        String role = null;
        Map<String, Integer> counts = null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (name.equals("channel") && value == JsonToken.VALUE_STRING) {
                channel = parser.getString();
            } else if (name.equals("role") && value == JsonToken.VALUE_STRING) {
                role = parser.getString();
            } else if (name.equals("counts") && value == JsonToken.START_OBJECT) {
                counts = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String counter = parser.currentName();
                    if (parser.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                        return Optional.empty();
                    }
                    counts.put(counter, parser.getIntValue());
                }
            } else {
                parser.skipChildren();
            }
        }
        return channel == null || role == null || counts == null || parser.nextToken() != null
                ? Optional.empty()
                : Optional.of(new RoleCounts(channel, role, counts));
    }

    @Override
    public RoleCounts poll(URI base, String token, int waitS) {
        if (waitS < 0 || waitS > MAX_WAIT_S) {
            throw new IllegalArgumentException("waitS must be 0.." + MAX_WAIT_S + ", was " + waitS);
        }
        URI uri = URI.create(base + "/status?wait=" + waitS);
        JsonNode root = tree(uri, get(base, uri, token, TIMEOUT.plusSeconds(waitS)));
        try {
            JsonNode pending = root.required("pending");
            if (!pending.isObject()) {
                throw new IllegalArgumentException("pending is not an object");
            }
            Map<String, Integer> counts = new LinkedHashMap<>();
            pending.properties()
                    .forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
            return new RoleCounts(
                    root.required("channel").asString(), root.required("role").asString(), counts);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 without {channel, role, pending}");
        }
    }

    @Override
    public List<Map<String, Object>> pins(URI base, String token) {
        URI uri = URI.create(base + "/status?wait=0");
        JsonNode root = tree(uri, get(base, uri, token, TIMEOUT));
        try {
            JsonNode pins = root.required("pins");
            if (!pins.isArray()) {
                throw new IllegalArgumentException("pins is not a list");
            }
            return Json.MAPPER.convertValue(pins, PINS);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 without a list of pins");
        }
    }

    private static JsonNode tree(URI uri, String body) {
        try {
            return Json.MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 with no JSON");
        }
    }

    /** @return the body of a 200 answer to {@code GET uri}, read whole within {@code timeout} */
    private String get(URI base, URI uri, String token, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json")
                .header("User-Agent", "switchboard-mailbox/" + MailboxRelease.BUILD)
                .GET()
                .build();
        HttpResponse<String> response;
        CompletableFuture<HttpResponse<String>> answer =
                client().sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            response = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw failure(base, e.getCause());
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new HookFailure(HookFailure.Kind.UNREACHABLE, base + " is unreachable: no answer within the timeout");
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new HookFailure(HookFailure.Kind.UNREACHABLE, "interrupted while asking " + base);
        }
        int status = response.statusCode();
        if (status >= 300 && status < 400) {
            throw new HookFailure(
                    HookFailure.Kind.ANSWER,
                    uri + " answered a redirect (" + status + "), which is refused: configure the final URL");
        }
        if (status != 200) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered " + status + why(status));
        }
        return response.body();
    }

    private static HookFailure failure(URI base, Throwable cause) {
        if (cause instanceof SSLException e) {
            return new HookFailure(HookFailure.Kind.ANSWER, "TLS with " + base + " failed: " + e.getMessage());
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

    private HttpClient client() {
        HttpClient built = client;
        if (built == null) {
            built = HttpClient.newBuilder()
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .connectTimeout(Duration.ofSeconds(TIMEOUT_SECONDS))
                    .build();
            client = built;
        }
        return built;
    }

    /** @return why a request failed, in words: the connection's own message, or what kind of failure it was */
    private static String reason(IOException e) {
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "no answer within the timeout";
        }
        if (e instanceof java.net.ConnectException) {
            return "the connection was refused (is the server running?)";
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? "the connection failed" : e.getMessage();
    }
}
