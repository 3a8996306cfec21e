package dev.switchboard.attach;

import java.io.IOException;
import java.time.Duration;

/**
 * Establishes a session's connection: a live server of the target's key (started when none runs,
 * {@link ServerStarter}), then the session hello. A server that closes before answering (one exiting after its idle
 * period just as this client connected) is tried again, up to three times; one that does not answer within
 * {@link #HELLO_DEADLINE} is not, and the session falls back to in-process. Immutable; thread-safe.
 *
 * @param starter what connects or starts the server
 * @param hello   the session's hello line
 */
record SessionAttacher(ServerStarter starter, byte[] hello) implements Relay.Establisher {

    private static final int ATTEMPTS = 3;

    /**
     * How long a shared server may take to answer the session hello. A server that does not (hung, or stopped with
     * SIGSTOP: its socket still accepts) holds its key's lock, so no other can start for the key: the session is served
     * in-process instead (exit {@value AttachMain#IN_PROCESS}, one stderr line), as when the socket cannot be used.
     */
    static final Duration HELLO_DEADLINE = Duration.ofSeconds(5);

    /** The refusal code of a session whose own settings cannot serve it (the server's {@code SessionCheck}s). */
    static final String INVALID_SETTING = "INVALID_SETTING";

    @Override
    public Connection establish() throws AttachFailure {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Connection connection = starter.connect();
            try {
                Hello.Answer answer = Hello.exchange(connection, hello, HELLO_DEADLINE);
                if (answer.ok()) {
                    return connection;
                }
                connection.close();
                if (INVALID_SETTING.equals(answer.code())) {
                    // the session's own settings can never serve it; in-process would refuse it the same way
                    throw AttachFailure.refused(answer.message());
                }
                throw new AttachFailure(
                        "the shared server refused the session: " + answer.code() + ": " + answer.message(), true);
            } catch (AnswerDeadline.NoAnswer e) {
                // hung (its lock held, so no new server can start for this key): asking again would wait again
                throw new AttachFailure(
                        "the shared server did not answer the hello within "
                                + AnswerDeadline.NoAnswer.seconds(HELLO_DEADLINE) + " s (hung or stopped? `switchboard"
                                + " server status` lists it)",
                        true);
            } catch (IOException e) {
                connection.close();
                last = e;
            }
        }
        throw new AttachFailure("the shared server did not answer the hello: " + last.getMessage(), true);
    }
}
