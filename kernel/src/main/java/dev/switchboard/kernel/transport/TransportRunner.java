package dev.switchboard.kernel.transport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.transport.Transport;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportLifecycle;
import dev.switchboard.ports.transport.TransportStatus;

/**
 * Starts the requested transports, tracks which are running, and lets the boot thread wait until the serving ends:
 * by default as soon as one transport ends on its own (stdin EOF ends {@code serve --transport stdio,http}, so the
 * HTTP port is free for the stdio client's next launch), or, when asked to keep serving, once every transport has
 * ended; and whenever the server is asked to stop (by a transport, {@link #stopRequested}, or {@link #stop()}).
 * Reports the transports' open sessions. Thread-safe.
 */
@Singleton
public final class TransportRunner implements TransportLifecycle, TransportStatus {

    private static final Logger LOG = LoggerFactory.getLogger(TransportRunner.class);

    private final Map<String, Transport> running = new ConcurrentHashMap<>();
    private final List<Transport> started = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean untilAllEnd;

    /**
     * Starts each requested transport, in order.
     *
     * @param requested   transport ids, such as {@code [stdio]}
     * @param available   transports contributed by started plugins
     * @param contextBase what to serve; its lifecycle is replaced by this runner
     * @throws TransportStartException if a requested transport is missing or fails to start (those already started
     *                                 are stopped again)
     */
    public void start(List<String> requested, List<Transport> available, TransportContext contextBase) {
        start(requested, available, contextBase, false);
    }

    /**
     * Starts each requested transport, in order.
     *
     * @param requested   transport ids, such as {@code [stdio, http]}
     * @param available   transports contributed by started plugins
     * @param contextBase what to serve; its lifecycle is replaced by this runner
     * @param untilAllEnd false: serving ends when the first transport ends on its own (stdin EOF); true: the others
     *                    keep serving until every transport has ended or the server is stopped
     * @throws TransportStartException if a requested transport is missing or fails to start (those already started
     *                                 are stopped again)
     */
    public void start(
            List<String> requested, List<Transport> available, TransportContext contextBase, boolean untilAllEnd) {
        this.untilAllEnd = untilAllEnd;
        TransportContext context = contextBase.withLifecycle(this);
        for (String id : requested) {
            Transport transport = available.stream()
                    .filter(t -> t.id().equals(id))
                    .findFirst()
                    .orElseThrow(() -> new TransportStartException("transport '" + id + "' is not available: no "
                            + "started plugin provides it (see 'switchboard doctor')"));
            try {
                running.put(id, transport);
                started.add(transport);
                transport.start(context);
                LOG.info("transport {} started", id);
            } catch (RuntimeException e) {
                running.remove(id);
                stop();
                throw new TransportStartException("transport '" + id + "' failed to start: " + e.getMessage(), e);
            }
        }
        if (running.isEmpty()) {
            finished.countDown();
        }
    }

    /**
     * @return each started transport's id and, where it has one, its address with the real port, in start order:
     *         {@code stdio}, {@code http http://127.0.0.1:43121/mcp}
     */
    public List<String> endpoints() {
        synchronized (started) {
            return started.stream()
                    .map(t -> t.id() + t.address().map(a -> " " + a).orElse(""))
                    .toList();
        }
    }

    @Override
    public Map<String, Integer> openSessions() {
        Map<String, Integer> open = new TreeMap<>();
        running.forEach((id, transport) -> transport.openSessions().ifPresent(n -> open.put(id, n)));
        return open;
    }

    /** @return the ids of the transports running now */
    public Set<String> active() {
        return Set.copyOf(running.keySet());
    }

    @Override
    public void ended(String transportId) {
        if (running.remove(transportId) != null) {
            LOG.info("transport {} ended", transportId);
        }
        if (running.isEmpty() || !untilAllEnd) {
            finished.countDown();
        }
    }

    /** Ends the serving whatever {@code untilAllEnd} says: the boot thread then stops every transport. */
    @Override
    public void stopRequested(String transportId) {
        LOG.info("transport {} asked the server to stop", transportId);
        finished.countDown();
    }

    /**
     * Blocks until the serving ended (see the class comment), a transport asked the server to stop, or
     * {@link #stop()} was called.
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public void awaitEnd() throws InterruptedException {
        finished.await();
    }

    /** Stops the running transports, last started first. Idempotent. */
    public void stop() {
        List<Transport> order;
        synchronized (started) {
            order = new ArrayList<>(started);
            started.clear();
        }
        running.clear();
        Collections.reverse(order);
        for (Transport transport : order) {
            try {
                transport.stop();
            } catch (RuntimeException e) {
                LOG.warn("transport {} did not stop cleanly", transport.id(), e);
            }
        }
        finished.countDown();
    }
}
