package dev.switchboard.bridge.mcp;

import java.util.LinkedHashMap;
import java.util.Map;

import io.modelcontextprotocol.modern.JsonRpc;

/**
 * Completes the capabilities of a {@code server/discover} answer with what {@link ModernSubscriptions} serves:
 * {@code resources.subscribe} and {@code resources.listChanged}. The SDK's modern server sets both to false unless
 * its own listen feature (fed by one change feed for every client) is registered, and that feature cannot tell one
 * caller's changes from another's, so ours serves {@code subscriptions/listen} and this puts the capabilities right
 * (ADR 45). Stateless.
 */
final class ListenCapabilities {

    private ListenCapabilities() {}

    /** @return {@code response} with the resources' capabilities completed when it answers a discovery; else it */
    @SuppressWarnings("unchecked")
    static JsonRpc.JSONRPCResponse announced(JsonRpc.JSONRPCResponse response) {
        if (!(response.result() instanceof Map<?, ?> result)
                || !(result.get("supportedVersions") != null
                        && result.get("capabilities") instanceof Map<?, ?> capabilities)
                || !(capabilities.get("resources") instanceof Map<?, ?>)) {
            return response;
        }
        Map<String, Object> resources = new LinkedHashMap<>((Map<String, Object>) capabilities.get("resources"));
        resources.put("subscribe", true);
        resources.put("listChanged", true);
        Map<String, Object> completed = new LinkedHashMap<>((Map<String, Object>) capabilities);
        completed.put("resources", resources);
        Map<String, Object> answer = new LinkedHashMap<>((Map<String, Object>) result);
        answer.put("capabilities", completed);
        return JsonRpc.JSONRPCResponse.result(response.id(), answer);
    }
}
