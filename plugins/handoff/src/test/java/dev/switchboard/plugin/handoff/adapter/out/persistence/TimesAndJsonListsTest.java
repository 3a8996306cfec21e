package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class TimesAndJsonListsTest {

    @Test
    void storedTimesHaveAFixedWidthSoTextOrderIsTimeOrder() {
        String whole = Times.format(Instant.parse("2026-05-01T09:00:00Z"));
        String fraction = Times.format(Instant.parse("2026-05-01T09:00:00.5Z"));

        assertThat(whole).isEqualTo("2026-05-01T09:00:00.000Z");
        assertThat(fraction).isEqualTo("2026-05-01T09:00:00.500Z");
        assertThat(whole).isLessThan(fraction);
        assertThat(Times.parse(fraction)).isEqualTo(Instant.parse("2026-05-01T09:00:00.500Z"));
    }

    @Test
    void listsRoundTripThroughJsonWithQuotesAndUnicode() {
        List<String> items = List.of("docs/adr/0007 \"storage\".md", "naïve\\path", "🙂");

        assertThat(JsonLists.read(JsonLists.write(items))).isEqualTo(items);
        assertThat(JsonLists.read("[]")).isEmpty();
    }
}
