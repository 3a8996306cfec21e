package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void everyC0DelAndC1ControlCharacterBecomesItsEscape() {
        assertThat(TerminalText.escaped("a\u0000b\u001b[2Jc\nd\te\u007ff\u0080g\u009bh"))
                .isEqualTo("a\\u0000b\\u001b[2Jc\\u000ad\\u0009e\\u007ff\\u0080g\\u009bh");
    }

    @Test
    void textWithoutControlCharactersIsKeptAsItIs() {
        String text = "pending for 'backend' in 'proj': unread=1 \u00a0é \u20ac \\u001b";
        assertThat(TerminalText.escaped(text)).isSameAs(text);
    }
}
