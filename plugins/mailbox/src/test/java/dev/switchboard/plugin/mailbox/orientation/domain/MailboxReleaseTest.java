package dev.switchboard.plugin.mailbox.orientation.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MailboxReleaseTest {

    @Test
    @DisplayName("3C.127 a role that never saw a build is shown every entry; the current build is not new to it twice")
    void aNewRoleSeesEverything() {
        assertThat(MailboxRelease.newsSince(null)).isEqualTo(MailboxRelease.WHATS_NEW);
        assertThat(MailboxRelease.isNewTo(null)).isTrue();
        assertThat(MailboxRelease.isNewTo(MailboxRelease.BUILD)).isFalse();
    }

    @Test
    void entriesDatedOnOrAfterTheSeenBuildsDayAreShown() {
        assertThat(MailboxRelease.newsSince("2026-12-01.0")).isEqualTo(MailboxRelease.WHATS_NEW);
        assertThat(MailboxRelease.newsSince("2026-12-02.1")).isEmpty();
        assertThat(MailboxRelease.newsSince("2026-11-30.4")).isEqualTo(MailboxRelease.WHATS_NEW);
    }

    @Test
    void anUnreadableRecordShowsEverything() {
        assertThat(MailboxRelease.newsSince("v0.2.0")).isEqualTo(MailboxRelease.WHATS_NEW);
    }

    @Test
    void theBuildIsADayAndACounterAndEveryEntryIsDatedNoLaterThanIt() {
        assertThat(MailboxRelease.BUILD).matches("\\d{4}-\\d{2}-\\d{2}\\.\\d+");
        String day = MailboxRelease.BUILD.substring(0, 10);
        assertThat(MailboxRelease.WHATS_NEW).allSatisfy(entry -> {
            assertThat(entry.since()).matches("\\d{4}-\\d{2}-\\d{2}").isLessThanOrEqualTo(day);
            assertThat(entry.toWire()).containsOnlyKeys("since", "what", "do");
        });
    }
}
