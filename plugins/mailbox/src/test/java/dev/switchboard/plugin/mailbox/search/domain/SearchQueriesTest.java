package dev.switchboard.plugin.mailbox.search.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.search.domain.QueryNode.All;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode.Any;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode.Except;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode.Term;

class SearchQueriesTest {

    private static Term word(String text) {
        return new Term(text, Column.ANY, false);
    }

    private static SearchPlan.Ready ready(String query) {
        SearchPlan plan = SearchQueries.plan(query);
        assertThat(plan).as(query).isInstanceOf(SearchPlan.Ready.class);
        return (SearchPlan.Ready) plan;
    }

    private static String refusal(String query) {
        SearchPlan plan = SearchQueries.plan(query);
        assertThat(plan).as(query).isInstanceOf(SearchPlan.Refused.class);
        return ((SearchPlan.Refused) plan).reason();
    }

    @Test
    void bareWordsSideBySideAreAllRequired() {
        SearchPlan.Ready plan = ready("deploy rollback");

        assertThat(plan.root()).isEqualTo(new All(List.of(word("deploy"), word("rollback"))));
        assertThat(plan.path()).isEqualTo(SearchPath.INDEX);
        assertThat(plan.literal()).isFalse();
    }

    @Test
    void aQuotedPhraseIsOneTermAndADoubledQuoteInsideItIsAQuote() {
        assertThat(ready("\"blue green\" \"say \"\"hi\"\"\"").root())
                .isEqualTo(new All(List.of(word("blue green"), word("say \"hi\""))));
    }

    @Test
    void notBindsLooserThanWordsSideBySideAndTighterThanOr() {
        assertThat(ready("aaa OR bbb ccc NOT ddd").root())
                .isEqualTo(new Any(List.of(
                        word("aaa"), new Except(new All(List.of(word("bbb"), word("ccc"))), word("ddd")))));
    }

    @Test
    void parenthesesGroupAndExplicitAndIsAccepted() {
        assertThat(ready("(aaa OR bbb) AND ccc").root())
                .isEqualTo(new All(List.of(new Any(List.of(word("aaa"), word("bbb"))), word("ccc"))));
    }

    @Test
    void lowerCaseOperatorsAreWords() {
        assertThat(ready("this or that").root()).isEqualTo(new All(List.of(word("this"), word("or"), word("that"))));
    }

    @Test
    void aTrailingStarMakesAPrefixOfTheWordOrPhrase() {
        assertThat(ready("rota* \"green dep\"*").root())
                .isEqualTo(
                        new All(List.of(new Term("rota", Column.ANY, true), new Term("green dep", Column.ANY, true))));
    }

    @Test
    void columnFiltersApplyToTheNextTermWrittenAttachedOrApart() {
        assertThat(ready("topic:deploy body: \"green blue\" Topic:xyz").root())
                .isEqualTo(new All(List.of(
                        new Term("deploy", Column.TOPIC, false),
                        new Term("green blue", Column.BODY, false),
                        new Term("xyz", Column.TOPIC, false))));
    }

    @Test
    void aColumnFilterOnAGroupFiltersEveryTermInItOnTheIndexPath() {
        SearchPlan.Ready plan = ready("topic:(abc OR def)");

        assertThat(plan.root())
                .isEqualTo(
                        new Any(List.of(new Term("abc", Column.TOPIC, false), new Term("def", Column.TOPIC, false))));
        assertThat(plan.path()).isEqualTo(SearchPath.INDEX);
    }

    @Test
    void anUnknownColumnNameIsPartOfALiteralWord() {
        assertThat(ready("http://host/x").root()).isEqualTo(word("http://host/x"));
    }

    @Test
    @DisplayName("3C.97 a 2-char term sends the query to the scan")
    void aTermUnderThreeCharactersSendsTheQueryToTheScan() {
        assertThat(ready("deploy ok").path()).isEqualTo(SearchPath.SCAN);
        assertThat(ready("ok*").path()).isEqualTo(SearchPath.SCAN);
        assertThat(ready("deploy okay").path()).isEqualTo(SearchPath.INDEX);
    }

    @Test
    void termLengthCountsCodePointsNotUtf16Units() {
        assertThat(ready("\uD83D\uDE80\uD83D\uDE80").path()).as("two emoji").isEqualTo(SearchPath.SCAN);
        assertThat(ready("рот").path()).isEqualTo(SearchPath.INDEX);
    }

    @Test
    void anUnparseableQueryIsRetriedAsItsLiteralPieces() {
        SearchPlan.Ready unbalanced = ready("deploy (rollback");
        assertThat(unbalanced.root()).isEqualTo(new All(List.of(word("deploy"), word("(rollback"))));
        assertThat(unbalanced.literal()).isTrue();
        assertThat(unbalanced.path()).isEqualTo(SearchPath.INDEX);

        assertThat(ready("deploy OR").root()).isEqualTo(new All(List.of(word("deploy"), word("OR"))));
        assertThat(ready("\"unterminated phrase").root())
                .isEqualTo(new All(List.of(word("unterminated"), word("phrase"))));
    }

