package dev.switchboard.testkit.distribution;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;

/**
 * A raw MCP stdio session with a running {@code switchboard serve}: lines written to its stdin, and its stdout read
 * back as raw lines (bytes, exactly as written) and as parsed JSON. Every wait is bounded by {@link #WAIT}, so a server
 * that hangs fails the test instead of blocking the build. Stderr is collected for failure messages. For one test
 * thread at a time.
 */
public final class RawSession implements AutoCloseable {

    /**
     * One stdout line.
     *
     * @param raw  the bytes as the server wrote them, without the newline
     * @param json the line parsed as JSON
     */
    public record Line(byte[] raw, JsonNode json) {}

    /**
     * The longest wait for any one answer or for the process to exit: a bound against a hang, each wait ending as soon
     * as the line or the exit comes. The first answer includes the server's start, which took over 20 s on a host at
     * load 20 with other servers starting beside it (docs/testing.md, cut 17).
     */
    public static final Duration WAIT = Duration.ofSeconds(60);

    private final Process process;
    private final OutputStream stdin;
    private final ProcessOutput output;
    private final List<Line> unclaimed = new ArrayList<>();

    RawSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.output = new ProcessOutput(process);
    }

    /**
     * Writes one line (a newline is appended) to the server's stdin.
     *
     * @param line the line, normally one JSON-RPC message
     */
    public void send(String line) {
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new AssertionError("cannot write to the server's stdin" + log(), e);
        }
    }

    /** Sends {@code initialize} and {@code notifications/initialized}, and checks the answer is a result. */
    public JsonNode initialize(long id) {
        send(Json.initialize(id));
        JsonNode answer = awaitResponse(id);
        if (!answer.has("result")) {
            throw new AssertionError("initialize failed: " + answer + log());
        }
        send(Json.initialized());
        return answer;
    }

    /**
     * @return the next stdout line as written, without its newline
     * @throws AssertionError if none arrives within {@link #WAIT} or stdout has ended
     */
    public byte[] nextRawLine() {
        byte[] line = poll();
        if (line == null) {
            throw new AssertionError("stdout ended; expected another line" + log());
        }
        return line;
    }

    /** @return the next stdout line, parsed as JSON */
    public JsonNode nextMessage() {
        if (!unclaimed.isEmpty()) {
            return unclaimed.removeFirst().json();
        }
        return parse(nextRawLine()).json();
    }

    /**
     * @param id a request id
     * @return the response with that id; other messages that arrive first are kept for later calls
     */
    public JsonNode awaitResponse(long id) {
        return awaitResponseLine(id).json();
    }

    /**
     * @param id a request id
     * @return the response with that id, as written and as parsed; other messages are kept for later calls
     */
    public Line awaitResponseLine(long id) {
        return awaitLine(
                m -> m.path("id").isIntegralNumber()
                        && m.path("id").asLong() == id
                        && (m.has("result") || m.has("error")),
                "the response to request " + id);
    }

    /**
     * @param wanted what the message must satisfy
     * @param what   a description for the failure message
     * @return the first message (earlier ones kept first) that satisfies {@code wanted}
     */
    public JsonNode awaitMessage(Predicate<JsonNode> wanted, String what) {
        return awaitLine(wanted, what).json();
    }

    private Line awaitLine(Predicate<JsonNode> wanted, String what) {
        for (Iterator<Line> it = unclaimed.iterator(); it.hasNext(); ) {
            Line line = it.next();
            if (wanted.test(line.json())) {
                it.remove();
                return line;
            }
        }
        List<Line> skipped = new ArrayList<>();
        try {
            while (true) {
                byte[] raw = poll();
                if (raw == null) {
                    throw new AssertionError("stdout ended before " + what + "; other messages: "
                            + skipped.stream().map(Line::json).toList() + log());
                }
                Line line = parse(raw);
                if (wanted.test(line.json())) {
                    return line;
                }
                skipped.add(line);
            }
        } finally {
            unclaimed.addAll(skipped);
        }
    }

    private Line parse(byte[] raw) {
        try {
            return new Line(raw, Json.parse(raw));
        } catch (RuntimeException e) {
            throw new AssertionError("stdout line is not JSON: " + new String(raw, StandardCharsets.UTF_8) + log(), e);
        }
    }

    private byte[] poll() {
        return output.next(WAIT);
    }

    /** Closes the server's stdin: the end of the session for a stdio server. */
    public void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits for the process to exit, reading the rest of stdout into the transcript.
     *
     * @return the exit status
     * @throws AssertionError if it does not exit within {@link #WAIT}
     */
    public int awaitExit() {
        try {
            if (!process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the server did not exit within " + WAIT + log());
            }
            output.awaitEnd(WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the server to exit", e);
        }
        while (poll() != null) {
            // drains the remaining lines into the transcript
        }
        return process.exitValue();
    }

    /** @return every stdout line read so far, as written */
    public List<byte[]> transcript() {
        return output.transcript();
    }

    /** @return what the server wrote to stderr so far */
    public String stderr() {
        return output.stderr();
    }

    /** @return the server's stderr, formatted to append to an assertion message */
    public String log() {
        return output.log();
    }

    /** @return the server's process id (the launcher execs the JVM, so this is the JVM) */
    public long pid() {
        return process.pid();
    }

    /** Sends SIGTERM, an orderly stop, and returns at once; {@link #awaitExit()} then gives the status. */
    public void sigterm() {
        process.destroy();
    }

    /** Sends SIGKILL, so the server can neither finish nor record anything, and returns at once. */
    public void sigkill() {
        process.destroyForcibly();
    }

    /** @return whether the process is still running */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Ends the session: closes stdin, waits for a clean exit, and kills the process if it does not come. */
    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // the process is gone already; nothing to close
        }
        try {
            if (!process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
