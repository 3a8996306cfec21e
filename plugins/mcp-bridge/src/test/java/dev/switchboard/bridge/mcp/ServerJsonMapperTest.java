package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

class ServerJsonMapperTest {

    private static final TypeRef<McpSchema.CallToolRequest> CALL = new TypeRef<>() {};
    private final McpJsonMapper mapper = McpServerAssembly.jsonMapper();
    private final McpJsonMapper jackson =
            new JacksonMcpJsonMapper(JsonMapper.builder().build());

    @Test
    void readsToolCallParametersAsTheMapperDoes() throws Exception {
        for (String params : List.of(
                "{\"name\":\"greet\",\"arguments\":{\"who\":\"Ada\",\"n\":[1,2.5,null]},"
                        + "\"_meta\":{\"progressToken\":7}}",
                "{\"name\":\"server_info\",\"arguments\":{}}",
                "{\"name\":\"server_info\"}",
                "{\"name\":\"x\",\"arguments\":null,\"extra\":true}")) {
            Object tree = mapper.readValue(params, Object.class);

            assertThat(mapper.convertValue(tree, CALL)).isEqualTo(jackson.convertValue(tree, CALL));
        }
    }

    @Test
    void leavesUnusualShapesToTheMapper() throws Exception {
        Object withoutName = mapper.readValue("{\"arguments\":{}}", Object.class);
        assertThat(mapper.convertValue(withoutName, CALL).name()).isEmpty();

        Object listArguments = mapper.readValue("{\"name\":\"x\",\"arguments\":[1]}", Object.class);
        assertThatThrownBy(() -> mapper.convertValue(listArguments, CALL))
                .isInstanceOfSatisfying(McpError.class, error -> {
                    assertThat(error.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
                    assertThat(error.getJsonRpcError().message())
                            .startsWith("Invalid params")
                            .doesNotContain("jackson")
                            .doesNotContain("java.");
                });
        assertThatThrownBy(() -> mapper.convertValue("x", CALL)).isInstanceOf(McpError.class);

        Map<String, Object> initialize = Map.of(
                "protocolVersion",
                "2025-11-25",
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "c", "version", "1"));
        assertThat(mapper.convertValue(initialize, new TypeRef<McpSchema.InitializeRequest>() {})
                        .protocolVersion())
                .isEqualTo("2025-11-25");
    }

    @Test
    void aRequestThatNeedsParamsButHasNoneIsInvalidParamsNamingNoJavaInternals() {
        for (Class<?> type : List.of(
                McpSchema.CallToolRequest.class,
                McpSchema.ReadResourceRequest.class,
                McpSchema.GetPromptRequest.class,
                McpSchema.CompleteRequest.class,
                McpSchema.SubscribeRequest.class,
                McpSchema.SetLevelRequest.class)) {
            assertThatThrownBy(() -> mapper.convertValue(null, type)).isInstanceOfSatisfying(McpError.class, error -> {
                assertThat(error.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
                assertThat(error.getJsonRpcError().message())
                        .contains("needs params")
                        .contains(type.getSimpleName())
                        .doesNotContain("java.");
            });
        }
        assertThatThrownBy(() -> mapper.convertValue(null, CALL)).isInstanceOf(McpError.class);
    }

    @Test
    void aLoggingLevelMcpDoesNotDefineIsInvalidParamsNotInfo() {
        for (Object params : List.of(Map.of("level", "loud"), Map.of(), Map.of("level", 3), "debug")) {
            assertThatThrownBy(() -> mapper.convertValue(params, McpSchema.SetLevelRequest.class))
                    .as("%s", params)
                    .isInstanceOfSatisfying(
                            McpError.class,
                            error -> assertThat(error.getJsonRpcError().code())
                                    .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS));
        }
        assertThat(mapper.convertValue(Map.of("level", "warning"), McpSchema.SetLevelRequest.class)
                        .level())
                .isEqualTo(McpSchema.LoggingLevel.WARNING);
    }

    @Test
    void requestsWhoseParamsAreOptionalStillConvertFromNothing() {
        assertThat(mapper.convertValue(null, McpSchema.PaginatedRequest.class)).isNull();
    }
}
