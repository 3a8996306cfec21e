package dev.switchboard.testkit.archfixture;

import io.modelcontextprotocol.spec.McpSchema;

/** Allowed: the testkit names MCP SDK client types to drive a built distribution. */
final class ClientForADistribution {

    McpSchema.Implementation clientInfo() {
        return new McpSchema.Implementation("testkit", "1");
    }
}
