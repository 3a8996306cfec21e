package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.modelcontextprotocol.modern.McpSchema.ClientCapabilities;

import dev.switchboard.ports.call.ClientRequestException;
import dev.switchboard.ports.call.ClientRequests;

/**
 * The channel back to the client of one tool call of the modern era (MCP 2026-07-28), where the server sends the client
 * no request during a call: a request whose answer the call's retry carries ({@code inputResponses}, or the answers
 * sealed in its {@code requestState}) is answered at once; any other is recorded and fails with
 * {@link ClientRequestException}, and the call then ends with an input-required result naming the recorded requests
 * ({@link InputRound}). A request for a capability the client did not declare in this request's {@code _meta} fails
 * too and is recorded as the missing capability (-32021). One instance per call; thread-safe.
 */
final class ModernClientRequests implements ClientRequests {

    /** A request the client is to answer in its retry: what it asks, by the key the tool named it with. */
    record Asked(Capability capability, Map<String, Object> params) {}

    private final ClientCapabilities declared;
    private final Map<String, Map<String, Object>> answers;
    private final Map<String, Asked> asked = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> used = new LinkedHashMap<>();
    private final AtomicReference<Capability> missing = new AtomicReference<>();
    private final AtomicInteger unnamed = new AtomicInteger();

    /**
     * @param declared the client capabilities of this request's {@code _meta}; null when none were declared
     * @param answers  the answers at hand, by key
     */
    ModernClientRequests(ClientCapabilities declared, Map<String, Map<String, Object>> answers) {
        this.declared = declared;
        this.answers = Map.copyOf(answers);
    }

    @Override
    public boolean supports(Capability capability) {
        if (declared == null) {
            return false;
        }
        return switch (capability) {
            case SAMPLING -> declared.sampling() != null;
            case ELICITATION -> declared.elicitation() != null;
            case ROOTS -> declared.roots() != null;
        };
    }

    /** Names the request by its capability and its place among the call's unnamed requests: {@code elicitation_1}. */
    @Override
    public Map<String, Object> send(Capability capability, Map<String, Object> params, Duration timeout) {
        String key = capability.name().toLowerCase(java.util.Locale.ROOT) + "_" + unnamed.incrementAndGet();
        return send(key, capability, params, timeout);
    }

    /**
     * @return the answer the retry carries for {@code key}, if it has the shape of an answer to {@code capability}
     * @throws ClientRequestException when the client did not declare the capability, or has not answered yet (the
     *                                request is then asked in the call's input-required result)
     */
    @Override
    public Map<String, Object> send(String key, Capability capability, Map<String, Object> params, Duration timeout) {
        if (!supports(capability)) {
            missing.compareAndSet(null, capability);
            throw new ClientRequestException(
                    "the client did not declare the capability for " + capability.method() + " in this request");
        }
        Map<String, Object> answer = answers.get(key);
        synchronized (this) {
            if (answer != null && answers(capability, answer)) {
                used.put(key, answer);
                return answer;
            }
            asked.putIfAbsent(key, new Asked(capability, params == null ? Map.of() : params));
        }
        throw new ClientRequestException("the client answers " + capability.method() + " (" + key
                + ") when it calls again with this call's input-required result");
    }

    /** @return the first capability a request needed that the client did not declare, if any */
    Optional<Capability> missingCapability() {
        return Optional.ofNullable(missing.get());
    }

    /** @return the requests the client is to answer, in the order they were made */
    synchronized Map<String, Asked> asked() {
        return new LinkedHashMap<>(asked);
    }

    /** @return the answers the call used, by key, to carry into the next round's state */
    synchronized Map<String, Map<String, Object>> used() {
        return new LinkedHashMap<>(used);
    }

    /**
     * Whether an answer has the shape MCP gives the result of the request; one that has not is asked again (the
     * spec's advice for a missing or malformed input response).
     */
    private static boolean answers(Capability capability, Map<String, Object> answer) {
        return switch (capability) {
            case ELICITATION -> answer.get("action") instanceof String;
            case SAMPLING -> answer.get("content") != null && answer.get("role") instanceof String;
            case ROOTS -> answer.get("roots") instanceof List<?>;
        };
    }
}
