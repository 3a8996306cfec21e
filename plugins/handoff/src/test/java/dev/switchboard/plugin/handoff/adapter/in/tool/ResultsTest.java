package dev.switchboard.plugin.handoff.adapter.in.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.handoff.application.Outcome;
import dev.switchboard.plugin.handoff.application.Refusal;
import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.tool.ToolResult;

class ResultsTest {

    @Test
    void aRefusalBecomesAFailureWhoseCodeIsTheReasonsName() {
        ToolResult result = Results.of(Outcome.refused(new Refusal(Refusal.Reason.CURSOR_BEYOND_LATEST, "too far",
                Map.of("field", "through_sequence"))), value -> ToolResult.text("unused"));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
            assertThat(failure.code().value()).isEqualTo("CURSOR_BEYOND_LATEST");
            assertThat(failure.details()).containsEntry("field", "through_sequence");
        });
    }

    @Test
    void aDatabaseThatStayedLockedIsUnavailableAndRetryable() {
        ToolResult result = Results.guarded(() -> {
            throw new StoreBusyException("locked", null);
        });

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
            assertThat(failure.code().value()).isEqualTo("UNAVAILABLE");
            assertThat(failure.details()).containsEntry("retryable", true);
        });
    }
}
