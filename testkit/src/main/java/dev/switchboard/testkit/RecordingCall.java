package dev.switchboard.testkit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequestException;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.tool.ToolCall;

/**
 * The client side of tool calls, for a tool's tests: the log messages, progress reports and client requests a tool
 * makes are recorded in order, the client answers requests with a function the test chooses (or declares no
 * capability at all), and the test can raise the cancellation signal. Thread-safe: a tool may report from any thread.
 *
 * <pre>{@code
 * RecordingCall client = RecordingCall.withClient(request -> Map.of("action", "accept", "content", Map.of()));
 * ToolResult result = bed.call(client.call("notes_confirm", Map.of("id", 1)));
 * assertThat(client.requests()).singleElement().extracting(RecordingCall.Request::capability)
 *         .isEqualTo(ClientRequests.Capability.ELICITATION);
 * }</pre>
 */
public final class RecordingCall implements LogSink, ProgressReporter, ClientRequests, Cancellation {

    /**
     * One log message the tool sent.
     *
     * @param level  its level
     * @param logger its logger name, or null
     * @param data   its JSON data
     */
    public record Log(LogLevel level, String logger, Object data) {}

    /**
     * One progress report the tool sent.
     *
     * @param progress how far, in the tool's units
     * @param total    out of how much, or null
     * @param message  what it is doing, or null
     */
    public record Progress(double progress, Double total, String message) {}

    /**
     * One request the tool sent to the client.
     *
     * @param capability sampling or elicitation
     * @param params     the request's params
     * @param timeout    how long the tool would wait
     */
    public record Request(Capability capability, Map<String, Object> params, Duration timeout) {}

    private final List<Log> logs = new CopyOnWriteArrayList<>();
    private final List<Progress> reports = new CopyOnWriteArrayList<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Runnable> onCancel = new CopyOnWriteArrayList<>();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final List<Capability> capabilities;
    private final Function<Request, Map<String, Object>> client;

    private RecordingCall(List<Capability> capabilities, Function<Request, Map<String, Object>> client) {
        this.capabilities = capabilities;
        this.client = client;
    }

    /** @return a call whose client declares nothing */
    public static RecordingCall withoutClientCapabilities() {
        return new RecordingCall(List.of(), request -> {
            throw new AssertionError("no request expected");
        });
    }

    /**
     * @param client answers each request
     * @return a call whose client declares sampling and elicitation and answers with {@code client}
     */
    public static RecordingCall withClient(Function<Request, Map<String, Object>> client) {
        return new RecordingCall(List.of(Capability.values()), client);
    }

    /**
     * @param failure the message of the {@link ClientRequestException} every request gets
     * @return a call whose client declares sampling and elicitation and fails every request
     */
    public static RecordingCall withFailingClient(String failure) {
        return withClient(request -> {
            throw new ClientRequestException(failure);
        });
    }

    /**
     * @param tool      the tool's wire name
     * @param arguments the arguments object
     * @return a call by the local owner, correlation id {@code test-correlation}, whose channels are this recorder
     */
    public ToolCall call(String tool, Map<String, Object> arguments) {
        return new ToolCall(
                tool, arguments, Principal.LOCAL_OWNER, "test-correlation", Map.of(), this, this, this, this);
    }

    /** @return the log messages so far, in order */
    public List<Log> logs() {
        return List.copyOf(logs);
    }

    /** @return the progress reports so far, in order */
    public List<Progress> reports() {
        return List.copyOf(reports);
    }

    /** @return the client requests so far, in order */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Raises the cancellation signal and runs the actions registered with {@link #onCancel}. */
    public void cancel() {
        cancelled.set(true);
        onCancel.forEach(Runnable::run);
    }

    @Override
    public void log(LogLevel level, String logger, Object data) {
        logs.add(new Log(level, logger, data));
    }

    @Override
    public void report(double progress, Double total, String message) {
        reports.add(new Progress(progress, total, message));
    }

    @Override
    public boolean supports(Capability capability) {
        return capabilities.contains(capability);
    }

    @Override
    public Map<String, Object> send(Capability capability, Map<String, Object> params, Duration timeout) {
        Request request = new Request(capability, params, timeout);
        requests.add(request);
        return client.apply(request);
    }

    @Override
    public boolean isCancelled() {
        return cancelled.get();
    }

    @Override
    public void onCancel(Runnable action) {
        onCancel.add(action);
        if (cancelled.get()) {
            action.run();
        }
    }
}
