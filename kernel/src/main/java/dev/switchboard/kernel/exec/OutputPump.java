package dev.switchboard.kernel.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one output stream of a process to its end on its own platform (daemon) thread: keeps the first {@code capBytes} bytes in
 * memory, drains and counts the rest, and hands every chunk to the sink. Reading on until EOF, rather than stopping at
 * the cap, keeps the process from blocking on a full pipe.
 *
 * <p>Thread-safe: {@link #capture()} may be called while the pump still runs (when a pipe is held open by a process
 * that could not be killed), and then returns what has arrived so far.
 */
final class OutputPump {

    private static final Logger LOG = LoggerFactory.getLogger(OutputPump.class);
    private static final int CHUNK = 8192;
    /** A pump's call depth is a read loop; the default stack (1 MiB or the launcher's -Xss) is far more. */
    private static final long PUMP_STACK_BYTES = 256 * 1024;

    private final InputStream in;
    /** How long {@link #start} waits for the pump to hold the stream. */
    private static final Duration HOLD_WAIT = Duration.ofSeconds(1);

    private final int capBytes;
    private final OutputSink sink;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final CountDownLatch holding = new CountDownLatch(1);
    private boolean truncated;

    private OutputPump(InputStream in, int capBytes, OutputSink sink) {
        this.in = in;
        this.capBytes = capBytes;
        this.sink = sink;
    }

    /**
     * @param name names the thread, for thread dumps
     * @return the running pump
     */
    static OutputPump start(String name, InputStream in, int capBytes, OutputSink sink) {
        OutputPump pump = new OutputPump(in, capBytes, sink);
        // A platform thread, not a virtual one: a read of a named pipe blocks in the kernel and would hold its carrier
        // thread, and with both pumps of a run blocked a caller on a virtual thread could wait for a free carrier
        // until the command ended (seen with 2 carriers on 2 cores).
        Thread.ofPlatform().daemon().name(name).stackSize(PUMP_STACK_BYTES).start(pump::pump);
        pump.awaitHolding();
        return pump;
    }

    /**
     * Waits (up to {@link #HOLD_WAIT}) until the pump holds the stream's monitor. This matters only for the JDK's
     * process pipes, used where {@link Fifos} is not available: a process exiting right after its start (a shell
     * that backgrounds a child and exits) then finds its pipe held by the pump instead of having it drained and
     * closed by the JDK (see {@link #pump}); under a heavily loaded host the pump thread may still start later
     * than the process exits, so the wait narrows that window without closing it. The FIFOs of {@link OutputFifos}
     * have no such window.
     */
    private void awaitHolding() {
        boolean interrupted = false;
        long deadline = System.nanoTime() + HOLD_WAIT.toNanos();
        while (true) {
            try {
                if (holding.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                        || System.nanoTime() >= deadline) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return completes when the stream has reached its end (or failed); never completes exceptionally */
    CompletableFuture<Void> done() {
        return done;
    }

    /** @return the bytes kept so far, decoded, and whether more arrived than the cap */
    synchronized CapturedText capture() {
        return new CapturedText(Utf8.decode(kept.toByteArray(), truncated), truncated);
    }

    private void pump() {
        byte[] buffer = new byte[CHUNK];
        // The stream's monitor is held for the whole reading. When the process exits, the JDK drains and closes a
        // process pipe that no reader is inside at that moment (ProcessPipeInputStream.processExited, synchronized on
        // the stream); a descendant still holding the pipe then went unnoticed or not depending on timing. Holding
        // the monitor keeps the real pipe read to its end, every time.
        synchronized (in) {
            holding.countDown();
            pumpHoldingTheStream(buffer);
        }
    }

    private void pumpHoldingTheStream(byte[] buffer) {
        try (in) {
            int read;
            while ((read = in.read(buffer)) != -1) {
                keep(buffer, read);
                sink.write(buffer, 0, read);
            }
        } catch (IOException e) {
            // The stream is closed under us when the process is torn down; what arrived so far still counts.
            LOG.debug("Output stream ended with {}", e.toString());
        } finally {
            done.complete(null);
        }
    }

    private synchronized void keep(byte[] buffer, int read) {
        int room = capBytes - kept.size();
        int take = Math.min(room, read);
        if (take > 0) {
            kept.write(buffer, 0, take);
        }
        if (read > take) {
            truncated = true;
        }
    }

    /**
     * Captured output of one stream.
     *
     * @param text      the kept bytes as UTF-8, malformed input replaced
     * @param truncated whether bytes beyond the cap were dropped
     */
    record CapturedText(String text, boolean truncated) {}
}
