package dev.switchboard.attach;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A stdout stand-in whose lines a test awaits one by one. */
final class Lines extends OutputStream {

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            lines.add(partial.toString(StandardCharsets.UTF_8));
            partial.reset();
        } else {
            partial.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    /** @return the next line, failing after 5 s */
    String next() throws InterruptedException {
        String line = lines.poll(5, TimeUnit.SECONDS);
        if (line == null) {
            throw new AssertionError("no line within 5 s");
        }
        return line;
    }

    /** @return the next line within the time, or null */
    String poll(Duration within) throws InterruptedException {
        return lines.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    }
}
