package dev.switchboard.plugin.mailbox.channel.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;

/** What a listing cut at its limit tells the caller to do: only advice that the caller can follow. */
class ListingNoteTest {

    private static final List<Map<String, Object>> ONE = List.of(Map.of("id", 1));

    @SuppressWarnings("unchecked")
    private static String note(int limit) {
        Map<String, Object> listing = Listing.ofFitted(ONE, limit, true, false, null);
        return (String) ((Map<String, Object>) listing.get("truncated")).get("note");
    }

    @Test
    void aListingCutBelowTheHighestLimitSaysToRaiseIt() {
        assertThat(note(50))
                .isEqualTo("more entries matched than limit=50; narrow the filters or raise limit (at most "
                        + MailboxLimits.LIMIT_MAX + ") to see the rest");
    }

    @Test
    void aListingCutAtTheHighestLimitDoesNotSayToRaiseIt() {
        assertThat(note(MailboxLimits.LIMIT_MAX))
                .isEqualTo("more entries matched than limit=" + MailboxLimits.LIMIT_MAX
                        + ", the most one call returns; narrow the filters to see the rest")
                .doesNotContain("raise limit");
    }
}
