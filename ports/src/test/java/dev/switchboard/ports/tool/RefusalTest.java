package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class RefusalTest {

    @Test
    void eachFactoryCarriesItsSharedCode() {
        assertThat(Refusal.invalid("whole request").code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
        assertThat(Refusal.conflict("stale").code()).isEqualTo(ErrorCode.CONFLICT);
        assertThat(Refusal.forbidden("owner only").code()).isEqualTo(ErrorCode.FORBIDDEN);
        assertThat(Refusal.notFound("no such record").code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(Refusal.unavailable("busy"))
                .isEqualTo(new Refusal(ErrorCode.UNAVAILABLE, "busy", Map.of("retryable", true)));
    }

    @Test
    void withAddsADetailAndReplacesAnEarlierValue() {
        Refusal refusal = Refusal.conflict("key reused")
                .with("field", "request_key")
                .with("sequence", 4)
                .with("field", "idempotency_key");

        assertThat(refusal.details()).containsOnly(Map.entry("field", "idempotency_key"), Map.entry("sequence", 4));
        assertThat(refusal.message()).isEqualTo("key reused");
    }

    @Test
    void outcomeIsTheRefusedOutcome() {
        Refusal refusal = Refusal.notFound("no handoff 'h1'");

        assertThat(refusal.<String>outcome()).isEqualTo(Outcome.refused(refusal));
        assertThat(refusal.<String>outcome().toResult(ToolResult::text)).isEqualTo(refusal.toResult());
    }
}
