package dev.switchboard.kernel.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;

/** The registry's findings: the defaults' alone, or merged with contributed scanners', always in offset order. */
class SecretScannerRegistryTest {

    private static final SecretScanner DEFAULTS =
            (field, text) -> List.of(new SecretFinding("late", field, 30), new SecretFinding("early", field, 3));

    @Test
    void withoutContributionsTheDefaultsFindingsComeInOffsetOrder() {
        SecretScannerRegistry registry = new SecretScannerRegistry(DEFAULTS);

        assertThat(registry.scan("body", "text"))
                .containsExactly(new SecretFinding("early", "body", 3), new SecretFinding("late", "body", 30));
    }

    @Test
    void aContributedScannersFindingsAreMergedInOffsetOrderUntilItsPluginIsWithdrawn() {
        SecretScannerRegistry registry = new SecretScannerRegistry(DEFAULTS);
        registry.register("plugin", List.of((field, text) -> List.of(new SecretFinding("middle", field, 10))));

        assertThat(registry.scan("body", "text"))
                .extracting(SecretFinding::ruleId)
                .containsExactly("early", "middle", "late");

        registry.unregister("plugin");

        assertThat(registry.scan("body", "text"))
                .extracting(SecretFinding::ruleId)
                .containsExactly("early", "late");
    }

    @Test
    void aCleanTextHasNoFindings() {
        SecretScannerRegistry registry = new SecretScannerRegistry((field, text) -> List.of());

        assertThat(registry.scan("body", "text")).isEmpty();
    }
}
