package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

/** The modern era's header rules against the body, and which messages belong to that era. */
class ModernHeadersTest {

    private static final Map<String, Object> META =
            Map.of("_meta", Map.of(ModernEra.VERSION_KEY, ModernEra.MCP_2026_07_28));

    @Test
    void headersThatAgreeWithTheBodyPass() {
        McpSchema.JSONRPCRequest call = request("tools/call", Map.of("name", "echo"));

        assertThat(ModernHeaders.mismatch(
                        call,
                        headers(Map.of(
                                "Mcp-Method", List.of("tools/call"),
                                "MCP-Protocol-Version", List.of("2026-07-28"),
                                "Mcp-Name", List.of("echo")))))
                .isEmpty();
    }

    @Test
    void eachMissingOrRepeatedOrDifferentHeaderIsNamed() {
        McpSchema.JSONRPCRequest read = request("resources/read", Map.of("uri", "test://a"));
        Map<String, List<String>> good = Map.of(
                "Mcp-Method", List.of("resources/read"),
                "MCP-Protocol-Version", List.of("2026-07-28"),
                "Mcp-Name", List.of("test://a"));

        assertThat(ModernHeaders.mismatch(read, headers(without(good, "Mcp-Method"))))
                .hasValue("Missing required header: Mcp-Method");
        assertThat(ModernHeaders.mismatch(read, headers(with(good, "Mcp-Method", "resources/read", "tools/list"))))
                .hasValue("Mcp-Method header has more than one value");
        assertThat(ModernHeaders.mismatch(read, headers(with(good, "MCP-Protocol-Version", "2025-11-25"))))
                .hasValue("MCP-Protocol-Version header does not match _meta's protocol version");
        assertThat(ModernHeaders.mismatch(read, headers(without(good, "Mcp-Name"))))
                .hasValue("Missing required header: Mcp-Name");
        assertThat(ModernHeaders.mismatch(read, headers(with(good, "Mcp-Name", "test://b"))))
                .hasValue("Mcp-Name header does not match the request's name or uri");
    }

    @Test
    void aNonAsciiNameIsComparedAfterItsBase64SentinelIsDecoded() {
        McpSchema.JSONRPCRequest get = request("prompts/get", Map.of("name", "résumé"));
        String sentinel =
                "=?base64?" + Base64.getEncoder().encodeToString("résumé".getBytes(StandardCharsets.UTF_8)) + "?=";

        assertThat(ModernHeaders.mismatch(
                        get,
                        headers(Map.of(
                                "Mcp-Method", List.of("prompts/get"),
                                "MCP-Protocol-Version", List.of("2026-07-28"),
                                "Mcp-Name", List.of(sentinel)))))
                .isEmpty();
    }

    @Test
    void onlyARequestClaimingAVersionOrDiscoveringIsOfTheModernEraInitializeIncluded() {
        assertThat(ModernEra.claims(request("tools/list", Map.of()))).isTrue();
        assertThat(ModernEra.claims(new McpSchema.JSONRPCRequest("2.0", "server/discover", 1, null)))
                .isTrue();
        assertThat(ModernEra.claims(new McpSchema.JSONRPCRequest("2.0", "tools/list", 1, Map.of())))
                .isFalse();
        assertThat(ModernEra.claims(request("initialize", Map.of()))).isTrue();
        assertThat(ModernEra.claims(
                        new McpSchema.JSONRPCRequest("2.0", "initialize", 1, Map.of("protocolVersion", "x"))))
                .isFalse();
        assertThat(ModernEra.claims(new McpSchema.JSONRPCNotification("2.0", "notifications/initialized", META)))
                .isFalse();
        assertThat(ModernEra.isModernVersion(" 2026-07-28 ")).isTrue();
        assertThat(ModernEra.isModernVersion("2025-11-25")).isFalse();
        assertThat(ModernEra.isModernVersion(null)).isFalse();
    }

    private static McpSchema.JSONRPCRequest request(String method, Map<String, Object> params) {
        Map<String, Object> withMeta = new HashMap<>(params);
        withMeta.putAll(META);
        return new McpSchema.JSONRPCRequest("2.0", method, 7, withMeta);
    }

    /** Header names are case-insensitive, as HTTP's are. */
    private static Function<String, List<String>> headers(Map<String, List<String>> values) {
        Map<String, List<String>> byLowerCase = new HashMap<>();
        values.forEach((name, list) -> byLowerCase.put(name.toLowerCase(Locale.ROOT), list));
        return name -> byLowerCase.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    private static Map<String, List<String>> without(Map<String, List<String>> headers, String name) {
        Map<String, List<String>> copy = new HashMap<>(headers);
        copy.remove(name);
        return copy;
    }

    private static Map<String, List<String>> with(Map<String, List<String>> headers, String name, String... values) {
        Map<String, List<String>> copy = new HashMap<>(headers);
        copy.put(name, List.of(values));
        return copy;
    }
}
