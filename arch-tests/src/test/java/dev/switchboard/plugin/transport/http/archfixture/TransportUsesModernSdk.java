package dev.switchboard.plugin.transport.http.archfixture;

import io.modelcontextprotocol.modern.McpSchema;

/** Breaks the modern-SDK rule: a transport naming the SDK's modern (2026-07-28) API instead of the bridge's. */
public final class TransportUsesModernSdk {

    private TransportUsesModernSdk() {}

    /** @return the SDK's modern cache scope, which only the bridge may name */
    public static Object scope() {
        return McpSchema.CacheScope.PRIVATE;
    }
}
