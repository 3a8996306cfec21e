package dev.switchboard.kernel.testplugins.routes;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.pf4j.Extension;

import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * Records the calls it is told about, as {@code tool outcome}, in a list kept in the system properties under
 * {@link #SEEN}: the plugin's class loader has its own copy of this class, so a static field would not reach the test.
 */
@Extension
public final class CountingObserver implements ToolCallObserver {
    /** The system property holding the list. */
    public static final String SEEN = "switchboard.test.observed-calls";

    /** @return the calls recorded since the last {@link #reset()} */
    @SuppressWarnings("unchecked")
    public static List<String> seen() {
        return (List<String>) System.getProperties().computeIfAbsent(SEEN, key -> new CopyOnWriteArrayList<String>());
    }

    /** Forgets every recorded call. */
    public static void reset() {
        seen().clear();
    }

    @Override
    public void started(ToolCall call) {
        // only the ends are recorded
    }

    @Override
    public void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
        seen().add(call.toolName() + " " + outcome.label());
    }
}
