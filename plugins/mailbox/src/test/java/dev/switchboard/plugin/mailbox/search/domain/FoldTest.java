package dev.switchboard.plugin.mailbox.search.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FoldTest {

    @Test
    void lowerCaseAsciiIsReturnedAsIs() {
        String text = "merchant_id 50% off";
        assertThat(Fold.fold(text)).isSameAs(text);
    }

    @Test
    void everyScriptFoldsByTheSimpleLowerCaseMappingWithoutContext() {
        assertThat(Fold.fold("Deploy ROTATION")).isEqualTo("deploy rotation");
        assertThat(Fold.fold("РОТАЦИЯ Ключей")).isEqualTo("ротация ключей");
        assertThat(Fold.fold("ΟΔΟΣ")).as("no final-sigma rule").isEqualTo("οδοσ");
        assertThat(Fold.fold("İstanbul")).as("simple mapping, same length").isEqualTo("istanbul");
    }

    @Test
    void supplementaryCodePointsFoldAndStayWhole() {
        assertThat(Fold.fold("\uD801\uDC00x")).as("DESERET CAPITAL LONG I").isEqualTo("\uD801\uDC28x");
        assertThat(Fold.fold("A\uD83D\uDE80")).isEqualTo("a\uD83D\uDE80");
    }
}
