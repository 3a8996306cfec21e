package dev.switchboard.plugin.mailbox.search.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class RankingTest {

    @Test
    void theTopicGroupIsAnyPositiveTermInTheTopic() {
        assertThat(Ranking.topicHit(root("deploy \"blue green\"")))
                .contains(new QueryNode.Any(List.of(
                        new QueryNode.Term("deploy", Column.TOPIC, false),
                        new QueryNode.Term("blue green", Column.TOPIC, false))));
    }

    @Test
    void excludedTermsAndBodyOnlyTermsDoNotPutAHitInTheTopicGroup() {
        assertThat(Ranking.topicHit(root("deploy NOT staging body:window")))
                .contains(new QueryNode.Term("deploy", Column.TOPIC, false));
        assertThat(Ranking.topicHit(root("body:deploy OR body:release"))).isEmpty();
    }

    @Test
    void aRepeatedTermIsLookedForOnce() {
        assertThat(Ranking.topicHit(root("rel* OR topic:rel*")))
                .contains(new QueryNode.Term("rel", Column.TOPIC, true));
    }

    @Test
    void theFirstGroupOfAOneTermQueryIsTheTermInTheTopic() {
        QueryNode one = root("rotation");
        QueryNode topic = Ranking.topicHit(one).orElseThrow();

        assertThat(Ranking.firstGroup(one, topic)).isEqualTo(new QueryNode.Term("rotation", Column.TOPIC, false));
    }

    @Test
    void theFirstGroupOfALongerQueryIsTheQueryAndATermInTheTopic() {
        QueryNode two = root("deploy window");
        QueryNode topic = Ranking.topicHit(two).orElseThrow();

        assertThat(Ranking.firstGroup(two, topic)).isEqualTo(new QueryNode.All(List.of(two, topic)));
    }

    @Test
    void theFirstGroupOfTermsJoinedByOrIsTheirTopicTerms() {
        QueryNode any = root("rotation OR kerberos OR body:window");
        QueryNode topic = Ranking.topicHit(any).orElseThrow();

        assertThat(Ranking.firstGroup(any, topic))
                .isEqualTo(new QueryNode.Any(List.of(
                        new QueryNode.Term("rotation", Column.TOPIC, false),
                        new QueryNode.Term("kerberos", Column.TOPIC, false))));
    }

    private static QueryNode root(String query) {
        return ((SearchPlan.Ready) SearchQueries.plan(query)).root();
    }
}
