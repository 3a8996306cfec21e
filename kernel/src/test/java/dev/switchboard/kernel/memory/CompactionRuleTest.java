package dev.switchboard.kernel.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a serial-collector server asks for a full collection (ADR 76): heap figures and quiet time in, yes or no out. */
class CompactionRuleTest {

    private static final long MIB = 1L << 20;
    private static final long IDLE = 30_000;

    private final CompactionRule rule = new CompactionRule(IDLE, 8 * MIB);

    /** A reading: committed and old-generation MiB, young and full collection counts. */
    private static HeapReading at(long millis, long committed, long oldUsed, long oldLive, long young, long full) {
        return new HeapReading(millis, committed * MIB, oldUsed * MIB, oldLive < 0 ? -1 : oldLive * MIB, young, full);
    }

    @Test
    void aBurstsHeapIsCollectedOnceTheServerHasBeenQuietForTheIdleTime() {
        // ten 1,000-message answers: 164 MiB committed, 21 MiB live after the last full collection
        assertThat(rule.due(at(0, 164, 30, 21, 900, 1))).isFalse();
        assertThat(rule.due(at(IDLE - 1, 164, 30, 21, 900, 1))).isFalse();
        assertThat(rule.due(at(IDLE, 164, 30, 21, 900, 1))).isTrue();
    }

    @Test
    void youngCollectionsMeanCallsSoABurstWaitsForQuiet() {
        assertThat(rule.due(at(0, 164, 30, 21, 900, 1))).isFalse();
        assertThat(rule.due(at(20_000, 164, 30, 21, 950, 1))).isFalse();
        assertThat(rule.due(at(IDLE + 10_000, 164, 30, 21, 950, 1))).isFalse();
        assertThat(rule.due(at(IDLE + 20_000, 164, 30, 21, 950, 1))).isTrue();
    }

    @Test
    void aQuietHeapNearItsLiveDataIsLeftAlone() {
        // idle after start: 24 MiB committed, 13 MiB live
        assertThat(rule.due(at(0, 24, 13, 13, 100, 1))).isFalse();
        assertThat(rule.due(at(10 * IDLE, 24, 13, 13, 100, 1))).isFalse();
    }

    @Test
    void oneCollectionPerQuietSpell() {
        // 100 MiB live: 30 % free after the collection still leaves more than the slack above twice the live data
        assertThat(rule.due(at(0, 250, 100, 100, 10, 1))).isFalse();
        assertThat(rule.due(at(IDLE, 250, 100, 100, 10, 1))).isTrue();
        assertThat(rule.due(at(IDLE + 5_000, 215, 100, 100, 10, 2))).isFalse();
        assertThat(rule.due(at(10 * IDLE, 215, 100, 100, 10, 2))).isFalse();
        // calls again, then quiet again
        assertThat(rule.due(at(10 * IDLE + 1, 260, 100, 100, 20, 2))).isFalse();
        assertThat(rule.due(at(11 * IDLE + 1, 260, 100, 100, 20, 2))).isTrue();
    }

    @Test
    void anOldGenerationGrownByTheSlackSinceItsLastFullCollectionIsCollectedEvenUnderCalls() {
        // a soak: young collections every reading, the old generation creeping up from 14 MiB live
        assertThat(rule.due(at(0, 30, 14, 14, 1_000, 1))).isFalse();
        assertThat(rule.due(at(5_000, 30, 21, 14, 1_040, 1))).isFalse();
        assertThat(rule.due(at(10_000, 32, 22, 14, 1_080, 1))).isTrue();
        // collected: live 14 MiB again
        assertThat(rule.due(at(15_000, 22, 14, 14, 1_120, 2))).isFalse();
    }

    @Test
    void growthIsMeasuredAgainstHalfTheLiveDataWhenThatIsMoreThanTheSlack() {
        assertThat(rule.due(at(0, 300, 200, 200, 1, 1))).isFalse();
        assertThat(rule.due(at(5_000, 300, 299, 200, 2, 1))).isFalse();
        assertThat(rule.due(at(10_000, 320, 300, 200, 3, 1))).isTrue();
    }

    @Test
    void beforeTheFirstFullCollectionTheFirstReadingStandsForTheLiveData() {
        assertThat(rule.due(at(0, 20, 10, -1, 50, 0))).isFalse();
        assertThat(rule.due(at(5_000, 26, 17, -1, 60, 0))).isFalse();
        assertThat(rule.due(at(10_000, 28, 18, -1, 70, 0))).isTrue();
    }

    @Test
    void noRequestFollowsOneThatBroughtNoFullCollection() {
        // -XX:+DisableExplicitGC: System.gc() does nothing
        assertThat(rule.due(at(0, 40, 30, 14, 1, 1))).isTrue();
        assertThat(rule.due(at(5_000, 40, 31, 14, 2, 1))).isFalse();
        assertThat(rule.due(at(10_000, 40, 32, 14, 3, 2))).isTrue();
    }
}
