package dev.switchboard.plugin.mailbox.status.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class HeldPollsTest {

    @Test
    void aNinthPollOfOneTokenIsRefusedWhileAnotherTokenStillGetsASlot() {
        HeldPolls polls = new HeldPolls(HeldPolls.DEFAULT_TOTAL, HeldPolls.DEFAULT_PER_TOKEN);
        for (int i = 0; i < 8; i++) {
            assertThat(polls.take("cct#1")).as("poll " + (i + 1)).isPresent();
        }

        assertThat(polls.take("cct#1")).isEmpty();
        assertThat(polls.take("cct#2")).isPresent();
        assertThat(polls.held()).isEqualTo(9);
    }

    @Test
    void theTotalCapRefusesEveryTokenOnceReached() {
        HeldPolls polls = new HeldPolls(3, 2);
        polls.take("a");
        polls.take("a");
        polls.take("b");

        assertThat(polls.take("c")).isEmpty();
        assertThat(polls.take("b")).isEmpty();
    }

    @Test
    void closingASlotGivesItBackOnceHoweverOftenItIsClosed() {
        HeldPolls polls = new HeldPolls(2, 2);
        HeldPolls.Slot first = polls.take("a").orElseThrow();
        polls.take("a").orElseThrow();

        first.close();
        first.close();

        assertThat(polls.held()).isEqualTo(1);
        assertThat(polls.take("a")).isPresent();
        assertThat(polls.take("a")).isEmpty();
    }

    @Test
    void slotsTakenAndGivenBackConcurrentlyLeaveNothingHeld() throws InterruptedException {
        HeldPolls polls = new HeldPolls(HeldPolls.MAX, HeldPolls.MAX);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            String holder = "cct#" + (t % 3);
            threads.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 1000; i++) {
                    Optional<HeldPolls.Slot> slot = polls.take(holder);
                    slot.ifPresent(HeldPolls.Slot::close);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(polls.held()).isZero();
    }

    @Test
    void capsOutsideTheirRangeAreRefused() {
        assertThatThrownBy(() -> new HeldPolls(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HeldPolls(1, HeldPolls.MAX + 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
