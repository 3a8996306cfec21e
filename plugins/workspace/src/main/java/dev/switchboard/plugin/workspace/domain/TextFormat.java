package dev.switchboard.plugin.workspace.domain;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How a text file is laid out on disk: whether it starts with a UTF-8 byte order mark and whether its lines end in
 * CRLF. Edits are matched in LF text without a BOM ({@link EditPlan}), applied to the text with its own line ends,
 * and {@link #bytes} puts the BOM back. Immutable.
 *
 * @param bom  whether the file starts with EF BB BF
 * @param crlf whether any of the file's lines ends in CRLF
 */
public record TextFormat(boolean bom, boolean crlf) {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    /**
     * A file's text in edit form, with its layout.
     *
     * @param text   the text without BOM, with LF line ends
     * @param format the file's layout
     * @param raw    the text without BOM, with the file's own line ends (possibly mixed)
     */
    public record Decoded(String text, TextFormat format, String raw) {}

    /**
     * @param bytes a file's bytes, UTF-8 (malformed sequences become U+FFFD)
     * @return the text in edit form and the file's layout
     */
    public static Decoded decode(byte[] bytes) {
        boolean bom = hasBom(bytes);
        int from = bom ? 3 : 0;
        return decoded(new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8), bom);
    }

    /**
     * As {@link #decode}, for a file about to be edited: malformed UTF-8 is refused instead of replaced, because an
     * edit writes the whole text back and would rewrite bytes it does not change.
     *
     * @param path  the file, for the error
     * @param bytes a file's bytes
     * @return the text in edit form and the file's layout
     * @throws WorkspaceException {@link Code#UNSUPPORTED_FILE} when the bytes are not valid UTF-8
     */
    public static Decoded decodeForEdit(String path, byte[] bytes) {
        boolean bom = hasBom(bytes);
        return decoded(StrictUtf8.decode(path, bytes, bom ? 3 : 0), bom);
    }

    private static boolean hasBom(byte[] bytes) {
        return bytes.length >= 3 && Arrays.equals(bytes, 0, 3, BOM, 0, 3);
    }

    private static Decoded decoded(String text, boolean bom) {
        boolean crlf = text.contains("\r\n");
        return new Decoded(crlf ? toLf(text) : text, new TextFormat(bom, crlf), text);
    }

    /**
     * @param text text whose line ends may be CRLF
     * @return the same text with LF line ends
     */
    public static String toLf(String text) {
        return text.replace("\r\n", "\n");
    }

    /**
     * @param raw text with the line ends it is to have on disk, without a BOM
     * @return the bytes to write: UTF-8, with this layout's BOM when it has one
     * @throws WorkspaceException {@link Code#INVALID_ARGUMENTS} when the text holds a lone surrogate (it came from an
     *                            edit's newText: the file's own text was valid UTF-8)
     */
    public byte[] bytes(String raw) {
        byte[] body = StrictUtf8.encode("edits[].newText", raw);
        if (!bom) {
            return body;
        }
        byte[] out = new byte[body.length + 3];
        System.arraycopy(BOM, 0, out, 0, 3);
        System.arraycopy(body, 0, out, 3, body.length);
        return out;
    }
}
