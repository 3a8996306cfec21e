package dev.switchboard.plugin.workspace.application;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;

/**
 * The {@code bash} commands of this process, in memory, for the owner's board: those running (with an abort the
 * owner may raise) and the last {@value #RECENT} that ended, each with its workspace, command line, start, status,
 * duration and exit code. Command lines are kept here only, never stored (receipts hold no command text). Every
 * change is announced through {@link ActivitySignal} after the state changed, so a reader woken by it sees it.
 * Thread-safe: one monitor guards both lists.
 */
@Singleton
public final class CommandActivity {

    /** How many ended commands are remembered. */
    public static final int RECENT = 20;

    private final ActivitySignal signal;
    private final Map<String, Running> running = new LinkedHashMap<>();
    private final Deque<Command> recent = new ArrayDeque<>();

    @Inject
    CommandActivity(ActivitySignal signal) {
        this.signal = signal;
    }

    /**
     * One command as the board shows it.
     *
     * @param id          its id (a UUID), the abort's target while it runs
     * @param workspaceId its workspace
     * @param command     its command line, as given
     * @param startedAt   when it started
     * @param status      {@code running}, {@code completed}, {@code failed}, {@code timed out}, {@code aborted}
     *                    (by the owner), {@code cancelled} (its call was cancelled or its workspace closed) or
     *                    {@code not started}
     * @param duration    how long it ran, or null while it runs
     * @param exitCode    its exit code, or null while it runs or when it was killed or never started
     */
    public record Command(
            String id,
            String workspaceId,
            String command,
            Instant startedAt,
            String status,
            Duration duration,
            Integer exitCode) {}

    /**
     * What runs now and what ended last.
     *
     * @param running the running commands, oldest first
     * @param recent  the ended ones, newest first, at most {@value #RECENT}
     */
    public record Snapshot(List<Command> running, List<Command> recent) {}

    /**
     * @param workspaceId the command's workspace
     * @param command     its command line
     * @return the running command, to end with {@link Running#ended} or {@link Running#discard}
     */
    Running start(String workspaceId, String command) {
        Running started = new Running(UUID.randomUUID().toString(), workspaceId, command, Instant.now());
        synchronized (this) {
            running.put(started.id, started);
        }
        signal.changed();
        return started;
    }

    /**
     * Aborts a running command: its processes are killed as for a cancelled call.
     *
     * @param id a command's id
     * @return whether a running command had that id
     */
    public boolean abort(String id) {
        Running found;
        synchronized (this) {
            found = running.get(id);
        }
        if (found == null) {
            return false;
        }
        found.abort.raise();
        return true;
    }

    /** @return the running and the recent commands */
    public synchronized Snapshot snapshot() {
        return new Snapshot(running.values().stream().map(Running::shown).toList(), new ArrayList<>(recent));
    }

    /** A command while it runs. */
    final class Running {
        private final String id;
        private final String workspaceId;
        private final String command;
        private final Instant startedAt;
        private final RaisedOnce abort = new RaisedOnce();

        private Running(String id, String workspaceId, String command, Instant startedAt) {
            this.id = id;
            this.workspaceId = workspaceId;
            this.command = command;
            this.startedAt = startedAt;
        }

        /** @return raised when the owner aborts the command */
        RaisedOnce abort() {
            return abort;
        }

        /** @return whether the owner aborted it */
        boolean aborted() {
            return abort.isCancelled();
        }

        /**
         * Records how the command ended and announces it; later calls do nothing.
         *
         * @param status   see {@link Command#status()}
         * @param exitCode its exit code, or null
         */
        void ended(String status, Integer exitCode) {
            Command done = new Command(
                    id, workspaceId, command, startedAt, status, Duration.between(startedAt, Instant.now()), exitCode);
            synchronized (CommandActivity.this) {
                if (running.remove(id) == null) {
                    return;
                }
                recent.addFirst(done);
                while (recent.size() > RECENT) {
                    recent.removeLast();
                }
            }
            signal.changed();
        }

        /** Forgets a command that never ran (its key was replayed, its workspace was not open); no-op once ended. */
        void discard() {
            boolean removed;
            synchronized (CommandActivity.this) {
                removed = running.remove(id) != null;
            }
            if (removed) {
                signal.changed();
            }
        }

        private Command shown() {
            return new Command(id, workspaceId, command, startedAt, "running", null, null);
        }
    }
}
