package dev.switchboard.plugin.workspace.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class DomainRulesTest {

    @Test
    void canonicalJsonSortsKeysAndTreatsIntegralNumbersAlike() {
        assertThat(CanonicalJson.of(Map.of("b", 1, "a", List.of("x\n", true, 2.0))))
                .isEqualTo("{\"a\":[\"x\\n\",true,2],\"b\":1}");
        assertThat(CanonicalJson.of(Map.of("t", 120))).isEqualTo(CanonicalJson.of(Map.of("t", 120.0)));
    }

    @Test
    void textFormatRoundTripsBomAndCrlf() {
        byte[] bytes = "\uFEFFa\r\nb\r\n".getBytes(StandardCharsets.UTF_8);

        TextFormat.Decoded decoded = TextFormat.decode(bytes);

        assertThat(decoded.text()).isEqualTo("a\nb\n");
        assertThat(decoded.format()).isEqualTo(new TextFormat(true, true));
        assertThat(decoded.raw()).isEqualTo("a\r\nb\r\n");
        assertThat(decoded.format().bytes(decoded.raw())).isEqualTo(bytes);
    }

    @Test
    void editsThatDoNotTouchAreApplied() {
        assertThat(EditPlan.apply("abcd", List.of(new TextEdit("a", "1"), new TextEdit("cd", "2"))))
                .isEqualTo("1b2");
    }

    @Test
    void editsThatTouchAreRefused() {
        assertThatThrownBy(() -> EditPlan.apply("abcd", List.of(new TextEdit("ab", "1"), new TextEdit("cd", "2"))))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("touch");
    }

    @Test
    void aReplacementWithoutLineEndsInAMostlyCrlfFileTakesCrlf() {
        TextFormat.Decoded file = TextFormat.decode("a\r\nb\r\nc\n".getBytes(StandardCharsets.UTF_8));

        assertThat(EditPlan.apply(file, List.of(new TextEdit("b", "b1\nb2")))).isEqualTo("a\r\nb1\r\nb2\r\nc\n");
    }

    @Test
    void anEditThatIsNotFoundNamesItsIndex() {
        assertThatThrownBy(() -> EditPlan.apply("abc", List.of(new TextEdit("a", "b"), new TextEdit("z", ""))))
                .hasMessageContaining("edits[1]");
    }

    @Test
    void aReadPastTheEndIsRefused() {
        assertThatThrownBy(() -> LineWindow.of("one\n", 5, null)).isInstanceOf(WorkspaceException.class);
    }

    @Test
    void recognisesImagesByTheirLeadingBytes() {
        assertThat(ImageType.of(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0}))
                .isEqualTo("image/jpeg");
        assertThat(ImageType.of("GIF89a...".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("image/gif");
        assertThat(ImageType.of("hello".getBytes(StandardCharsets.US_ASCII))).isNull();
    }
}
