package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.function.BiFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolInvoker;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;

/**
 * Runs one {@code tools/call} through the kernel's {@link ToolInvoker}: builds the ports' {@link ToolCall} with the
 * call's channels to the client, and maps the outcome back. Blocking; runs on a virtual thread. Thread-safe.
 */
final class ToolCallHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ToolCallHandler.class);

    private final ToolInvoker invoker;
    private final PrincipalResolver principals;
    private final InFlightCalls inFlight;
    private final JsonValues json;

    ToolCallHandler(ToolInvoker invoker, PrincipalResolver principals, InFlightCalls inFlight, JsonValues json) {
        this.invoker = invoker;
        this.principals = principals;
        this.inFlight = inFlight;
        this.json = json;
    }

    /**
     * @return the result; a {@code ToolResult.Failure} or a defect becomes a result with {@code isError: true}
     * @throws McpError with code -32602 if the invoker does not know the tool
     */
    McpSchema.CallToolResult call(McpAsyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Object requestId = exchange.transportContext().get(RequestContexts.REQUEST_ID);
        return run(
                exchange.sessionId(),
                requestId,
                request,
                (correlationId, cancellation) -> toolCall(exchange, request, correlationId, cancellation));
    }

    /**
     * Runs a call of the stateless (2026-07-28) era: no session; the caller, the progress reporter and the log sink
     * are this one request's, given by the transport through the modern server ({@link ModernExchange}); requests to
     * the client go to {@code client} (the call's input round).
     *
     * @param request   the call, in the SDK's legacy shape (the two eras' {@code tools/call} params are the same JSON)
     * @param caller    who sent it
     * @param scope     the transport's name for where the request came from, which with {@code requestId} names
     *                  the call to {@link InFlightCalls#cancel}
     * @param requestId the request's JSON-RPC id
     * @param progress  where the call's progress goes (the request's own stream), or {@link ProgressReporter#NONE}
     * @param log       where the call's log messages go (the request's own stream), or {@link LogSink#NONE}
     * @param client    the call's channel back to the client for its requests (an input round)
     * @return as {@link #call(McpAsyncServerExchange, McpSchema.CallToolRequest)}
     * @throws McpError with code -32602 if the invoker does not know the tool
     */
    McpSchema.CallToolResult callStateless(
            McpSchema.CallToolRequest request,
            Principal caller,
            String scope,
            Object requestId,
            ProgressReporter progress,
            LogSink log,
            ClientRequests client) {
        return run(
                scope,
                requestId,
                request,
                (correlationId, cancellation) -> new ToolCall(
                        UnknownTools.requestedName(request),
                        request.arguments() == null ? Map.of() : request.arguments(),
                        caller,
                        correlationId,
                        UnknownTools.clientMeta(request),
                        cancellation,
                        progress,
                        log,
                        client));
    }

    private McpSchema.CallToolResult run(
            String sessionId,
            Object requestId,
            McpSchema.CallToolRequest request,
            BiFunction<String, CallCancellation, ToolCall> callOf) {
        String correlationId = CorrelationIds.next();
        CallCancellation cancellation = new CallCancellation();
        InFlightCalls.Key key = inFlight.register(sessionId, requestId, cancellation);
        try {
            ToolResult result = invoker.invoke(callOf.apply(correlationId, cancellation));
            return ToolResultMapper.toSdk(StoppingAnswers.of(result, cancellation));
        } catch (UnknownToolException e) {
            throw UnknownTools.error(e.toolName());
        } catch (RuntimeException e) {
            LOG.error("tool call {} failed [correlation id {}]", UnknownTools.requestedName(request), correlationId, e);
            return ToolResultMapper.internalError(correlationId);
        } finally {
            inFlight.release(key, cancellation);
        }
    }

    private ToolCall toolCall(
            McpAsyncServerExchange exchange,
            McpSchema.CallToolRequest request,
            String correlationId,
            CallCancellation cancellation) {
        Principal principal = principals.resolve(exchange.transportContext());
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        Map<String, Object> meta = UnknownTools.clientMeta(request);
        return new ToolCall(
                UnknownTools.requestedName(request),
                arguments,
                principal,
                correlationId,
                meta,
                cancellation,
                ExchangeProgressReporter.forRequest(exchange, request.meta()),
                new ExchangeLogSink(exchange, json),
                new ExchangeClientRequests(exchange, json));
    }
}
