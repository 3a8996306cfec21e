package dev.switchboard.plugin.transport.stdio;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * Writes one JSON message per line, UTF-8, flushing each. Writes from many threads are serialised, so lines never
 * interleave. The JSON comes from the bridge's mapper ({@link McpServerAssembly#writeJson}): valid UTF-8, no raw
 * newline. Each message is serialised first, outside the lock, into a buffer of the writing thread's, so one that
 * cannot be serialised leaves nothing behind. Thread-safe.
 */
final class LineWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LineWriter.class);
    /** A buffer grown beyond this by a large message is dropped afterwards rather than kept for the session. */
    private static final int KEPT_BUFFER_BYTES = 1024 * 1024;

    private static final ThreadLocal<ByteArrayOutputStream> BUFFERS =
            ThreadLocal.withInitial(() -> new ByteArrayOutputStream(16 * 1024));

    private final OutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    LineWriter(OutputStream out) {
        this.out = new BufferedOutputStream(out, 64 * 1024);
    }

    /**
     * @param json an SDK JSON-RPC record or a JSON object of JDK types
     * @throws IOException if the message cannot be serialised or written, or the writer is closed
     */
    void write(Object json) throws IOException {
        ByteArrayOutputStream message = BUFFERS.get();
        message.reset();
        try {
            McpServerAssembly.writeJson(message, json);
            lock.lock();
            try {
                if (closed) {
                    throw new IOException("the stdio output is closed");
                }
                message.writeTo(out);
                out.write('\n');
                out.flush();
            } finally {
                lock.unlock();
            }
        } finally {
            if (message.size() > KEPT_BUFFER_BYTES) {
                BUFFERS.remove();
            }
        }
    }

    /** Flushes and closes the output; later writes fail. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
        } catch (IOException e) {
            LOG.debug("closing the stdio output failed", e);
        } finally {
            lock.unlock();
        }
    }
}
