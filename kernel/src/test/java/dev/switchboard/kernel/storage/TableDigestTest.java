package dev.switchboard.kernel.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;

class TableDigestTest {

    @Test
    void anIntegerReadsTheSameWhicheverJavaTypeTheDriverHandsOver() {
        assertThat(List.of(
                        TableDigest.canonical(42),
                        TableDigest.canonical(42L),
                        TableDigest.canonical((short) 42),
                        TableDigest.canonical(BigInteger.valueOf(42)),
                        TableDigest.canonical(new BigDecimal("42"))))
                .containsOnly("I42;");
        assertThat(TableDigest.canonical(Long.MAX_VALUE)).isEqualTo("I9223372036854775807;");
    }

    @Test
    void nullTextAndNumbersNeverLookAlike() {
        assertThat(TableDigest.canonical(null))
                .isNotEqualTo(TableDigest.canonical("null"))
                .isNotEqualTo(TableDigest.canonical(""));
        assertThat(TableDigest.canonical("42")).isNotEqualTo(TableDigest.canonical(42));
    }

    @Test
    void textCarriesItsLengthSoValuesCannotBleedIntoTheirNeighbours() {
        assertThat(TableDigest.canonical("a;") + TableDigest.canonical("b"))
                .isNotEqualTo(TableDigest.canonical("a") + TableDigest.canonical(";b"));
    }

    @Test
    void aTableWithoutRowsHasTheDigestOfNothing() {
        assertThat(TableDigest.empty())
                .isEqualTo(new TableDigest(0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }
}
