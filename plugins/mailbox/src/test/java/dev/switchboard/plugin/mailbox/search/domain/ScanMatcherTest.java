package dev.switchboard.plugin.mailbox.search.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ScanMatcherTest {

    private static boolean matches(String query, String topic, String body) {
        SearchPlan.Ready plan = (SearchPlan.Ready) SearchQueries.plan(query);
        return ScanMatcher.of(plan.root()).matches(topic, body);
    }

    @Test
    @DisplayName("3C.97 ротаци finds ротация and ротациями, in any case")
    void aCyrillicStemFindsEveryInflectionCaseInsensitively() {
        assertThat(matches("ротаци", "план", "Ротация ключей")).isTrue();
        assertThat(matches("ротаци", "план", "между РОТАЦИЯМИ")).isTrue();
        assertThat(matches("РОТАЦИ", "план", "ротациями")).isTrue();
        assertThat(matches("ротаци", "план", "ротор")).isFalse();
    }

    @Test
    @DisplayName("3C.97 merchant_id matches literally")
    void underscoreAndPercentAreLiteral() {
        assertThat(matches("merchant_id", "t", "the merchant_id column")).isTrue();
        assertThat(matches("merchant_id", "t", "the merchantXid column")).isFalse();
        assertThat(matches("50%", "t", "50% off")).isTrue();
        assertThat(matches("50%", "t", "500 off")).isFalse();
    }

    @Test
    void aShortTermMatchesAsASubstringAnywhereInAWord() {
        assertThat(matches("ok", "t", "broken")).isTrue();
        assertThat(matches("ok", "t", "fine")).isFalse();
    }

    @Test
    void orNotAndParenthesesEvaluateAsTheyParse() {
        assertThat(matches("ab OR cd", "t", "xx cd")).isTrue();
        assertThat(matches("ab cd", "t", "xx cd")).isFalse();
        assertThat(matches("ab NOT cd", "t", "ab only")).isTrue();
        assertThat(matches("ab NOT cd", "t", "ab and cd")).isFalse();
        assertThat(matches("(ab OR cd) NOT ef", "t", "cd ef")).isFalse();
        assertThat(matches("(ab OR cd) NOT ef", "t", "cd")).isTrue();
    }

    @Test
    void columnFiltersLookOnlyInTheirColumn() {
        assertThat(matches("topic:ab", "ab here", "none")).isTrue();
        assertThat(matches("topic:ab", "none", "ab here")).isFalse();
        assertThat(matches("body:ab", "none", "ab here")).isTrue();
        assertThat(matches("ab", "ab here", "none"))
                .as("no filter: topic or body")
                .isTrue();
    }

    @Test
    void aPrefixMatchesAsItsText() {
        assertThat(matches("ro*", "t", "a rotation")).isTrue();
    }

    @Test
    void aPhraseMatchesItsSpaceToo() {
        assertThat(matches("\"a b\"", "t", "x a b y")).isTrue();
        assertThat(matches("\"a b\"", "t", "x ab y")).isFalse();
    }
}
