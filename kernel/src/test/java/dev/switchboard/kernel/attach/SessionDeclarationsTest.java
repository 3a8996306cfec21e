package dev.switchboard.kernel.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * An attached session's environment is refused the way the in-process start refuses it when a variable sets a key
 * below a declared session setting.
 */
class SessionDeclarationsTest {

    private final SessionDeclarations declarations =
            new SessionDeclarations(Map.of("mailbox", Set.of("role", "channel")), Set.of("AI_AGENT_CHANNEL_ROLE"));

    @Test
    void aVariableBelowADeclaredSessionSettingIsRefusedNamingTheKeyTheVariableAndTheSetting() {
        assertThat(declarations.keyBelowASetting(Map.of(
                        "SWITCHBOARD_PLUGINS__MAILBOX__ROLE__X", "1", "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "c")))
                .contains("unknown key plugins.mailbox.role.x (environment variable"
                        + " SWITCHBOARD_PLUGINS__MAILBOX__ROLE__X); plugins.mailbox.role is a single setting, with no"
                        + " keys below it");
        assertThat(declarations.keyBelowASetting(Map.of("SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL__MY_KEY__Y", "1")))
                .contains("unknown key plugins.mailbox.channel.my-key.y (environment variable"
                        + " SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL__MY_KEY__Y); plugins.mailbox.channel is a single"
                        + " setting, with no keys below it");
    }

    @Test
    void theSettingsThemselvesAndOtherVariablesAreNoProblem() {
        assertThat(declarations.keyBelowASetting(Map.of(
                        "SWITCHBOARD_PLUGINS__MAILBOX__ROLE",
                        "backend",
                        "SWITCHBOARD_PLUGINS__MAILBOX__ROLES",
                        "x",
                        "AI_AGENT_CHANNEL_ROLE",
                        "lead",
                        "PATH",
                        "/bin")))
                .isEmpty();
    }
}
