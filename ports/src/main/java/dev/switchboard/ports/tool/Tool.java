package dev.switchboard.ports.tool;

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
}
