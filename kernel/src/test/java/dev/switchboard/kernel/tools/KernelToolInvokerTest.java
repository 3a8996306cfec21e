package dev.switchboard.kernel.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;

class KernelToolInvokerTest {

    private final ArgumentValidator validator = new ArgumentValidator();
    private final ToolRegistry registry = new ToolRegistry(validator);
    private final KernelToolInvoker invoker = new KernelToolInvoker(registry, validator);

    @Test
    void runsTheHandlerWithValidArguments() {
        registry.register(
                "p",
                "",
                List.of(FakeTool.named(
                        "count_up", c -> ToolResult.text("got " + c.arguments().get("count")))));

        ToolResult result = invoker.invoke(call("count_up", Map.of("count", 3)));

        assertThat(result).isEqualTo(ToolResult.text("got 3"));
    }

    @Test
    void aChannelRoleOrViewerMayCallOnlyTheToolsListedForItWhileTheOwnerMayCallAny() {
        Principal role = new Principal("cct#1", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "c", "role", "a"));
        Principal viewer = new Principal("ccv#2", Principal.Kind.VIEWER, Map.of("channel", "c"));
        registry.register("p", "", List.of(FakeTool.named("owners_only", c -> ToolResult.text("ran")), new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return FakeTool.named("for_roles", c -> null).descriptor();
            }

            @Override
            public ToolResult call(ToolCall call) {
                return ToolResult.text("ran");
            }

            @Override
            public boolean listedFor(Principal caller) {
                return caller.kind() == Principal.Kind.CHANNEL_ROLE;
            }
        }));

        assertThat(invoker.invoke(ToolCall.detached("owners_only", Map.of("count", 1), Principal.LOCAL_OWNER)))
                .isEqualTo(ToolResult.text("ran"));
        assertThat(invoker.invoke(ToolCall.detached("for_roles", Map.of("count", 1), Principal.LOCAL_OWNER)))
                .isEqualTo(ToolResult.text("ran"));
        assertThat(invoker.invoke(ToolCall.detached("for_roles", Map.of("count", 1), role)))
                .isEqualTo(ToolResult.text("ran"));
        for (Principal caller : List.of(role, viewer)) {
            assertThat(invoker.invoke(ToolCall.detached("owners_only", Map.of("count", 1), caller)))
                    .isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
                        assertThat(f.code()).isEqualTo(ErrorCode.FORBIDDEN);
                        assertThat(f.message()).contains("owners_only").contains("not available");
                    });
        }
        assertThat(invoker.invoke(ToolCall.detached("for_roles", Map.of("count", 1), viewer)))
                .isInstanceOf(ToolResult.Failure.class);
    }

    @Test
    void wrongArgumentTypeIsAToolErrorNamingTheFieldAndTheHandlerNeverRuns() {
        registry.register("p", "", List.of(FakeTool.named("count_up", c -> {
            throw new AssertionError("handler must not run");
        })));

        ToolResult result = invoker.invoke(call("count_up", Map.of("count", "three")));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.message()).contains("count").contains("integer");
            assertThat(f.details()).containsEntry("field", "count");
        });
    }

    @Test
    void missingRequiredArgumentIsNamed() {
        registry.register("p", "", List.of(FakeTool.named("count_up", c -> ToolResult.text("x"))));

        ToolResult result = invoker.invoke(call("count_up", Map.of("label", "a")));

        assertThat(result)
                .isInstanceOfSatisfying(
                        ToolResult.Failure.class, f -> assertThat(f.details()).containsEntry("field", "count"));
    }

    @Test
    void aCallThatRunsOutOfHeapIsThatCallsInternalErrorAndTheNextCallIsServed() {
        registry.register("p", "", List.of(FakeTool.named("hungry", c -> {
            throw new OutOfMemoryError("Java heap space");
        })));
        registry.register("q", "", List.of(FakeTool.named("count_up", c -> ToolResult.text("x"))));

        ToolResult hungry = invoker.invoke(call("hungry", Map.of("count", 1)));
        ToolResult next = invoker.invoke(call("count_up", Map.of("count", 1)));

        assertThat(hungry).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
            assertThat(f.message()).doesNotContain("heap space");
        });
        assertThat(next).isInstanceOf(ToolResult.Success.class);
    }

    @Test
    void unexpectedExceptionBecomesInternalErrorWithCorrelationIdAndNoStackTrace() {
        registry.register("p", "", List.of(FakeTool.named("explode", c -> {
            throw new IllegalStateException("secret internal detail");
        })));

        ToolResult result = invoker.invoke(call("explode", Map.of("count", 1)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
            assertThat(f.message())
                    .contains("corr-1")
                    .doesNotContain("secret internal detail")
                    .doesNotContain("at dev.switchboard");
            assertThat(f.details()).containsEntry("correlation_id", "corr-1");
        });
    }

    static List<Object> integersNoHandlerCanHold() {
        return List.of(
                new BigInteger("18446744073709551618"),
                new BigInteger("9223372036854775808"),
                new BigInteger("-9223372036854775809"),
                1e20,
                1e300);
    }

    @ParameterizedTest
    @MethodSource("integersNoHandlerCanHold")
    void anIntegerPastSigned64BitsIsRefusedNamingTheFieldAndTheHandlerNeverRuns(Object sent) {
        registry.register("p", "", List.of(FakeTool.withSchema("count_up", """
                {"type": "object", "properties": {"count": {"type": "integer", "minimum": -10}}}""", c -> {
            throw new AssertionError("handler must not run");
        })));

        ToolResult result = invoker.invoke(call("count_up", Map.of("count", sent)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.details()).containsEntry("field", "count");
            assertThat(f.message())
                    .as("the schema's own minimum, not the 64-bit one")
                    .contains("count: must be a whole number of at least -10 (the schema's minimum)");
        });
    }

    @Test
    void aTooLargeIntegerIsRefusedWithTheSchemasBoundsWhenItDeclaresBoth() {
        registry.register("p", "", List.of(FakeTool.withSchema("bounded", """
                {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 500}}}""", c -> {
            throw new AssertionError("handler must not run");
        })));

        ToolResult result = invoker.invoke(call("bounded", Map.of("n", 1e20)));

        assertThat(result)
                .isInstanceOfSatisfying(
                        ToolResult.Failure.class,
                        f -> assertThat(f.message())
                                .contains("n: must be a whole number from 1 to 500")
                                .doesNotContain("9223372036854775807"));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -5, 501})
    void aWholeNumberOutsideTheSchemasBoundsIsRefusedNamingTheWholeRangeOnce(long sent) {
        registry.register("p", "", List.of(FakeTool.withSchema("bounded", """
                {"type": "object", "properties": {"n": {"type": ["integer", "null"], "minimum": 1, "maximum": 500}}}""", c -> {
            throw new AssertionError("handler must not run");
        })));

        ToolResult result = invoker.invoke(call("bounded", Map.of("n", sent)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.details()).containsEntry("field", "n");
            assertThat(f.message()).contains("n: must be a whole number from 1 to 500");
            assertThat((List<?>) f.details().get("violations")).hasSize(1);
        });
    }

    @Test
    void anOverlongUnknownPropertyIsEchoedCutToSixtyFourCharacters() {
        registry.register("p", "", List.of(FakeTool.withSchema("closed", """
                {"type": "object", "properties": {"n": {"type": "integer"}}, "additionalProperties": false}""", c -> {
            throw new AssertionError("handler must not run");
        })));
        String name = "k".repeat(5_000);

        ToolResult result = invoker.invoke(call("closed", Map.of(name, 1)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.message()).contains("k".repeat(64) + "...").doesNotContain("k".repeat(65));
            assertThat(f.details()).containsEntry("field", "k".repeat(64) + "...");
        });
    }

    @Test
    void integersNestedInObjectsAndArraysAreCheckedByPath() {
        registry.register("p", "", List.of(FakeTool.withSchema("nested", """
                {"type": "object", "properties": {"edits": {"type": "array", "items": {"type": "object",
                  "properties": {"line": {"type": "integer"}}}}}}""", c -> ToolResult.text("ran"))));

        ToolResult result = invoker.invoke(call(
                "nested",
                Map.of("edits", List.of(Map.of("line", 3), Map.of("line", new BigInteger("18446744073709551618"))))));

        assertThat(result)
                .isInstanceOfSatisfying(
                        ToolResult.Failure.class, f -> assertThat(f.details()).containsEntry("field", "edits.1.line"));
    }

    @Test
    void integersBehindALocalRefAreCheckedByPath() {
        registry.register("p", "", List.of(FakeTool.withSchema("refs", """
                {"type": "object", "$defs": {"line": {"type": "integer", "minimum": 1}},
                 "properties": {"at": {"$ref": "#/$defs/line"}}}""", c -> ToolResult.text("ran"))));

        ToolResult result = invoker.invoke(call("refs", Map.of("at", 1e20)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.details()).containsEntry("field", "at");
        });
    }

    @Test
    void aNumberTheSchemaValidatorCannotCompareIsInvalidArgumentsNotADefect() {
        registry.register("p", "", List.of(FakeTool.withSchema("either", """
                {"type": "object", "properties": {"at": {"anyOf": [{"type": "integer", "minimum": 1},
                  {"type": "string"}]}}}""", c -> ToolResult.text("ran"))));

        ToolResult result = invoker.invoke(call("either", Map.of("at", 1e20)));

        assertThat(result)
                .isInstanceOfSatisfying(
                        ToolResult.Failure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS));
    }

    @Test
    void aLargeNumberWhereTheSchemaDeclaresANumberIsAccepted() {
        registry.register("p", "", List.of(FakeTool.withSchema("measure", """
                {"type": "object", "properties": {"size": {"type": "number"}}}""", c -> ToolResult.text("ran"))));

        assertThat(invoker.invoke(call("measure", Map.of("size", 1e300)))).isEqualTo(ToolResult.text("ran"));
    }

    @Test
    void aTypedReadTheHandlerRefusesIsInvalidArgumentsNotAnInternalError() {
        registry.register(
                "p",
                "",
                List.of(FakeTool.named(
                        "count_up", c -> ToolResult.text("got " + c.args().integer("count", 1, 10)))));

        ToolResult result = invoker.invoke(call("count_up", Map.of("count", 11)));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(f.details()).containsEntry("field", "count");
            assertThat(f.message()).contains("count: must be a whole number from 1 to 10");
        });
    }

    @Test
    void unknownToolIsAProtocolError() {
        assertThatThrownBy(() -> invoker.invoke(call("nope", Map.of())))
                .isInstanceOf(UnknownToolException.class)
                .hasMessageContaining("nope");
    }

    private static ToolCall call(String name, Map<String, Object> arguments) {
        ToolCall detached = ToolCall.detached(name, arguments, Principal.LOCAL_OWNER);
        return new ToolCall(
                name,
                arguments,
                Principal.LOCAL_OWNER,
                "corr-1",
                Map.of(),
                detached.cancellation(),
                detached.progress(),
                detached.log(),
                detached.client());
    }
}
