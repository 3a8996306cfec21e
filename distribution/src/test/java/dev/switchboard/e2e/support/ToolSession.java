package dev.switchboard.e2e.support;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One MCP client session with a running server, whichever client drives it ({@link JavaSdkSession} for the MCP Java
 * SDK's client, {@link TypeScriptSession} for the official TypeScript SDK's), so that one scenario can interleave
 * the calls of sessions driven by different clients. Closing it ends the session and its server process.
 * Implementations are safe for concurrent calls.
 */
public interface ToolSession extends AutoCloseable {

    /**
     * A tool call's answer as the client received it.
     *
     * @param isError    the result's {@code isError}
     * @param structured its {@code structuredContent} as a map (empty when absent)
     */
    record Answer(boolean isError, Map<String, Object> structured) {}

    /**
     * Calls a tool without waiting for the answer.
     *
     * @param tool      the tool's name
     * @param arguments its arguments
     * @return the answer, when it arrives; fails with an {@link AssertionError} if the client gets none
     */
    CompletableFuture<Answer> callAsync(String tool, Map<String, Object> arguments);

    /** @return the names of the tools {@code tools/list} offers this session */
    List<String> toolNames();

    /** @return what the session's processes wrote to stderr so far, for failure messages */
    String log();

    /** Ends the session and its server; never throws. */
    @Override
    void close();

    /** @return the answer of {@link #callAsync}, waited for */
    default Answer call(String tool, Map<String, Object> arguments) {
        return callAsync(tool, arguments).join();
    }

    /**
     * @return the structured result of a call that must succeed
     * @throws AssertionError naming the tool, the answer and the session's log if the call is refused
     */
    default Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        Answer answer = call(tool, arguments);
        if (answer.isError()) {
            throw new AssertionError(tool + " " + arguments + " was refused: " + answer.structured() + log());
        }
        return answer.structured();
    }

    /**
     * @return the structured error of a call that must be refused ({@code code}, {@code message}, ...)
     * @throws AssertionError naming the tool and the answer if the call succeeds
     */
    default Map<String, Object> refused(String tool, Map<String, Object> arguments) {
        Answer answer = call(tool, arguments);
        if (!answer.isError()) {
            throw new AssertionError(tool + " " + arguments + " succeeded, expected a refusal: " + answer.structured());
        }
        return answer.structured();
    }
}
