package dev.switchboard.plugin.transport.stdio;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions attached to the server now, and when the server leaves because none is: a shared server leaves
 * {@code idle} after the last session detached (or after its start, when none attaches), at once once drained; a
 * server that is not shared ({@code serve --http}) never leaves for this. Leaving runs {@code onLeave} once; a session
 * that attaches after that is refused. Thread-safe (every state change under this object's lock).
 */
final class AttachedSessions {

    private static final Logger LOG = LoggerFactory.getLogger(AttachedSessions.class);

    /** What {@code status} shows of one session, and what ends it. */
    record Entry(String id, long pid, String cwd, Map<String, String> shown, Instant attachedAt) {}

    private final boolean shared;
    private final Duration idle;
    private final ScheduledExecutorService timer;
    private final Runnable onLeave;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private long nextId = 1;
    private boolean draining;
    private boolean left;
    private ScheduledFuture<?> idleExit;

    /**
     * @param shared  whether the server leaves when idle
     * @param idle    how long it stays with no session; zero stays (until drained)
     * @param timer   runs the idle exit
     * @param onLeave run once when the server leaves
     */
    AttachedSessions(boolean shared, Duration idle, ScheduledExecutorService timer, Runnable onLeave) {
        this.shared = shared;
        this.idle = idle;
        this.timer = timer;
        this.onLeave = onLeave;
    }

    /** Starts the idle period of a shared server that nobody has attached to yet. */
    synchronized void start() {
        becameIdle();
    }

    /**
     * @param pid   the client's pid
     * @param cwd   the client's working directory
     * @param shown the session settings its environment gives, for {@code status}
     * @return the new session's id, such as {@code s3}
     * @throws AttachRefusal {@code UNAVAILABLE} if the server is leaving
     */
    synchronized String attach(long pid, String cwd, Map<String, String> shown) {
        if (left) {
            throw new AttachRefusal(AttachRefusal.UNAVAILABLE, "the server is stopping; start another");
        }
        if (idleExit != null) {
            idleExit.cancel(false);
            idleExit = null;
        }
        String id = "s" + nextId++;
        entries.put(id, new Entry(id, pid, cwd, Map.copyOf(shown), Instant.now()));
        return id;
    }

    /** @param id a session's id; the session ended (its client left) */
    synchronized void detach(String id) {
        if (entries.remove(id) != null && entries.isEmpty()) {
            becameIdle();
        }
    }

    /** From now on the server leaves as soon as no session is attached. */
    synchronized void drain() {
        draining = true;
        if (entries.isEmpty()) {
            becameIdle();
        }
    }

    /** @return whether {@link #drain()} was called */
    synchronized boolean draining() {
        return draining;
    }

    /** @return the sessions attached now */
    synchronized int count() {
        return entries.size();
    }

    /** @return the sessions attached now, in attach order */
    synchronized List<Entry> list() {
        return new ArrayList<>(entries.values());
    }

    /** Refuses every later attach, without running {@code onLeave} (the server is stopping anyway). */
    synchronized void close() {
        left = true;
        if (idleExit != null) {
            idleExit.cancel(false);
        }
    }

    private void becameIdle() {
        if (!shared || left) {
            return;
        }
        if (draining) {
            leave("drained, and its last session ended");
        } else if (!idle.isZero() && idleExit == null) {
            idleExit = timer.schedule(this::idleExpired, idle.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void idleExpired() {
        if (entries.isEmpty() && !left) {
            leave("no session for " + idle.toSeconds() + " s (plugins.transport-stdio.shared-idle-s)");
        }
    }

    private void leave(String why) {
        left = true;
        LOG.info("the shared server leaves: {}", why);
        timer.execute(onLeave);
    }
}
