package dev.switchboard.attach;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A bound on how long a shared server may take to answer on one {@link Connection}: when the time passes before
 * {@link #close()}, the connection is closed, so a read blocked on a server that accepts but never answers (a hung or
 * stopped process: the kernel accepts connections for it) ends with an {@link IOException}, which
 * {@link #check(IOException)} turns into a {@link NoAnswer}. Thread-safe; one per exchange.
 */
final class AnswerDeadline implements AutoCloseable {

    private final Duration limit;
    private final CompletableFuture<Void> timer;
    private volatile boolean expired;

    private AnswerDeadline(Connection connection, Duration limit) {
        this.limit = limit;
        this.timer = CompletableFuture.runAsync(
                () -> {
                    expired = true;
                    connection.close();
                },
                CompletableFuture.delayedExecutor(limit.toMillis(), TimeUnit.MILLISECONDS));
    }

    /**
     * @param connection the connection to close when the server has not answered in time
     * @param limit      how long it may take, from now
     * @return the started deadline; close it once the answer arrived
     */
    static AnswerDeadline start(Connection connection, Duration limit) {
        return new AnswerDeadline(connection, limit);
    }

    /**
     * @param failure what the exchange threw
     * @return a {@link NoAnswer} when the deadline closed the connection, else {@code failure} itself
     */
    IOException check(IOException failure) {
        return expired ? new NoAnswer(limit) : failure;
    }

    /** Stops the deadline: the connection stays open. */
    @Override
    public void close() {
        timer.cancel(false);
    }

    /** The server did not answer in time: it is hung or stopped, and asking it again would wait again. */
    static final class NoAnswer extends IOException {

        private static final long serialVersionUID = 1L;

        private final Duration limit;

        NoAnswer(Duration limit) {
            super("it did not answer within " + seconds(limit) + " s", null);
            this.limit = limit;
        }

        /** @return the deadline that passed */
        Duration limit() {
            return limit;
        }

        /** @return the limit in seconds, as the messages say it ({@code 2}, {@code 0.5}) */
        static String seconds(Duration limit) {
            long millis = limit.toMillis();
            return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
        }
    }
}
