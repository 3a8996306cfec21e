package dev.switchboard.plugin.workspace.domain;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * UTF-8 that refuses rather than replaces: a write or an edit must store exactly the text it was given and keep every
 * byte it does not change, so a lone UTF-16 surrogate in the arguments (which Java's lenient encoder turns into
 * {@code ?}) and a file that is not valid UTF-8 (whose bytes a lenient decoder turns into U+FFFD, and an edit would
 * then write back) are refused. Stateless and thread-safe.
 */
public final class StrictUtf8 {

    private StrictUtf8() {}

    /**
     * @param field the argument the text came from, for the error
     * @param text  the text to store
     * @return its UTF-8 bytes
     * @throws WorkspaceException {@link Code#INVALID_ARGUMENTS} naming the field when the text holds a lone surrogate
     */
    public static byte[] encode(String field, String text) {
        try {
            ByteBuffer encoded = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(text));
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            return bytes;
        } catch (CharacterCodingException e) {
            throw new WorkspaceException(
                    Code.INVALID_ARGUMENTS,
                    field + " holds a lone UTF-16 surrogate, which has no UTF-8 form; nothing was written. Send the"
                            + " text as valid Unicode (a surrogate pair, or U+FFFD)",
                    Map.of("field", field));
        }
    }

    /**
     * @param path   the file, for the error
     * @param bytes  the file's bytes
     * @param offset where the text starts (after a byte order mark)
     * @return the text
     * @throws WorkspaceException {@link Code#UNSUPPORTED_FILE} when the bytes are not valid UTF-8
     */
    public static String decode(String path, byte[] bytes, int offset) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new WorkspaceException(
                    Code.UNSUPPORTED_FILE,
                    path + " is not valid UTF-8 text, so an edit would rewrite bytes it does not change; nothing was"
                            + " written. Replace the whole file with write, or edit it with a tool that knows its"
                            + " encoding",
                    Map.of("path", path, "encoding", "not UTF-8"));
        }
    }
}
