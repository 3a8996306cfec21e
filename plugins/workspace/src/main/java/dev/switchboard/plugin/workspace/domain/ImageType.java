package dev.switchboard.plugin.workspace.domain;

import java.nio.charset.StandardCharsets;

/** Recognises the image formats MCP clients display (PNG, JPEG, GIF, WebP) from their leading bytes. Stateless. */
public final class ImageType {

    private ImageType() {}

    /**
     * @param bytes a file's bytes
     * @return its MIME type, such as {@code image/png}, or null when it is not one of the recognised images
     */
    public static String of(byte[] bytes) {
        if (starts(bytes, new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})) {
            return "image/png";
        }
        if (starts(bytes, new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF})) {
            return "image/jpeg";
        }
        if (starts(bytes, "GIF87a".getBytes(StandardCharsets.US_ASCII))
                || starts(bytes, "GIF89a".getBytes(StandardCharsets.US_ASCII))) {
            return "image/gif";
        }
        if (bytes.length >= 12
                && starts(bytes, "RIFF".getBytes(StandardCharsets.US_ASCII))
                && new String(bytes, 8, 4, StandardCharsets.US_ASCII).equals("WEBP")) {
            return "image/webp";
        }
        return null;
    }

    private static boolean starts(byte[] bytes, byte[] prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
