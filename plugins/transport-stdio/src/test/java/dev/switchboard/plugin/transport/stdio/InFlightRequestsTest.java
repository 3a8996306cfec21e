package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class InFlightRequestsTest {

    private final InFlightRequests requests = new InFlightRequests();

    @Test
    void isIdleAtOnceWithoutRequests() {
        assertThat(requests.awaitIdle(Duration.ofMillis(10))).isTrue();
    }

    @Test
    void aSecondWaitAfterATimeoutStillWaitsForTheRequestToEnd() throws Exception {
        requests.begin();

        assertThat(requests.awaitIdle(Duration.ofMillis(50))).isFalse();
        assertThat(requests.awaitIdle(Duration.ofMillis(50)))
                .as("the request is still running")
                .isFalse();

        CompletableFuture<Boolean> third =
                CompletableFuture.supplyAsync(() -> requests.awaitIdle(Duration.ofSeconds(10)));
        Thread.sleep(50);
        assertThat(third).isNotDone();
        requests.end();
        assertThat(third.get(5, TimeUnit.SECONDS)).isTrue();
    }
}
