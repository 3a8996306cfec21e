package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** What an operator reads about an outage: one line when it starts, one when it ends. */
class OutageLogTest {

    private static final String URL = "jdbc:postgresql://db.internal:5432/sb";

    private final List<String> lines = new ArrayList<>();
    private final AtomicLong now = new AtomicLong();
    private final OutageLog outages = new OutageLog(URL, Duration.ofSeconds(1), now::get, lines::add);

    @Test
    void failuresOfEveryConnectionDuringOneOutageAreOneLineAndTheFirstAnswerAnother() {
        outages.answered();
        outages.failed("a transaction", "Connection refused");
        now.addAndGet(1_500_000_000L);
        outages.failed("the change-signal listener", "Connection refused");
        outages.failed("a transaction", "Connection refused");
        outages.failed("the change-signal notifier", "Connection refused");

        outages.answered();
        now.addAndGet(1_000_000_000L);
        outages.answered();

        assertThat(lines)
                .containsExactly(
                        "PostgreSQL at " + URL + " is unreachable (a transaction: Connection refused); calls that"
                                + " need it answer UNAVAILABLE until it answers again",
                        "PostgreSQL at " + URL + " answers again after 1500 ms (failures meanwhile: 4)");
        assertThat(outages.down()).isFalse();
    }

    @Test
    void answersAndFailuresAlternatingWhileARestartSettlesAreOneOutage() {
        outages.failed("the change-signal listener", "terminating connection due to administrator command");
        now.addAndGet(86_000_000L);
        outages.answered(); // a transaction that raced the shutdown
        now.addAndGet(6_000_000_000L);
        outages.failed("a transaction", "Connection refused");
        now.addAndGet(700_000_000L);
        outages.answered(); // the server is back
        now.addAndGet(300_000_000L);
        outages.failed("a transaction", "request timed out after 1000ms"); // waited across the restart
        now.addAndGet(200_000_000L);
        outages.answered();
        now.addAndGet(799_000_000L);
        outages.answered();

        assertThat(lines).hasSize(1);
        assertThat(outages.down()).isTrue();

        now.addAndGet(1_000_000L);
        outages.answered();

        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).endsWith("answers again after 7286 ms (failures meanwhile: 3)");
        assertThat(outages.down()).isFalse();
    }

    @Test
    void aSecondOutageIsReportedAgain() {
        outages.failed("a transaction", "gone");
        now.addAndGet(1_000_000_000L);
        outages.answered();
        outages.failed("a transaction", "gone again");

        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).contains("gone again");
        assertThat(outages.down()).isTrue();
    }

    @Test
    void onlyALostOrRefusedConnectionCountsAsAnOutageNotATimeoutOrAnExhaustedPool() {
        assertThat(Failure.isConnectionLoss(new SQLException("refused", "08001")))
                .isTrue();
        assertThat(Failure.isConnectionLoss(new SQLException("shutting down", "57P01")))
                .isTrue();
        assertThat(Failure.isConnectionLoss(new SQLTransientConnectionException("pool timed out", "08001")))
                .isTrue();
        assertThat(Failure.isConnectionLoss(new SQLTransientConnectionException("pool timed out")))
                .as("an exhausted pool on a server that answers")
                .isFalse();
        assertThat(Failure.isConnectionLoss(new SQLException("lock timeout", "55P03")))
                .isFalse();
        assertThat(Failure.isConnectionLoss(new SQLException("statement timeout", "57014")))
                .isFalse();
    }
}
