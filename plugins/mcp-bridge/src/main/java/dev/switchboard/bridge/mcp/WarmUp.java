package dev.switchboard.bridge.mcp;

import java.util.Map;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/**
 * Exercises the code paths of a session's first messages (JSON-RPC decoding and encoding of initialize and
 * tools/list, the tool schema check the server runs at assembly, Reactor's operators; the modern era's
 * {@code server/discover} on a stateless server of its own) once, so that class loading
 * and initialization happen off the critical path of start-up. Produces nothing; any failure is irrelevant and
 * swallowed by the caller.
 */
final class WarmUp {

    private static final String REQUEST = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
            "capabilities":{"sampling":{}},"clientInfo":{"name":"warm-up","version":"0"}}}""";

    private WarmUp() {}

    static void run() throws java.io.IOException {
        var mapper = McpServerAssembly.jsonMapper();
        McpSchema.JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(mapper, REQUEST);
        if (message instanceof McpSchema.JSONRPCRequest request) {
            mapper.convertValue(request.params(), new TypeRef<McpSchema.InitializeRequest>() {});
        }
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name("warm_up")
                .description("warm-up")
                .inputSchema(mapper, "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"string\"}}}")
                .build();
        McpServerAssembly.schemaValidator().assertConforms("warm-up", tool.inputSchema());
        McpSchema.ListToolsResult list = new McpSchema.ListToolsResult(java.util.List.of(tool), null);
        Object encoded = Mono.just(list)
                .map(r -> new McpSchema.JSONRPCResponse("2.0", 1, r, null))
                .block();
        mapper.writeValueAsBytes(encoded);
        mapper.writeValueAsBytes(McpSchema.CallToolResult.builder()
                .addTextContent("x")
                .structuredContent(Map.of("k", "v"))
                .build());
        modern(tool);
    }

    /** The modern era's first request: a stateless server answering {@code server/discover}, a tool carried across. */
    private static void modern(McpSchema.Tool tool) throws java.io.IOException {
        new JsonValues(McpServerAssembly.jsonMapper())
                .across(tool, io.modelcontextprotocol.modern.McpSchema.Tool.class);
        io.modelcontextprotocol.modern.server.McpServer server =
                io.modelcontextprotocol.modern.server.McpServer.builder()
                        .serverInfo(io.modelcontextprotocol.modern.McpSchema.Implementation.builder("warm-up", "0")
                                .build())
                        .requestStateCodec(new RequestStates(dev.switchboard.ports.transport.SealingKey.inMemory()))
                        .build();
        Map<String, Object> meta = Map.of(
                "io.modelcontextprotocol/protocolVersion", ModernServerHandle.VERSIONS.getFirst(),
                "io.modelcontextprotocol/clientCapabilities", Map.of());
        var answer = server.handleBlocking(
                        io.modelcontextprotocol.common.McpTransportContext.EMPTY,
                        new io.modelcontextprotocol.modern.JsonRpc.JSONRPCRequest(
                                "2.0", "server/discover", 1, Map.of("_meta", meta)))
                .block();
        if (!(answer instanceof io.modelcontextprotocol.modern.server.McpTransportResponse.Result result)) {
            throw new IllegalStateException("the modern warm-up got no result: " + answer);
        }
        McpServerAssembly.jsonMapper().writeValueAsBytes(result.response());
        server.closeGracefully();
    }
}
