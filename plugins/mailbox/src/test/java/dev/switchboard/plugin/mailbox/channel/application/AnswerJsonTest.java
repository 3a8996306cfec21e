package dev.switchboard.plugin.mailbox.channel.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.json.JsonMapper;

/** An answer's JSON, written once, is byte for byte what a default Jackson mapper writes for the same value. */
class AnswerJsonTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anEntryIsWrittenAsJacksonWritesIt() {
        Map<String, Object> entry = entry();

        assertThat(AnswerJson.text(entry)).isEqualTo(JSON.writeValueAsString(entry));
        assertThat(AnswerJson.written(entry).bytes()).isEqualTo(JSON.writeValueAsBytes(entry).length);
    }

    @Test
    void valuesOfOtherTypesAreWrittenByJackson() {
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("fraction", 0.5);
        other.put("short", (short) 7);
        other.put("keys", Map.of(1, "a key that is not a string"));
        other.put("record", new Point(3, 4));

        assertThat(AnswerJson.text(other)).isEqualTo(JSON.writeValueAsString(other));
    }

    @Test
    void aListingOfWrittenEntriesIsTheListingJacksonWrites() {
        List<Map<String, Object>> rows = IntStream.range(0, 30)
                .mapToObj(i -> {
                    Map<String, Object> row = entry();
                    row.put("id", (long) i);
                    return row;
                })
                .toList();
        Map<String, Object> listing =
                Listing.ofFitted(Listing.fitting(rows.iterator(), 1 << 20), 50, true, false, null);
        listing.put("untrusted", "peers' text");

        assertThat(((List<?>) listing.get("result"))).allMatch(AnswerJson.Written.class::isInstance);
        Map<String, Object> plain = new LinkedHashMap<>(listing);
        plain.put("result", rows);
        assertThat(AnswerJson.text(listing)).isEqualTo(JSON.writeValueAsString(plain));
    }

    @Test
    void entriesWrittenOneAfterAnotherAreEachTheTextWrittenAlone() {
        List<Map<String, Object>> entries = List.of(
                entry(),
                Map.of("text", "a lone high \ud83d, ротация"),
                Map.of("fraction", 0.5, "record", new Point(1, 2)),
                Map.of());

        try (AnswerJson.Entries json = new AnswerJson.Entries()) {
            for (Map<String, Object> entry : entries) {
                AnswerJson.Written written = json.written(entry);
                assertThat(AnswerJson.text(written)).isEqualTo(AnswerJson.text(entry));
                assertThat(written.bytes()).isEqualTo(AnswerJson.written(entry).bytes());
            }
        }
    }

    @Test
    void aWrittenEntryReadsAsItsEntry() {
        Map<String, Object> entry = entry();

        AnswerJson.Written written = AnswerJson.written(entry);

        assertThat(written).isEqualTo(entry).containsEntry("id", Long.MAX_VALUE).doesNotContainKey("absent");
        assertThat(AnswerJson.written(written)).isSameAs(written);
    }

    @Test
    void aLoneSurrogateCountsAsTheEscapeATransportWritesForIt() {
        Map<String, Object> entry = Map.of("text", "a lone high \ud83d and low \ude00, a pair 😀");

        assertThat(AnswerJson.text(entry)).isEqualTo(JSON.writeValueAsString(entry));
        assertThat(AnswerJson.written(entry).bytes())
                .isEqualTo(JSON.writeValueAsBytes(entry).length)
                .isEqualTo(AnswerJson.text(entry).getBytes(StandardCharsets.UTF_8).length + 2 * (6 - 1));
    }

    private record Point(int x, int y) {}

    private static Map<String, Object> entry() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", Long.MAX_VALUE);
        entry.put("negative", -42);
        entry.put("from", "frontend");
        entry.put("to", List.of("backend", "qa"));
        entry.put("topic", "quotes \" and \\ backslashes / slash");
        entry.put("body", "tab\tnewline\nreturn\rbell\u0007nul\u0000 unit\u001f del\u007f");
        entry.put("cyrillic", "Ротация ключей é ß");
        entry.put("cjk", "漢字 \u2028 \uffff");
        entry.put("emoji", "😀");
        entry.put("read_at", null);
        entry.put("action_required", true);
        entry.put("deleted", false);
        entry.put("addenda", Map.of("qa", "an addendum"));
        entry.put("empty", Map.of());
        entry.put("none", List.of());
        entry.put("nested", List.of(Map.of("role", "qa", "opened_at", "2026-12-01T00:00:00.000Z"), List.of(1, 2)));
        List<Object> withNull = new ArrayList<>(Arrays.asList("a", null));
        entry.put("with_null", withNull);
        return entry;
    }
}
