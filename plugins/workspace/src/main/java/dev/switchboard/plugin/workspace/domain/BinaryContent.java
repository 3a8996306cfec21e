package dev.switchboard.plugin.workspace.domain;

import java.nio.charset.StandardCharsets;

/**
 * Tells binary content from text, as {@code grep} and {@code git} do: a NUL byte within the first
 * {@value #PROBE_BYTES} bytes marks it binary. Names the MIME type of common binary formats from their leading bytes
 * (archives, PDF, executables, SQLite, audio and video containers), {@code application/octet-stream} otherwise.
 * Images the clients display are {@link ImageType}'s business. Stateless.
 */
public final class BinaryContent {

    /** How many leading bytes are probed for a NUL. */
    public static final int PROBE_BYTES = 8192;
    /** The MIME type of binary content of no recognised format. */
    public static final String UNKNOWN = "application/octet-stream";

    private record Magic(int offset, byte[] bytes, String mimeType) {
        Magic(int offset, String ascii, String mimeType) {
            this(offset, ascii.getBytes(StandardCharsets.ISO_8859_1), mimeType);
        }
    }

    private static final Magic[] MAGIC = {
        new Magic(0, "PK\u0003\u0004", "application/zip"),
        new Magic(0, "PK\u0005\u0006", "application/zip"),
        new Magic(0, "%PDF-", "application/pdf"),
        new Magic(0, "\u001f\u008b", "application/gzip"),
        new Magic(0, "BZh", "application/x-bzip2"),
        new Magic(0, "\u00fd7zXZ\u0000", "application/x-xz"),
        new Magic(0, "\u0028\u00b5\u002f\u00fd", "application/zstd"),
        new Magic(0, "7z\u00bc\u00af\u0027\u001c", "application/x-7z-compressed"),
        new Magic(257, "ustar", "application/x-tar"),
        new Magic(0, "\u007fELF", "application/x-elf"),
        new Magic(0, "\u00ca\u00fe\u00ba\u00be", "application/java-vm"),
        new Magic(0, "MZ", "application/vnd.microsoft.portable-executable"),
        new Magic(0, "SQLite format 3\u0000", "application/vnd.sqlite3"),
        new Magic(0, "\u0000asm", "application/wasm"),
        new Magic(0, "OggS", "audio/ogg"),
        new Magic(0, "ID3", "audio/mpeg"),
        new Magic(0, "fLaC", "audio/flac"),
        new Magic(4, "ftyp", "video/mp4"),
        new Magic(0, "\u001a\u0045\u00df\u00a3", "video/webm"),
        new Magic(0, "\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1", "application/x-ole-storage"),
    };

    private BinaryContent() {}

    /**
     * @param bytes content
     * @return whether a NUL occurs in its first {@value #PROBE_BYTES} bytes
     */
    public static boolean isBinary(byte[] bytes) {
        for (int i = 0, to = Math.min(bytes.length, PROBE_BYTES); i < to; i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param bytes content
     * @return whether it is binary: a NUL in the probe, or the leading bytes of a recognised binary format (a magic
     *         of at least 4 bytes, so text that merely starts with {@code MZ} or {@code ID3} stays text)
     */
    public static boolean isBinaryOrKnownFormat(byte[] bytes) {
        return isBinary(bytes) || known(bytes, 4) != null;
    }

    /**
     * @param bytes binary content
     * @return its MIME type, {@value #UNKNOWN} when the format is not recognised
     */
    public static String mimeType(byte[] bytes) {
        String known = known(bytes, 1);
        return known == null ? UNKNOWN : known;
    }

    private static String known(byte[] bytes, int minMagic) {
        for (Magic magic : MAGIC) {
            if (magic.bytes().length >= minMagic && at(bytes, magic.offset(), magic.bytes())) {
                return magic.mimeType();
            }
        }
        return null;
    }

    private static boolean at(byte[] bytes, int offset, byte[] magic) {
        if (bytes.length < offset + magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (bytes[offset + i] != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
