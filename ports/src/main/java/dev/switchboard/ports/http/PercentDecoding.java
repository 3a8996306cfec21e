package dev.switchboard.ports.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Decodes one percent-encoded path segment as UTF-8, strictly: a malformed escape or invalid UTF-8 is refused. */
final class PercentDecoding {

    private PercentDecoding() {
    }

    static Optional<String> decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return Optional.of(segment);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c > 0x7F) {
                return Optional.empty();
            }
            if (c != '%') {
                bytes.write(c);
                continue;
            }
            if (i + 2 >= segment.length()) {
                return Optional.empty();
            }
            int high = Character.digit(segment.charAt(i + 1), 16);
            int low = Character.digit(segment.charAt(i + 2), 16);
            if (high < 0 || low < 0) {
                return Optional.empty();
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            String decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
            return decoded.indexOf('/') >= 0 ? Optional.empty() : Optional.of(decoded);
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
