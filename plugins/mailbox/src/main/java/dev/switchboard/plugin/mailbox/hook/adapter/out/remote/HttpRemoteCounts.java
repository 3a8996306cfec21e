package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * {@code GET <base>/hook-status} (counts) and {@code GET <base>/status?wait=0} (pins) with the JDK's
 * {@link HttpURLConnection} (it loads a fraction of {@code java.net.http}'s classes, which counts on the hooks' direct
 * path, ADR 25): the token as {@code Authorization: Bearer}, a {@value #TIMEOUT_SECONDS} s timeout for connecting and
 * {@value #TIMEOUT_SECONDS} s for each read of the answer, redirects never followed (a 3xx is a failure: a redirect
 * could carry the token elsewhere), no cache, TLS verified against the JDK's trust store, {@code User-Agent:
 * switchboard-mailbox/<build>}. One connection per request. Stateless and thread-safe.
 */
public final class HttpRemoteCounts implements RemoteCounts {

    /** The timeout of one request, in seconds. */
    public static final int TIMEOUT_SECONDS = 3;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<List<Map<String, Object>>> PINS = new TypeReference<>() {};

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
    private static JsonNode get(URI base, URI uri, String token) {
        int status;
        String body = null;
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) uri.toURL().openConnection();
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setConnectTimeout(TIMEOUT_SECONDS * 1000);
            connection.setReadTimeout(TIMEOUT_SECONDS * 1000);
            connection.setRequestProperty("Authorization", "Bearer " + token);
            connection.setRequestProperty("Accept", "application/json");
            connection.setRequestProperty("User-Agent", "switchboard-mailbox/" + MailboxRelease.BUILD);
            status = connection.getResponseCode();
            if (status == 200) {
                try (InputStream in = connection.getInputStream()) {
                    body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        } catch (SSLException e) {
            throw new HookFailure(HookFailure.Kind.ANSWER, "TLS with " + base + " failed: " + e.getMessage());
        } catch (IOException e) {
            throw new HookFailure(HookFailure.Kind.UNREACHABLE, base + " is unreachable: " + reason(e));
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
        if (status >= 300 && status < 400) {
            throw new HookFailure(
                    HookFailure.Kind.ANSWER,
                    uri + " answered a redirect (" + status + "), which is refused: configure the final URL");
        }
        if (status != 200) {
            throw new HookFailure(HookFailure.Kind.ANSWER, uri + " answered " + status + why(status));
        }
        try {
            return JSON.readTree(body);
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

    /** @return why a request failed, in words: the connection's own message, or what kind of failure it was */
    private static String reason(IOException e) {
        if (e instanceof SocketTimeoutException) {
            return "no answer within the timeout";
        }
        if (e instanceof java.net.ConnectException) {
            return "the connection was refused (is the server running?)";
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? "the connection failed" : e.getMessage();
    }
}
