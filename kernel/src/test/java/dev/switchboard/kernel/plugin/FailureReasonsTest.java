package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.inject.ProvisionException;
import com.google.inject.spi.Message;

import dev.switchboard.ports.plugin.InvalidSettingException;

class FailureReasonsTest {

    @Test
    void aMalformedSettingBelowGuicesWrapperIsReportedByItsOwnMessage() {
        InvalidSettingException setting = new InvalidSettingException("plugins.demo.limit", "0",
                "a whole number from 1 to 10");
        ProvisionException wrapped = new ProvisionException(List.of(new Message(List.of(), "guice says", setting)));

        assertThat(FailureReasons.of(wrapped))
                .isEqualTo("invalid setting plugins.demo.limit = '0': expected a whole number from 1 to 10");
        assertThat(FailureReasons.isMalformedSetting(wrapped)).isTrue();
    }

    @Test
    void anyOtherFailureIsNotTakenForASettingProblem() {
        assertThat(FailureReasons.isMalformedSetting(new IllegalStateException("bug",
                new IllegalArgumentException("not a setting")))).isFalse();
    }
}
