package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class OutcomeTest {

    private static final ErrorCode PROJECT_UNKNOWN = ErrorCode.of("PROJECT_UNKNOWN");

    @Test
    void aDoneOutcomeBecomesTheToolsSuccess() {
        ToolResult result = Outcome.done(3).toResult(n -> ToolResult.text("got " + n));

        assertThat(result).isEqualTo(ToolResult.text("got 3"));
    }

    @Test
    void aRefusedOutcomeBecomesAFailureWithItsCodeMessageAndDetails() {
        Outcome<Integer> refused =
                Outcome.refused(new Refusal(PROJECT_UNKNOWN, "no project 'atlas'", Map.of("project", "atlas")));

        assertThat(refused.toResult(n -> ToolResult.text("unused")))
                .isEqualTo(new ToolResult.Failure(PROJECT_UNKNOWN, "no project 'atlas'", Map.of("project", "atlas")));
    }

    @Test
    void thenChainsValuesAndCarriesARefusalThrough() {
        Outcome<Integer> doubled = Outcome.done(2).then(n -> Outcome.done(n * 2));
        Outcome<Integer> stopped =
                Outcome.<Integer>refused(Refusal.of(PROJECT_UNKNOWN, "no")).then(n -> Outcome.done(n * 2));

        assertThat(doubled).isEqualTo(Outcome.done(4));
        assertThat(stopped).isEqualTo(Outcome.refused(Refusal.of(PROJECT_UNKNOWN, "no")));
    }

    @Test
    void anInvalidArgumentRefusalNamesTheField() {
        Refusal refusal = Refusal.invalid("checksum", "must be sha256:<64 hex digits>");

        assertThat(refusal.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
        assertThat(refusal.message()).isEqualTo("checksum: must be sha256:<64 hex digits>");
        assertThat(refusal.details()).isEqualTo(Map.of("field", "checksum"));
    }

    @Test
    void mapTransformsAValueAndCarriesARefusalThrough() {
        Outcome<String> named = Outcome.done(7).map(n -> "n" + n);
        Outcome<String> stopped =
                Outcome.<Integer>refused(Refusal.of(PROJECT_UNKNOWN, "no")).map(n -> "n" + n);

        assertThat(named).isEqualTo(Outcome.done("n7"));
        assertThat(stopped).isEqualTo(Outcome.refused(Refusal.of(PROJECT_UNKNOWN, "no")));
    }

    @Test
    void orElseGivesTheValueOrTheFallbackComputedFromTheRefusal() {
        assertThat(Outcome.done(5).orElse(r -> -1)).isEqualTo(5);
        assertThat(Outcome.<String>refused(Refusal.of(PROJECT_UNKNOWN, "gone")).orElse(Refusal::message))
                .isEqualTo("gone");
    }
}
