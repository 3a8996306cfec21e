package dev.switchboard.arch;

import static dev.switchboard.arch.Fixtures.importing;
import static dev.switchboard.arch.PlatformArchitectureRules.mailbox_capabilities_depend_only_on_the_core_and_what_they_declare;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;

/**
 * Shows the mailbox's slice rule ({@link PlatformArchitectureRules#MAILBOX_SLICES}) failing on classes planted in the
 * mailbox's own packages (test classes of this module, so the real table judges them), and passing a declared use;
 * and the hooks' direct path held to the plugins' entry points, likewise.
 */
class MailboxSlicesViolationTest {

    private static final String MAILBOX = "dev.switchboard.plugin.mailbox.";

    @Test
    void capabilityMayUseTheCoreAndTheCapabilitiesItDeclares() {
        JavaClasses classes = importing(MAILBOX + "orientation.archfixture.OrientationKnowsWork");

        assertThatCode(() -> mailbox_capabilities_depend_only_on_the_core_and_what_they_declare.check(classes))
                .doesNotThrowAnyException();
    }

    @Test
    void theMailboxTableNamesOnlyDeclaredCapabilitiesAndHasNoCycle() {
        assertThat(PlatformArchitectureRules.MAILBOX_SLICES.mistakes()).isEmpty();
    }

    @Test
    void aTableWithACycleOrAnUndeclaredUseIsReported() {
        CapabilitySlices table = CapabilitySlices.of("dev.switchboard.plugin.example", "core")
                .capability("a", "b")
                .capability("b", "a", "ghost")
                .views("board");

        assertThat(table.mistakes())
                .contains("'b' uses 'ghost', which is not a declared capability", "cycle: a -> b -> a");
    }

    @Test
    void capabilityMayNotUseACapabilityItDoesNotDeclare() {
        assertViolation(
                importing(MAILBOX + "message.archfixture.MessageKnowsWork"),
                MAILBOX + "message.archfixture.MessageKnowsWork",
                "slice 'message' may not depend on slice 'work'",
                "'message' declares []");
    }

    @Test
    void nothingMayDependOnAView() {
        assertViolation(
                importing(MAILBOX + "pin.archfixture.PinReadsTheBoard"),
                MAILBOX + "pin.archfixture.PinReadsTheBoard",
                "slice 'pin' may not depend on slice 'board' (nothing depends on a view)");
    }

    @Test
    void coreMayNotDependOnACapability() {
        assertViolation(
                importing(MAILBOX + "channel.archfixture.CoreKnowsMessage"),
                MAILBOX + "channel.archfixture.CoreKnowsMessage",
                "slice 'channel' may not depend on slice 'message' (the core depends on no capability)");
    }

    @Test
    void packageBelowTheRootMustBeDeclared() {
        assertViolation(
                importing(MAILBOX + "archfixture.UndeclaredSlice"),
                MAILBOX + "archfixture.UndeclaredSlice",
                "slice 'archfixture', which the table does not declare");
    }

    @Test
    void hooksMayUseThePluginsEntryPoints() {
        JavaClasses classes = importing("dev.switchboard.hooks.archfixture.HooksUseTheEntryPoints");

        assertThatCode(() ->
                        PlatformArchitectureRules.hooks_reach_plugins_only_through_their_entry_points.check(classes))
                .doesNotThrowAnyException();
    }

    @Test
    void hooksMayNotReachPastAPluginsEntryPoint() {
        JavaClasses classes = importing("dev.switchboard.hooks.archfixture.HooksReachIntoTheMailbox");

        assertThatThrownBy(() ->
                        PlatformArchitectureRules.hooks_reach_plugins_only_through_their_entry_points.check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(
                        "dev.switchboard.hooks.archfixture.HooksReachIntoTheMailbox",
                        "dev.switchboard.plugin.mailbox.hook.application.CountsLookup");
    }

    private static void assertViolation(JavaClasses classes, String... mentioned) {
        assertThatThrownBy(() -> mailbox_capabilities_depend_only_on_the_core_and_what_they_declare.check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(mentioned);
    }
}