    @Test
    void indexOnlyCharactersAreRetriedLiterallyWhenEveryPieceIsLongEnough() {
        SearchPlan.Ready plan = ready("merchant-id 2026-12-01");

        assertThat(plan.root()).isEqualTo(new All(List.of(word("merchant-id"), word("2026-12-01"))));
        assertThat(plan.path()).isEqualTo(SearchPath.INDEX);
        assertThat(plan.literal()).isTrue();
    }

    @Test
    void anUnparseableQueryWithAShortPieceIsScannedLiterally() {
        SearchPlan.Ready plan = ready("ab (cd");

        assertThat(plan.root()).isEqualTo(new All(List.of(word("ab"), word("(cd"))));
        assertThat(plan.path()).isEqualTo(SearchPath.SCAN);
    }

    @Test
    void underscoresAndPercentSignsAreOrdinaryCharacters() {
        assertThat(ready("merchant_id 50%").root()).isEqualTo(new All(List.of(word("merchant_id"), word("50%"))));
    }

    @Test
    @DisplayName("3C.97 NEAR(a b) combined with a short term is refused")
    void nearIsRefusedNamingTheWayOut() {
        assertThat(refusal("NEAR(alpha beta) ab")).contains("NEAR(...)").contains("\"phrase\"");
        assertThat(refusal("NEAR(alpha beta)")).contains("NEAR(...)");
        assertThat(ready("NEAR alpha").root()).isEqualTo(new All(List.of(word("NEAR"), word("alpha"))));
    }

    @Test
    void aColumnFilterOnAGroupWithAShortTermIsRefused() {
        assertThat(refusal("topic:(ab OR cd)"))
                .contains("column filter on a group")
                .contains("topic:ab OR topic:cd");
    }

    @Test
    void indexOnlyCharactersBesideAShortTermAreRefusedNamingTheCharacter() {
        for (String query : List.of("ab-cd x", "{topic} ab", "a+b x", "x,y z", "^ab c", "ab -cd")) {
            assertThat(refusal(query)).as(query).contains("outside quotes").contains("in quotes");
        }
        assertThat(ready("\"a-b\" \"x,y\"").path()).isEqualTo(SearchPath.INDEX);
        assertThat(ready("\"a-b\" x").path()).as("quoted, the scan can do it").isEqualTo(SearchPath.SCAN);
        assertThat(ready("a+b").path()).as("one literal piece of 3 characters").isEqualTo(SearchPath.INDEX);
    }

    @Test
    @DisplayName("3C.97 a 4097-char query is refused")
    void aQueryOverFourThousandNinetySixCharactersIsRefused() {
        assertThat(ready("x".repeat(4096)).path()).isEqualTo(SearchPath.INDEX);
        assertThat(refusal("x".repeat(4097))).contains("4097").contains("4096");
        assertThat(ready("я".repeat(4096)).path())
                .as("counted in characters, not bytes")
                .isEqualTo(SearchPath.INDEX);
    }

    @Test
    @DisplayName("3C.97 a query of 257 terms is refused")
    void aQueryOfMoreThanTwoHundredFiftySixTermsIsRefused() {
        assertThat(ready(terms(256)).root().terms()).hasSize(256);
        assertThat(refusal(terms(257))).contains("257 terms").contains("256");
        assertThat(ready(String.join(" OR ", List.of("aaa", "bbb"))).root().terms())
                .as("operators are not terms")
                .hasSize(2);
    }

    @Test
    void parenthesesNestedDeeperThanTwoHundredFiftySixAreRefused() {
        assertThat(ready("(".repeat(256) + "abc" + ")".repeat(256)).root()).isEqualTo(word("abc"));
        assertThat(refusal("(".repeat(257) + "abc" + ")".repeat(257)))
                .contains("257 deep")
                .contains("256");
        assertThat(refusal("(".repeat(4000))).as("checked before parsing").contains("4000 deep");
    }

    @Test
    void operatorsNestedDeeperThanTheIndexPathTakesAreAnsweredByTheScan() {
        String query = "abc";
        for (int i = 1; i <= SearchQueries.MAX_INDEX_NESTING; i++) {
            query = "(w" + i + "x " + (i % 2 == 0 ? "OR " : "AND ") + query + ")";
        }
        assertThat(ready(query).path()).isEqualTo(SearchPath.INDEX);
        assertThat(ready("(xyz OR " + query + ")").path()).isEqualTo(SearchPath.SCAN);
        assertThat(ready("(".repeat(200) + "abc" + ")".repeat(200)).path())
                .as("parentheses around one term add no nesting")
                .isEqualTo(SearchPath.INDEX);
    }

    @Test
    void anEmptyOrQuotesOnlyQueryIsRefused() {
        assertThat(refusal("   ")).contains("empty");
        assertThat(refusal(null)).contains("empty");
        assertThat(refusal("\"\"")).contains("no text");
    }

    @Test
    void positiveTermsLeaveOutWhatNotExcludes() {
        assertThat(ready("alpha NOT beta gamma").root().positiveTerms()).containsExactly(word("alpha"));
    }

    private static String terms(int count) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < count; i++) {
            query.append("t").append(i).append("x ");
        }
        return query.toString();
    }
}
