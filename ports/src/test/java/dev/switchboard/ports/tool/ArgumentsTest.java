package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ArgumentsTest {

    static List<Number> numbersThatAreNotAWholeLong() {
        return List.of(
                new BigInteger("18446744073709551618"),
                new BigInteger("9223372036854775808"),
                new BigInteger("18446744073709555712"),
                1e20,
                1e300,
                7.5,
                Double.NaN,
                new BigDecimal("1.25"),
                9.007199254740994E15,
                new BigDecimal("1E+999999999"));
    }

    @ParameterizedTest
    @MethodSource("numbersThatAreNotAWholeLong")
    void aNumberThatIsNotAWholeSigned64BitValueIsRefusedNamingTheField(Number sent) {
        Arguments args = new Arguments(Map.of("through_sequence", sent));

        assertThatThrownBy(() -> args.integer("through_sequence", 0, Long.MAX_VALUE))
                .isInstanceOf(InvalidArgumentException.class)
                .satisfies(
                        e -> assertThat(((InvalidArgumentException) e).field()).isEqualTo("through_sequence"));
    }

    @Test
    void integralNumbersInAnyJsonSpellingReadAsTheirExactValue() {
        Arguments args = new Arguments(Map.of(
                "a",
                7,
                "b",
                Long.MAX_VALUE,
                "c",
                7.0,
                "d",
                new BigInteger("-9223372036854775808"),
                "e",
                new BigDecimal("12.000"),
                "f",
                9.007199254740992E15));

        assertThat(args.integer("a", 0, 10)).isEqualTo(7L);
        assertThat(args.integer("b", 0, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(args.integer("c", 0, 10)).isEqualTo(7L);
        assertThat(args.integer("d", Long.MIN_VALUE, 0)).isEqualTo(Long.MIN_VALUE);
        assertThat(args.integer("e", 0, 100)).isEqualTo(12L);
        assertThat(args.integer("f", 0, Long.MAX_VALUE)).isEqualTo(9_007_199_254_740_992L);
    }

    @Test
    void anIntegerOutsideTheHandlersRangeIsRefusedWithTheRange() {
        Arguments args = new Arguments(Map.of("offset", 4_294_967_296L));

        assertThatThrownBy(() -> args.optionalInt("offset", 1, Integer.MAX_VALUE))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessage("offset: must be a whole number from 1 to 2147483647");
    }

    @Test
    void absentOptionalValuesAreEmptyAndAbsentRequiredOnesAreRefused() {
        Arguments args = new Arguments(Map.of());

        assertThat(args.optionalText("title")).isEmpty();
        assertThat(args.optionalInteger("limit", 1, 10)).isEmpty();
        assertThat(args.optionalNumber("timeout")).isEmpty();
        assertThat(args.texts("tags")).isEmpty();
        assertThat(args.objects("edits")).isEmpty();
        assertThat(args.flag("force", true)).isTrue();
        assertThatThrownBy(() -> args.text("project"))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessage("project: is required");
        assertThatThrownBy(() -> args.integer("limit", 1, 10)).hasMessage("limit: is required");
    }

    @Test
    void aValueOfAnotherJsonTypeIsRefusedRatherThanConverted() {
        Arguments args = new Arguments(Map.of("project", 12, "tags", List.of("a", 3), "force", "yes", "limit", "10"));

        assertThatThrownBy(() -> args.text("project")).hasMessage("project: must be a string");
        assertThatThrownBy(() -> args.texts("tags")).hasMessage("tags.1: must be a string");
        assertThatThrownBy(() -> args.flag("force", false)).hasMessage("force: must be true or false");
        assertThatThrownBy(() -> args.integer("limit", 1, 10)).hasMessage("limit: must be a whole number");
        assertThatThrownBy(() -> new Arguments(Map.of("limit", 2.5)).integer("limit", 1, 10))
                .hasMessage("limit: must be a whole number from 1 to 10");
    }

    @Test
    void nestedObjectsNameTheirFieldsByPath() {
        Arguments args = new Arguments(Map.of("edits", List.of(Map.of("old_text", "a"), Map.of("old_text", 5))));

        List<Arguments> edits = args.objects("edits");

        assertThat(edits.get(0).text("old_text")).isEqualTo("a");
        assertThatThrownBy(() -> edits.get(1).text("old_text")).hasMessage("edits.1.old_text: must be a string");
        assertThatThrownBy(() -> edits.get(0).text("new_text")).hasMessage("edits.0.new_text: is required");
    }

    @Test
    void textsAndFlagsReadAsSent() {
        Arguments args =
                new Arguments(Map.of("project", "atlas", "tags", List.of("x", "y"), "force", false, "timeout", 2.5));

        assertThat(args.text("project")).isEqualTo("atlas");
        assertThat(args.optionalText("project")).contains("atlas");
        assertThat(args.texts("tags")).containsExactly("x", "y");
        assertThat(args.flag("force", true)).isFalse();
        assertThat(args.optionalNumber("timeout")).contains(2.5);
        assertThat(args.has("project")).isTrue();
        assertThat(args.has("title")).isFalse();
    }

    @Test
    void aToolCallOffersItsArgumentsTyped() {
        ToolCall call = ToolCall.detached("t", Map.of("limit", 3), dev.switchboard.ports.call.Principal.LOCAL_OWNER);

        assertThat(call.args().integer("limit", 1, 10)).isEqualTo(3L);
    }
}
