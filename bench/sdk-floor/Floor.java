import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;

import tools.jackson.databind.json.JsonMapper;

/**
 * The floor for the stdio cold-start benchmark: a bare MCP Java SDK server over stdio with one tool, on the same
 * libraries (Jackson 3, Reactor) and JVM options as Switchboard, and no kernel, plugins or storage. Not part of the
 * product; bench/sdk-floor/build.sh compiles it and records its AOT cache. With an argument it exits after that many
 * milliseconds (the AOT cache is written at exit); otherwise it serves until killed.
 */
public final class Floor {

    private Floor() {
    }

    public static void main(String[] args) throws InterruptedException {
        var mapper = new JacksonMcpJsonMapper(JsonMapper.shared());
        var tool = McpSchema.Tool.builder("server_info",
                        java.util.Map.of("type", "object", "properties", java.util.Map.of(),
                                "additionalProperties", false))
                .description("Describes this server.").build();
        McpServer.sync(new StdioServerTransportProvider(mapper))
                .serverInfo("sdk-floor", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(new McpServerFeatures.SyncToolSpecification(tool, (exchange, request) ->
                        McpSchema.CallToolResult.builder().addTextContent("{\"name\":\"sdk-floor\"}").build()))
                .build();
        if (args.length > 0) {
            Thread.sleep(Long.parseLong(args[0]));
            System.exit(0);
        }
        Thread.currentThread().join();
    }
}
