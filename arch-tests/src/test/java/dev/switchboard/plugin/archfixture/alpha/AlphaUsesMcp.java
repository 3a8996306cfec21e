package dev.switchboard.plugin.archfixture.alpha;

import io.modelcontextprotocol.spec.McpSchema;

/** Breaks {@code mcp_sdk_stays_in_mcp_transport_code}: a feature plugin reading MCP SDK types. */
final class AlphaUsesMcp {

    String text(McpSchema.TextContent content) {
        return content.text();
    }
}
