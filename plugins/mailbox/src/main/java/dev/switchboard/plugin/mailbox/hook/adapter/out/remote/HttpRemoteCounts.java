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

import javax.net.ssl.SSLException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.RemoteCounts;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.orientation.domain.MailboxRelease;

/**
 * {@code GET <base>/hook-status} (counts) and {@code GET <base>/status?wait=0} (pins) with the JDK's HTTP client: the token as {@code Authorization: Bearer}, a
 * {@value #TIMEOUT_SECONDS} s timeout for connecting and for the answer, redirects never followed (a 3xx is a
 * failure: a redirect could carry the token elsewhere), TLS verified against the JDK's trust store, {@code User-Agent:
 * switchboard-mailbox/<build>}. Thread-safe; the client is built on first use.
 */
public final class HttpRemoteCounts implements RemoteCounts {

    /** The timeout of one request, in seconds. */
    public static final int TIMEOUT_SECONDS = 3;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<List<Map<String, Object>>> PINS = new TypeReference<>() {};

    private volatile HttpClient client;

    @Override
    public RoleCounts fetch(URI base, String token) {
        URI uri = URI.create(base + "/hook-status");
        JsonNode root = get(base, uri, token);
        try {
            Map<String, Integer> counts = new LinkedHashMap<>();
            root.required("counts")
                    .properties()
                    .forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
            return new RoleCounts(
                    root.required("channel").asString(), root.required("role").asString(), counts);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 without {channel, role, counts}");
        }
    }

    @Override
    public List<Map<String, Object>> pins(URI base, String token) {
        URI uri = URI.create(base + "/status?wait=0");
        JsonNode root = get(base, uri, token);
        try {
            JsonNode pins = root.required("pins");
            if (!pins.isArray()) {
                throw new IllegalArgumentException("pins is not a list");
            }
            return JSON.convertValue(pins, PINS);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 without a list of pins");
        }
    }

    /** @return the parsed JSON of a 200 answer to {@code GET uri} */
    private JsonNode get(URI base, URI uri, String token) {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(TIMEOUT_SECONDS))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json")
                .header("User-Agent", "switchboard-mailbox/" + MailboxRelease.BUILD)
                .GET()
                .build();
        HttpResponse<String> response;
        try {
            response = client().send(request, HttpResponse.BodyHandlers.ofString());
        } catch (SSLException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, "TLS with " + base + " failed: " + e.getMessage());
        } catch (IOException e) {
            throw new HookFailure(HookFailure.Kind.UNREACHABLE, base + " is unreachable: " + reason(e));
        } catch (InterruptedException e) {
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
        try {
            return JSON.readTree(response.body());
        } catch (JacksonException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered 200 with no JSON");
        }
    }

    private static String why(int status) {
        return switch (status) {
            case 401 -> " (the token is unknown, revoked or expired)";
            case 403 -> " (the token is not a channel role token)";
            case 404 -> " (no such endpoint there: is it a Switchboard or ai-agent-channel server?)";
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
