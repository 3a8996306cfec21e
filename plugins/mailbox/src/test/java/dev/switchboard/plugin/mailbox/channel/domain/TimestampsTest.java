package dev.switchboard.plugin.mailbox.channel.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code since} formats list_messages accepts, as the original does. */
class TimestampsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "2026-08-09, 2026-08-09T00:00:00Z",
        "2026-08-09T14:30:00Z, 2026-08-09T14:30:00Z",
        "2026-08-09T14:30:00.250Z, 2026-08-09T14:30:00.250Z",
        "2026-08-09 14:30:00, 2026-08-09T14:30:00Z",
        "2026-08-09T16:30:00+02:00, 2026-08-09T14:30:00Z",
        "2026-08-09 09:30:00-05:00, 2026-08-09T14:30:00Z"
    })
    void acceptedSinceFormatsMeanThisInstant(String since, String instant) {
        assertThat(Timestamps.parseSince(since)).contains(Instant.parse(instant));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"yesterday", "2026-13-01", "09/08/2026", "2026-08-09T25:00:00Z", ""})
    void otherTextIsNotATime(String since) {
        assertThat(Timestamps.parseSince(since)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2026-08-09T14:30:00.250Z, 2026-08-09T14:30:00.250Z", "2026-08-09T14:30:00Z, 2026-08-09T14:30:00.000Z"})
    void theMailboxFormatIsFixedWidthMilliseconds(String instant, String formatted) {
        assertThat(Timestamps.format(Instant.parse(instant))).isEqualTo(formatted);
    }
}
