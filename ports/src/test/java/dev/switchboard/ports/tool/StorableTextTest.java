package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class StorableTextTest {

    @Test
    void wellFormedTextWithASupplementaryCharacterIsStorable() {
        assertThat(StorableText.problem("café \uD83D\uDE00 ok")).isEmpty();
        assertThat(StorableText.check("title", "café \uD83D\uDE00", "absent", null))
                .isEqualTo(Outcome.done(true));
    }

    @Test
    void aNulIsNamedWithItsIndex() {
        assertThat(StorableText.problem("ab\u0000c"))
                .hasValueSatisfying(why -> assertThat(why).startsWith("contains a NUL character (\\u0000) at index 2"));
    }

    @Test
    void aLoneHighOrLowSurrogateIsNamedWithItsIndex() {
        assertThat(StorableText.problem("a\uD800"))
                .hasValueSatisfying(why -> assertThat(why).startsWith("contains a lone UTF-16 surrogate at index 1"));
        assertThat(StorableText.problem("ab\uDC00\uD800"))
                .hasValueSatisfying(why -> assertThat(why).startsWith("contains a lone UTF-16 surrogate at index 2"));
    }

    @Test
    void theRefusalNamesThePathOfTheFirstUnstorableStringInNestedArguments() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("topic", "fine");
        arguments.put("count", 3);
        arguments.put("addenda", Map.of("backend", "x\u0000"));
        arguments.put("ids", List.of("a", "b\uDFFF"));

        Outcome<Boolean> checked = StorableText.check(arguments);

        assertThat(checked).isInstanceOfSatisfying(Outcome.Refused.class, refused -> {
            Refusal refusal = refused.refusal();
            assertThat(refusal.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(refusal.details()).containsEntry("field", "addenda.backend");
            assertThat(refusal.message()).startsWith("addenda.backend: contains a NUL character");
        });
        assertThat(StorableText.check(Map.of("ids", List.of("a", "b\uDFFF"))))
                .isEqualTo(Outcome.refused(Refusal.invalid(
                        "ids[1]", StorableText.problem("b\uDFFF").orElseThrow())));
    }

    @Test
    void namesAndValuesMustPairUp() {
        assertThatThrownBy(() -> StorableText.check("title")).isInstanceOf(IllegalArgumentException.class);
    }
}
