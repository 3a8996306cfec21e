package dev.switchboard.kernel.tools;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.InvalidArgumentException;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolInvoker;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;

/**
 * Runs tool calls: finds the tool, validates the arguments against its schema, runs the handler, answers an
 * {@link InvalidArgumentException} from its typed argument reads as {@link ErrorCode#INVALID_ARGUMENTS} naming the
 * field, and turns anything else it throws into {@link ErrorCode#INTERNAL_ERROR} with the call's correlation id (the
 * stack trace goes to the log, never to the client). Every call, on every transport, is reported to the
 * {@link ToolCallObservers}. Thread-safe.
 */
@Singleton
public final class KernelToolInvoker implements ToolInvoker {

    private static final Logger LOG = LoggerFactory.getLogger(KernelToolInvoker.class);

    private final ToolRegistry registry;
    private final ArgumentValidator validator;
    private final ToolCallObservers observers;
    private final FailedPluginTools failedPlugins;

    /**
     * An invoker that tells no observer and knows of no failed plugin (test beds that register tools directly).
     *
     * @param registry  where tools are looked up
     * @param validator validates arguments
     */
    public KernelToolInvoker(ToolRegistry registry, ArgumentValidator validator) {
        this(registry, validator, new ToolCallObservers());
    }

    /**
     * An invoker that knows of no failed plugin.
     *
     * @param registry  where tools are looked up
     * @param validator validates arguments
     * @param observers told of every call
     */
    public KernelToolInvoker(ToolRegistry registry, ArgumentValidator validator, ToolCallObservers observers) {
        this(registry, validator, observers, new FailedPluginTools());
    }

    /**
     * @param registry      where tools are looked up
     * @param validator     validates arguments
     * @param observers     told of every call
     * @param failedPlugins answers calls to tools of plugins that failed to start
     */
    @Inject
    public KernelToolInvoker(
            ToolRegistry registry,
            ArgumentValidator validator,
            ToolCallObservers observers,
            FailedPluginTools failedPlugins) {
        this.registry = registry;
        this.validator = validator;
        this.observers = observers;
        this.failedPlugins = failedPlugins;
    }

    /**
     * Runs the call; when observers are registered, tells them it started and how it ended, with its duration.
     *
     * @throws UnknownToolException if no plugin, started or failed, is known to provide the tool; a tool of a failed
     *                              plugin is answered with the tool error {@link FailedPluginTools#PLUGIN_FAILED}
     */
    @Override
    public ToolResult invoke(ToolCall call) {
        if (!observers.any()) {
            return run(call);
        }
        long start = System.nanoTime();
        observers.started(call);
        ToolCallOutcome outcome = ToolCallOutcome.PROTOCOL_ERROR;
        try {
            ToolResult result = run(call);
            outcome = ToolCallOutcome.of(result);
            return result;
        } finally {
            observers.finished(call, outcome, System.nanoTime() - start);
        }
    }

    private ToolResult run(ToolCall call) {
        ToolEntry tool = registry.lookup(call.toolName()).orElse(null);
        if (tool == null) {
            return failedPlugins.answer(call.toolName()).orElseThrow(() -> new UnknownToolException(call.toolName()));
        }
        if (!mayCall(tool, call.principal())) {
            return Refusal.forbidden("tool " + call.toolName() + " is not available to this caller (a "
                            + call.principal().kind().name().toLowerCase(Locale.ROOT)
                            + " token): only the tools it lists can be called; nothing was done")
                    .toResult();
        }
        List<ArgumentValidator.Violation> violations = validator.validate(tool.schema(), call.arguments());
        if (!violations.isEmpty()) {
            return invalid(tool, violations);
        }
        try {
            ToolResult result = tool.tool().call(call);
            if (result == null) {
                throw new IllegalStateException("tool returned no result");
            }
            return result;
        } catch (InvalidArgumentException e) {
            return invalid(tool, List.of(new ArgumentValidator.Violation(e.field(), e.problem())));
        } catch (RuntimeException | LinkageError | StackOverflowError | OutOfMemoryError e) {
            // an OutOfMemoryError is one call passing the heap ceiling (ADR 39): its allocations are gone once it
            // has unwound, and the server goes on
            LOG.error(
                    "tool {} (plugin {}) failed; correlation id {}",
                    call.toolName(),
                    tool.owner(),
                    call.correlationId(),
                    e);
            return ToolResult.failure(
                    ErrorCode.INTERNAL_ERROR,
                    "the tool failed unexpectedly; the server log has the details under correlation id "
                            + call.correlationId(),
                    Map.of("correlation_id", call.correlationId()));
        }
    }

    /**
     * The owner may call any tool (a tool that must not act for it refuses on its own); any other principal (a channel
     * role token, a viewer) only the tools listed for it (ADR 20). A tool whose answer throws is not callable by a
     * non-owner.
     */
    private static boolean mayCall(ToolEntry tool, Principal caller) {
        if (caller.kind() == Principal.Kind.OWNER || caller.kind() == Principal.Kind.ADMIN) {
            return true;
        }
        try {
            return tool.tool().listedFor(caller);
        } catch (RuntimeException e) {
            LOG.error(
                    "tool {} failed to say whether it is listed; refusing the call",
                    tool.descriptor().name(),
                    e);
            return false;
        }
    }

    private static ToolResult invalid(ToolEntry tool, List<ArgumentValidator.Violation> violations) {
        StringBuilder text = new StringBuilder("invalid arguments for ")
                .append(tool.descriptor().name())
                .append(": ");
        for (int i = 0; i < violations.size(); i++) {
            ArgumentValidator.Violation v = violations.get(i);
            text.append(i == 0 ? "" : "; ")
                    .append(v.field().isEmpty() ? "arguments" : v.field())
                    .append(": ")
                    .append(v.message());
        }
        text.append(". Fix the arguments to match the tool's input schema and call again.");
        return ToolResult.failure(ErrorCode.INVALID_ARGUMENTS, text.toString(), ArgumentValidator.details(violations));
    }
}
