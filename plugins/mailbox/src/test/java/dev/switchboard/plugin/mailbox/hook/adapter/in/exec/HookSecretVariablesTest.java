package dev.switchboard.plugin.mailbox.hook.adapter.in.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.MailboxModule;
import dev.switchboard.ports.exec.SecretVariables;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** The mailbox declares the original's role-token variable, so that no run the server starts inherits it. */
class HookSecretVariablesTest {

    @Test
    void theRoleTokenVariableIsDeclaredAndItsFileVariableIsNot() {
        assertThat(new HookSecretVariables().names()).containsExactly("AI_AGENT_CHANNEL_TOKEN");
    }

    @Test
    void theDeclarationIsAnIndexedExtension() {
        assertThat(ExtensionIndex.of(MailboxModule.class).classesOf(SecretVariables.class))
                .containsExactly(HookSecretVariables.class);
    }
}
