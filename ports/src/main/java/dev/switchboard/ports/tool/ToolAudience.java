package dev.switchboard.ports.tool;

import dev.switchboard.ports.call.Principal;

/**
 * Who a tool built on its first call ({@link BuiltOnFirstCall}) is listed to, decided before the tool exists: what
 * {@link Tool#listedFor} and {@link Tool#unlistedHint(Principal)} answer for it until it is built, and after. Built
 * once by the plugin's injector (so it may inject what it needs, such as a resolver of who has a role), when the tool
 * is first listed. The same contract as {@link Tool#listedFor}: cheap, no I/O, never throws, thread-safe.
 */
public interface ToolAudience {

    /**
     * @param caller who asks for the list
     * @return whether to list the tool to {@code caller}
     */
    boolean listedFor(Principal caller);

    /**
     * @param caller who the tool is not listed for
     * @return what that caller can do to see it, one sentence, or null (the default)
     */
    default String unlistedHint(Principal caller) {
        return null;
    }
}
