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
        // Whole runs between newlines at once: a 40 MB line byte by byte took seconds of the 5 s bound below.
        int start = offset;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (bytes[i] == '\n') {
                partial.write(bytes, start, i - start);
                lines.add(partial.toString(StandardCharsets.UTF_8));
                partial.reset();
                start = i + 1;
            }
        }
        partial.write(bytes, start, end - start);
    }

    /** @return the next line, failing after 5 s */
    String next() throws InterruptedException {
        return next(Duration.ofSeconds(5));
    }

    /**
     * @param within how long a line may take, a bound against a hang (not a speed the test asserts)
     * @return the next line, failing after that long
     */
    String next(Duration within) throws InterruptedException {
        String line = lines.poll(within.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line within " + within);
        }
        return line;
    }

    /** @return the next line within the time, or null */
    String poll(Duration within) throws InterruptedException {
        return lines.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    }
}
