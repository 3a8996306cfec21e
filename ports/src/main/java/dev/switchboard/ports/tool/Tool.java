package dev.switchboard.ports.tool;

import dev.switchboard.ports.call.Principal;

/**
 * One tool: what it is ({@link #descriptor()}, written with {@link ToolDescriptor#builder(String)}) and what it does
 * ({@link #call(ToolCall)}, reading its arguments through {@link ToolCall#args()}). A plugin contributes it by binding
 * it into its module's tool set ({@code Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(..)}).
 *
 * <p>Implementations MUST be thread-safe: calls arrive concurrently, each on its own virtual thread.
 */
public interface Tool {

    /** @return the tool's name, schema, description and annotations; the same on every call */
    ToolDescriptor descriptor();

    /**
     * Runs the tool. The kernel has validated {@link ToolCall#arguments()} against the input schema before this runs.
     *
     * <p>An expected failure (a refused state change, a missing record) MUST be returned as {@link ToolResult.Failure}
     * with a stable {@link ErrorCode}, usually a use case's {@link Outcome} made a result by
     * {@link Outcome#toResult}. An {@link InvalidArgumentException} from {@link Arguments} is answered as
     * {@link ErrorCode#INVALID_ARGUMENTS} naming the field. Anything thrown is treated as a defect: the kernel logs it with a correlation id
     * and answers {@link ErrorCode#INTERNAL_ERROR} without a stack trace.
     *
     * @param call the validated arguments, the caller and the call's channels to the client
     * @return the outcome, never null
     */
    ToolResult call(ToolCall call);

    /**
     * Whether {@code tools/list} shows this tool to a caller (ADR 18). For the server's owner ({@link
     * Principal.Kind#OWNER}, {@link Principal.Kind#ADMIN}) it decides listing only: a call of a tool that is not listed
     * to its caller is still dispatched, so a tool that must not act for a caller refuses in {@link #call(ToolCall)}
     * as well. For any other principal (a channel role token, a viewer) it also decides whether the tool may be
     * called: the kernel refuses the call of an unlisted tool with {@link ErrorCode#FORBIDDEN} before it runs
     * (ADR 20). By default a tool is for the owner only; the mailbox's channel tools override this for a role.
     *
     * <p>Called on every {@code tools/list} and on every call of a non-owner, on any thread: MUST be cheap (no I/O),
     * MUST NOT throw, and must give the same answer for the same caller while the server runs (clients cache the
     * list), unless the plugin reports each change through {@link ToolListChanges#changed()}, which tells the clients.
     *
     * @param caller who asks for the list
     * @return whether to list the tool to {@code caller}; by default true for an owner or admin, false otherwise
     */
    default boolean listedFor(Principal caller) {
        return caller.kind() == Principal.Kind.OWNER || caller.kind() == Principal.Kind.ADMIN;
    }

    /**
     * What a caller the tool is not {@linkplain #listedFor listed for} can do to see it, for {@code server_info}
     * (which counts such tools per plugin and shows this). Called rarely; MUST NOT throw.
     *
     * @return one sentence, such as "set plugins.mailbox.role ... and restart the session", or null (the default)
     */
    default String unlistedHint() {
        return null;
    }

    /**
     * {@link #unlistedHint()} for one caller, when what it can do depends on who it is (a session whose configured
     * role is malformed is told that, not to set a role). Called rarely; MUST NOT throw.
     *
     * @param caller who the tool is not listed for
     * @return one sentence, or null; by default {@link #unlistedHint()}
     */
    default String unlistedHint(Principal caller) {
        return unlistedHint();
    }
}
