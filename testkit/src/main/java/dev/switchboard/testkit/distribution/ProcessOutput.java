package dev.switchboard.testkit.distribution;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads a process's stdout as raw lines (split at {@code \n}, bytes kept exactly as written) and collects its stderr
 * as text, each on a thread of its own so that neither pipe fills up and blocks the process. Lines are handed out
 * once, in order, and remembered in a transcript. {@link #next(Duration)} is for one consumer thread.
 */
final class ProcessOutput {

    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
    private final List<byte[]> transcript = new ArrayList<>();
    private final StringBuffer stderr = new StringBuffer();
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private boolean ended;

    ProcessOutput(Process process) {
        this.stdoutReader = Thread.ofPlatform()
                .daemon()
                .name("switchboard-stdout")
                .start(() -> readLines(process.getInputStream()));
        this.stderrReader =
                Thread.ofPlatform().daemon().name("switchboard-stderr").start(() -> readText(process.getErrorStream()));
    }

    private void readLines(InputStream stdout) {
        try (InputStream in = stdout) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != -1; b = in.read()) {
                if (b == '\n') {
                    lines.add(line.toByteArray());
                    line.reset();
                } else {
                    line.write(b);
                }
            }
            if (line.size() > 0) {
                lines.add(line.toByteArray());
            }
        } catch (IOException e) {
            stderr.append("[test] reading stdout failed: ").append(e).append('\n');
        } finally {
            lines.add(END);
        }
    }

    private void readText(InputStream errors) {
        try (InputStream in = errors) {
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                stderr.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            stderr.append("[test] reading stderr failed: ").append(e).append('\n');
        }
    }

    /**
     * @param wait the longest wait
     * @return the next stdout line, or null when stdout has ended
     * @throws AssertionError if no line arrives within {@code wait}
     */
    byte[] next(Duration wait) {
        if (ended) {
            return null;
        }
        byte[] line;
        try {
            line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the server", e);
        }
        if (line == null) {
            throw new AssertionError("no line on stdout within " + wait + log());
        }
        if (line == END) {
            ended = true;
            return null;
        }
        synchronized (transcript) {
            transcript.add(line);
        }
        return line;
    }

    /** Waits for both pipes to be read to their end (after the process has exited). */
    void awaitEnd(Duration wait) throws InterruptedException {
        stdoutReader.join(wait.toMillis());
        stderrReader.join(wait.toMillis());
    }

    /** @return every stdout line handed out so far */
    List<byte[]> transcript() {
        synchronized (transcript) {
            return List.copyOf(transcript);
        }
    }

    /** @return what the process wrote to stderr so far */
    String stderr() {
        return stderr.toString();
    }

    /** @return stderr, formatted to append to an assertion message */
    String log() {
        return "\n--- server stderr ---\n" + stderr;
    }
}
