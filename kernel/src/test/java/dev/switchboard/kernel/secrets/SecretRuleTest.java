package dev.switchboard.kernel.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretRuleTest {

    @Test
    void caseInsensitiveAnchorIsFoundInAnyLetterCaseAnywhere() {
        assertThat(SecretRule.containsIgnoringCase("x-BeArEr", "bearer")).isTrue();
        assertThat(SecretRule.containsIgnoringCase("BEARER", "bearer")).isTrue();
        assertThat(SecretRule.containsIgnoringCase("a bearer b", "bearer")).isTrue();
    }

    @Test
    void caseInsensitiveAnchorIsNotFoundWhenAbsentOrCutShort() {
        assertThat(SecretRule.containsIgnoringCase("beare", "bearer")).isFalse();
        assertThat(SecretRule.containsIgnoringCase("", "bearer")).isFalse();
        assertThat(SecretRule.containsIgnoringCase("bear er", "bearer")).isFalse();
    }

    @Test
    void ruleWithCaseInsensitiveAnchorSkipsTextWithoutIt() {
        SecretRule rule = SecretRule.ofAnchorsIgnoringCase("t", "test", "(?i:bearer) x", "bearer");

        assertThat(rule.mayMatch("Authorization: BEARER x")).isTrue();
        assertThat(rule.mayMatch("no credential here")).isFalse();
    }
}
