package dev.switchboard.bridge.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;

import dev.switchboard.ports.call.ClientRequests.Capability;

/**
 * One round of a modern-era (MCP 2026-07-28) call that may ask its client for input: opens the round from the call's
 * retry ({@code inputResponses}, and the {@code requestState} the SDK has already checked and opened with
 * {@link RequestStates}), gives the tool its {@link ModernClientRequests}, and once the tool has run says whether the
 * call ends with an input-required result instead of the tool's own.
 *
 * <p>The state (JSON, sealed by the SDK: HMAC-SHA256 over it, the tool's name and an expiry of 10 minutes) holds
 * {@code v} (1), a digest of the arguments, and {@code answers}: the answers the call used so far, by key, so that a
 * tool that asks in several rounds gets its earlier answers again without the client sending them twice. A state of
 * other arguments is refused here (-32602); one of another caller never opens, since the sealing binds a state to its
 * caller ({@link RequestStates}, ADR 46). A sealed answer wins over an {@code inputResponses} entry of the same key. Not thread-safe: one per call, used by the call's thread.
 */
final class InputRound {

    static final String INPUT_REQUIRED = "input_required";

    private static final int VERSION = 1;

    private final ModernClientRequests client;
    private final Map<String, ?> args;
    private final JsonValues json;

    private InputRound(ModernClientRequests client, Map<String, ?> args, JsonValues json) {
        this.client = client;
        this.args = args;
        this.json = json;
    }

    /**
     * @param context        the request's context (its declared client capabilities)
     * @param args           the call's arguments, or a prompt's (null for none)
     * @param inputResponses the retry's answers by key, or null
     * @param requestState   the state the SDK opened (verified and unsealed), or null on a first call
     * @param json           the JSON mapping
     * @return the round
     * @throws McpException -32602 when the state belongs to other arguments, or is not this server's state
     */
    static InputRound open(
            McpRequestContext context,
            Map<String, ?> args,
            Map<String, Object> inputResponses,
            String requestState,
            JsonValues json) {
        Map<String, Map<String, Object>> answers = new LinkedHashMap<>(objects(inputResponses));
        if (requestState != null) {
            Map<String, Object> state;
            try {
                state = json.parseObject(requestState, "requestState");
            } catch (IllegalArgumentException e) {
                throw refused();
            }
            if (!(state.get("v") instanceof Number version && version.intValue() == VERSION)
                    || !argumentsDigest(args, json).equals(state.get("arguments"))) {
                throw refused();
            }
            answers.putAll(objects(state.get("answers")));
        }
        return new InputRound(new ModernClientRequests(context.clientCapabilities(), answers), args, json);
    }

    /** @return the channel back to the client that the tool's call gets */
    ModernClientRequests client() {
        return client;
    }

    /**
     * @return the input-required result when the tool asked the client for something not answered yet (the tool's own
     *     result is then dropped), else empty
     * @throws McpException -32021 with {@code data.requiredCapabilities} when the tool asked for a capability the
     *                      client did not declare in this request
     */
    Optional<McpSchema.InputRequiredResult> inputRequired() {
        Optional<Capability> missing = client.missingCapability();
        if (missing.isPresent()) {
            McpSchema.ClientCapabilities required =
                    json.fromObject(Map.of(declaredName(missing.get()), Map.of()), McpSchema.ClientCapabilities.class);
            throw McpException.missingClientCapability(required);
        }
        Map<String, ModernClientRequests.Asked> asked = client.asked();
        if (asked.isEmpty()) {
            return Optional.empty();
        }
        Map<String, McpSchema.InputRequest> requests = new LinkedHashMap<>();
        asked.forEach((key, request) -> requests.put(key, inputRequest(request)));
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("v", VERSION);
        state.put("arguments", argumentsDigest(args, json));
        state.put("answers", client.used());
        return Optional.of(new McpSchema.InputRequiredResult(requests, json.toText(state), INPUT_REQUIRED, null));
    }

    private McpSchema.InputRequest inputRequest(ModernClientRequests.Asked asked) {
        Map<String, Object> params = asked.params();
        return switch (asked.capability()) {
            case ELICITATION ->
                new McpSchema.ElicitInputRequest(
                        "url".equals(params.get("mode"))
                                ? json.fromObject(params, McpSchema.ElicitUrlRequest.class)
                                : json.fromObject(params, McpSchema.ElicitFormRequest.class));
            case SAMPLING ->
                new McpSchema.CreateMessageInputRequest(json.fromObject(params, McpSchema.CreateMessageRequest.class));
            case ROOTS -> new McpSchema.ListRootsInputRequest();
        };
    }

    /** @return the capability's name in {@code ClientCapabilities} */
    private static String declaredName(Capability capability) {
        return switch (capability) {
            case SAMPLING -> "sampling";
            case ELICITATION -> "elicitation";
            case ROOTS -> "roots";
        };
    }

    private static McpException refused() {
        return McpException.invalidParams(
                "Invalid params: the requestState does not belong to this call (other arguments, or"
                        + " another server version); call again without requestState and inputResponses");
    }

    /** @return the entries of a JSON object whose values are objects; anything else is no answer */
    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> objects(Object value) {
        Map<String, Map<String, Object>> objects = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, entry) -> {
                if (key instanceof String name && entry instanceof Map<?, ?> object) {
                    objects.put(name, (Map<String, Object>) object);
                }
            });
        }
        return objects;
    }

    /** @return the value with every object's keys in order, so equal arguments give equal text */
    private static Object canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, Object> sorted = new TreeMap<>();
            map.forEach((key, entry) -> sorted.put(String.valueOf(key), canonical(entry)));
            return sorted;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(InputRound::canonical).toList();
        }
        return value;
    }

    /** The digest is taken only when a state is opened or sealed: a call that asks nothing pays for no hash. */
    private static String argumentsDigest(Map<String, ?> args, JsonValues json) {
        return digest(json.toText(canonical(args == null ? Map.of() : args)));
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
