package dev.switchboard.ports.summary;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a feature plugin contributes what the server's owner and a session should see of its
 * state, read-only: an {@linkplain #overview overview} for the owner (the mailbox board's index renders it next to
 * the channels, escaped, as a table) and the {@linkplain #actionable actionable counters} of the session this process
 * serves, as the plugin's own settings name it (the mailbox's {@code status} command and stop hook add them to the
 * mailbox's counters). The kernel lists the contributions of every plugin past its start to whoever injects
 * {@link StateSummaries}; a contribution of a plugin that fails or stops is gone at once.
 *
 * <p>Implementations MUST be thread-safe (the board asks on each request's virtual thread), MUST only read (a summary
 * is asked for on every board page and at every turn end of a session), SHOULD answer in a bounded number of queries
 * (one per call, not one per item) and bounded size (at most {@code limit} items, the rest counted in
 * {@link SummarySection#more()}). They may be asked in a process where only the storage is open: by a subcommand that
 * starts the storage alone, with the plugin's injector built but its migrations not applied and its services not
 * started. What they throw is the asker's to report (the board shows the section as unavailable, a hook passes with a
 * warning); it must not hold a secret.
 *
 * <p>The board (ADR 67) shows a contributor's {@linkplain #sections sections} (typed cells: text, moments, owner
 * actions), re-reads them when one of its {@linkplain #changeTopics change topics} is signalled, and hands an owner's
 * checked action to {@link #perform}: the one method that may change state, called only for the server's owner after
 * the board has checked the request (CSRF token, same origin; never for a view key).
 */
public interface StateSummary extends ExtensionPoint {

    /**
     * @param limit the most items (rows' groups, such as projects) to list, at least 1
     * @return the owner's overview of this plugin's state, with the items past {@code limit} counted
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read
     */
    SummarySection overview(int limit);

    /**
     * @return the actionable counters of the session this process serves, zeros included, in a stable order; empty
     *         when the plugin's settings name no session (such as handoff without {@code plugins.handoff.consumer})
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read
     */
    List<ActionableCount> actionable();

    /**
     * The owner's board view of this plugin's state: by default the {@link #overview} as text. A contributor with
     * more to show (timelines, running work, actions) answers several sections, each bounded by {@code limit}.
     *
     * @param limit the most items per section, at least 1
     * @return the sections, in the order to show them
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read
     */
    default List<BoardSection> sections(int limit) {
        return List.of(BoardSection.of(overview(limit)));
    }

    /**
     * @return the {@link dev.switchboard.ports.signal.ChangeSignals} topics published when what {@link #sections}
     *         shows changes, so a live board re-reads it; empty (the default) when it has none
     */
    default List<String> changeTopics() {
        return List.of();
    }

    /**
     * Takes an owner's action that one of this contributor's {@link BoardCell.Action} cells offered. Called only
     * after the asker has established that the server's owner asked, on purpose (the board: owner credentials, a
     * valid CSRF token, a same-origin request). Must not throw for an unknown or stale target.
     *
     * @param action the action's name
     * @param target what it acts on
     * @return {@link ActionResult#UNKNOWN} (the default) when the action is not this contributor's
     */
    default ActionResult perform(String action, String target) {
        return ActionResult.UNKNOWN;
    }
}
