package dev.switchboard.plugin.mailbox.search.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnippetTest {

    private static String snippet(String query, String topic, String body) {
        return Snippet.of(((SearchPlan.Ready) SearchQueries.plan(query)).root(), topic, body);
    }

    @Test
    void aShortBodyIsShownWholeWithEveryHitMarkedKeepingItsCase() {
        assertThat(snippet("deploy", "t", "Deploy now, then deploy again"))
                .isEqualTo("[Deploy] now, then [deploy] again");
    }

    @Test
    void aLongBodyIsCutAroundTheFirstHitWithEllipses() {
        String body = "x".repeat(300) + " rotation " + "y".repeat(300);
        String snippet = snippet("rotation", "t", body);

        assertThat(snippet).startsWith("…").endsWith("…").contains("[rotation]");
        assertThat(snippet.replace("[", "").replace("]", "").length()).isLessThanOrEqualTo(Snippet.WIDTH + 2);
    }

    @Test
    void theTopicIsShownWhenOnlyTheTopicHasAHit() {
        assertThat(snippet("deploy", "Deploy plan", "nothing here")).isEqualTo("[Deploy] plan");
    }

    @Test
    void excludedTermsAreNotMarkedAndWhitespaceRunsBecomeOneSpace() {
        assertThat(snippet("alpha NOT beta", "t", "alpha\n\n  gamma")).isEqualTo("[alpha] gamma");
    }

    @Test
    void aCyrillicHitIsMarked() {
        assertThat(snippet("ротаци", "t", "план ротациями")).isEqualTo("план [ротаци]ями");
    }

    @Test
    void noHitInTheBodyOrTopicShowsTheStartOfTheBody() {
        assertThat(snippet("zzz", "t", "plain body")).isEqualTo("plain body");
    }
}
