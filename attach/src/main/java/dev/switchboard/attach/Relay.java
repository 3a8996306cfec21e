package dev.switchboard.attach;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Relays one MCP session between stdio and a shared server, lines unchanged, and survives the server's death.
 * Two threads: a daemon thread pumps stdin to the current connection (or, while none is up, into a
 * buffer); the calling thread relays the server's lines to stdout and, when the connection ends while stdin is open,
 * answers every request in flight with {@code UNAVAILABLE} ({@link Replies#unavailable}), connects again (starting a
 * server), replays the session ({@link MessageTracker#replay}: {@code initialize} under a private id, waiting for its
 * swallowed answer, then {@code notifications/initialized}, the log level and the subscriptions), sends the buffered
 * lines and goes on. The end of stdin shuts the socket's output; the run ends when the server then closes. A failed
 * write to stdout (the MCP client is gone) ends it at once. Single use.
 */
final class Relay {

    /** The message of the {@code UNAVAILABLE} answers. */
    static final String GONE = "the shared Switchboard server went away while this request ran, so whether it took"
            + " effect is unknown; the session is re-established on a new server: call again (a write with a request"
            + " key or idempotency key replays, never runs twice)";

    private static final int REPLAY_ATTEMPTS = 3;

    private final Establisher establisher;
    private final MessageTracker tracker;
    private final InputStream stdin;
    private final OutputStream stdout;
    private final Consumer<String> diagnostics;

    private final Object lock = new Object();
    private final Deque<byte[]> pending = new ArrayDeque<>();
    private Connection current;
    private boolean stdinClosed;

    /**
     * @param establisher what connects (or starts a server) and exchanges the hello
     * @param tracker     the session's tracker
     * @param stdin       the MCP client's messages
     * @param stdout      where the server's messages go; buffered here, flushed when no further line is waiting
     * @param diagnostics where the one line of a fatal failure goes (stderr)
     */
    Relay(
            Establisher establisher,
            MessageTracker tracker,
            InputStream stdin,
            OutputStream stdout,
            Consumer<String> diagnostics) {
        this.establisher = establisher;
        this.tracker = tracker;
        this.stdin = stdin;
        this.stdout = new BufferedOutputStream(stdout, 64 * 1024);
        this.diagnostics = diagnostics;
    }

    /**
     * Relays until the session ends.
     *
     * @param first the first connection, hello done
     * @return the exit status: 0 when stdin ended and the server closed, or the MCP client went away; 1 when no server
     *     could be reached again after one went away (the diagnostics line says why)
     */
    int run(Connection first) {
        synchronized (lock) {
            current = first;
        }
        Thread pump = new Thread(this::pumpStdin, "attach-stdin");
        pump.setDaemon(true);
        pump.start();
        Connection connection = first;
        try {
            while (true) {
                relayAnswers(connection);
                connection.close();
                List<byte[]> answers;
                boolean ended;
                synchronized (lock) {
                    current = null;
                    answers = tracker.disconnected(GONE);
                    ended = stdinClosed;
                }
                for (byte[] answer : answers) {
                    toClient(answer, 0, answer.length);
                }
                flush();
                if (ended) {
                    return 0;
                }
                try {
                    connection = reconnect();
                } catch (AttachFailure failure) {
                    diagnostics.accept(failure.getMessage());
                    return 1;
                }
                resume(connection);
            }
        } catch (ClientGone gone) {
            connection.close();
            return 0;
        }
    }

    /** Relays the server's lines until the connection ends (its end or any error). */
    private void relayAnswers(Connection connection) {
        LineReader in = connection.reader();
        try {
            while (in.next()) {
                if (in.isBlank()) {
                    continue;
                }
                if (tracker.fromServer(Message.parse(in.buffer(), in.offset(), in.length()))) {
                    toClient(in.buffer(), in.offset(), in.length());
                }
                if (!in.hasBufferedLine()) {
                    flush();
                }
            }
        } catch (IOException e) {
            // the connection broke: handled as its end
        }
        flush();
    }

    private Connection reconnect() throws AttachFailure {
        IOException last = null;
        for (int attempt = 0; attempt < REPLAY_ATTEMPTS; attempt++) {
            Connection connection = establisher.establish();
            try {
                replay(connection);
                return connection;
            } catch (IOException e) {
                connection.close();
                last = e;
                tracker.disconnected(GONE);
            }
        }
        throw new AttachFailure("cannot re-establish the session on a new shared server: " + last.getMessage(), false);
    }

    private void replay(Connection connection) throws IOException {
        MessageTracker.Replay replay = tracker.replay();
        if (replay.initialize() == null) {
            return;
        }
        connection.writeLine(replay.initialize());
        LineReader in = connection.reader();
        boolean answered = false;
        while (!answered) {
            if (!in.next()) {
                throw new IOException("the new server closed the connection during the replayed initialize");
            }
            List<Message> messages = Message.parse(in.buffer(), in.offset(), in.length());
            answered = messages.stream().anyMatch(m -> m.isResponse() && m.id().equals(replay.initializeId()));
            if (tracker.fromServer(messages)) {
                toClient(in.buffer(), in.offset(), in.length());
            }
        }
        flush();
        for (byte[] line : replay.after()) {
            connection.writeLine(line);
        }
    }

    /** Sends what the MCP client wrote meanwhile, then lets the stdin pump write again. */
    private void resume(Connection connection) {
        synchronized (lock) {
            while (!pending.isEmpty()) {
                byte[] line = pending.poll();
                send(connection, line, 0, line.length);
            }
            current = connection;
            if (stdinClosed) {
                connection.shutdownOutput();
            }
        }
    }

    private void pumpStdin() {
        LineReader in = new LineReader(stdin);
        try {
            while (in.next()) {
                if (in.isBlank()) {
                    continue;
                }
                synchronized (lock) {
                    if (current == null) {
                        pending.add(Arrays.copyOfRange(in.buffer(), in.offset(), in.offset() + in.length()));
                    } else {
                        send(current, in.buffer(), in.offset(), in.length());
                    }
                }
            }
        } catch (IOException e) {
            // stdin broke: handled as its end
        }
        synchronized (lock) {
            stdinClosed = true;
            if (current != null) {
                current.shutdownOutput();
            }
        }
    }

    /** Tracks and writes one client line; the caller holds the lock. */
    private void send(Connection connection, byte[] line, int offset, int length) {
        List<Message> messages = Message.parse(line, offset, length);
        if (tracker.answersAGoneServer(messages)) {
            return;
        }
        tracker.fromClient(messages, line, offset, length);
        try {
            connection.writeLine(line, offset, length);
        } catch (IOException e) {
            // the connection broke: the relaying thread sees its end and answers this request UNAVAILABLE
        }
    }

    private void toClient(byte[] line, int offset, int length) {
        try {
            stdout.write(line, offset, length);
            stdout.write('\n');
        } catch (IOException e) {
            throw new ClientGone(e);
        }
    }

    private void flush() {
        try {
            stdout.flush();
        } catch (IOException e) {
            throw new ClientGone(e);
        }
    }

    /** Connects to a live shared server (starting one when needed) and exchanges the session's hello. */
    @FunctionalInterface
    interface Establisher {
        /**
         * @return a connection whose hello the server accepted
         * @throws AttachFailure if no server can be reached or it refuses
         */
        Connection establish() throws AttachFailure;
    }

    /** Stdout failed: the MCP client is gone. */
    private static final class ClientGone extends UncheckedIOException {

        private static final long serialVersionUID = 1L;

        ClientGone(IOException cause) {
            super(cause);
        }
    }
}
