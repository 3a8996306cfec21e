package dev.switchboard.plugin.handoff.adapter.in.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.handoff.application.HandoffCodes;
import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolResult;

class ResultsTest {

    @Test
    void aRefusalBecomesAFailureWithItsCodeAndDetails() {
        ToolResult result = Outcome.refused(
                        new Refusal(HandoffCodes.CURSOR_BEYOND_LATEST, "too far", Map.of("field", "through_sequence")))
                .toResult(value -> ToolResult.text("unused"));

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
