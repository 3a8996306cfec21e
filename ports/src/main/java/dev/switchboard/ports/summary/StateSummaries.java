package dev.switchboard.ports.summary;

import java.util.List;

/**
 * The {@link StateSummary} contributions of every plugin past its start, in plugin-id order, as the kernel knows
 * them at the moment of the call (so one of a plugin that failed or stopped is gone at once). Injected into a plugin
 * that shows or counts other plugins' state; implemented by the kernel. Thread-safe; each call is a fresh list.
 */
public interface StateSummaries {

    /** None: for tests and tools that run without the kernel. */
    StateSummaries NONE = List::of;

    /** @return the contributions, by contributing plugin id, then in the plugin's extension order */
    List<StateSummary> contributors();
}
