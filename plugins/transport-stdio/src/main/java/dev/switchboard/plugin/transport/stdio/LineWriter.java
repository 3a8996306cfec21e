package dev.switchboard.plugin.transport.stdio;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.McpJsonMapper;

/**
 * Writes one JSON message per line, UTF-8, flushing each. Writes from many threads are serialised, so lines never
 * interleave. The JSON comes from the bridge's mapper as bytes: valid UTF-8, no raw newline. Thread-safe.
 */
final class LineWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LineWriter.class);

    private final OutputStream out;
    private final McpJsonMapper mapper;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    LineWriter(OutputStream out, McpJsonMapper mapper) {
        this.out = new BufferedOutputStream(out, 64 * 1024);
        this.mapper = mapper;
    }

    /**
     * @param message an SDK JSON-RPC record or a JSON object of JDK types
     * @throws IOException if the message cannot be serialised or written, or the writer is closed
     */
    void write(Object message) throws IOException {
        byte[] json = mapper.writeValueAsBytes(message);
        lock.lock();
        try {
            if (closed) {
                throw new IOException("the stdio output is closed");
            }
            out.write(json);
            out.write('\n');
            out.flush();
        } finally {
            lock.unlock();
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
