package dev.switchboard.plugin.mailbox.status.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.plugin.InvalidSettingException;

/** The held-poll caps as the plugin reads them from its settings. */
class HeldPollsSettingsTest {

    @TempDir
    Path dir;

    @Test
    void thePerTokenCapFollowsItsSetting() {
        try (MailboxHarness harness = MailboxHarness.builder("sqlite", dir)
                .setting("status-max-held-per-token", 2)
                .open(null)) {
            HeldPolls polls = harness.injector().getInstance(HeldPolls.class);

            assertThat(polls.take("cct#1")).isPresent();
            assertThat(polls.take("cct#1")).isPresent();
            assertThat(polls.take("cct#1")).isEmpty();
        }
    }

    @Test
    void aCapOfZeroFailsThePluginsStartNamingTheKey() {
        assertThatThrownBy(() -> MailboxHarness.builder("sqlite", dir)
                        .setting("status-max-held", 0)
                        .open(null)
                        .close())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("status-max-held");
    }
}
