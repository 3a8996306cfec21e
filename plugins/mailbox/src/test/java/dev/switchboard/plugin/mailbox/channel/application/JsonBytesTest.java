package dev.switchboard.plugin.mailbox.channel.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.json.JsonMapper;

/** The listing's byte count of an entry equals the length of the JSON Jackson writes for it. */
class JsonBytesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anEntryCountsAsManyBytesAsJacksonWritesForIt() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", 9_223_372_036_854_775_807L);
        entry.put("negative", -42);
        entry.put("small", (short) 7);
        entry.put("from", "frontend");
        entry.put("to", List.of("backend", "qa"));
        entry.put("topic", "quotes \" and \\ backslashes / slash");
        entry.put("body", "tab\tnewline\nreturn\rbell\u0007nul\u0000 unit\u001f del\u007f");
        entry.put("cyrillic", "Ротация ключей é ß");
        entry.put("cjk", "漢字 \u2028 \uffff");
        entry.put("emoji", "😀 and a lone high \ud83d surrogate and a lone low \ude00");
        entry.put("read_at", null);
        entry.put("action_required", true);
        entry.put("deleted", false);
        entry.put("addenda", Map.of("qa", "an addendum"));
        entry.put("empty", Map.of());
        entry.put("none", List.of());
        entry.put("nested", List.of(Map.of("role", "qa", "opened_at", "2026-12-01T00:00:00.000Z"), List.of(1, 2)));
        List<Object> withNull = new ArrayList<>(Arrays.asList("a", null));
        entry.put("with_null", withNull);

        assertThat(JsonBytes.of(entry)).isEqualTo(JSON.writeValueAsBytes(entry).length);
    }

    @Test
    void aValueOfAnotherTypeIsLeftToJackson() {
        assertThat(JsonBytes.of(Map.of("fraction", 0.5))).isEqualTo(JsonBytes.UNKNOWN);
        assertThat(JsonBytes.of(List.of(new Object()))).isEqualTo(JsonBytes.UNKNOWN);
        assertThat(JsonBytes.of(Map.of(1, "a key that is not a string"))).isEqualTo(JsonBytes.UNKNOWN);
    }
}
