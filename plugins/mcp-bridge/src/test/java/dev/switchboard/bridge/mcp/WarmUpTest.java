package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

/** The warm-up runs both eras' first requests on the SDK we ship; a failure would be swallowed at start-up. */
class WarmUpTest {

    @Test
    void theWarmUpAnswersBothErasFirstRequests() {
        assertThatCode(WarmUp::run).doesNotThrowAnyException();
    }
}
