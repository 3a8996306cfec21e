package dev.switchboard.e2e.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the end-to-end tests of the handoff plugin send and check: publish arguments, digests. Stateless. */
public final class Handoffs {

    private Handoffs() {}

    /**
     * @param idempotencyKey the publish's {@code idempotency_key}, or null to send none
     * @return the arguments of {@code frontispice_publish_handoff}, with the summary {@code s}
     */
    public static Map<String, Object> publish(String project, String title, String content, String idempotencyKey) {
        Map<String, Object> arguments =
                new LinkedHashMap<>(Map.of("project", project, "title", title, "summary", "s", "content", content));
        if (idempotencyKey != null) {
            arguments.put("idempotency_key", idempotencyKey);
        }
        return arguments;
    }

    /** @return the lower-case hex SHA-256 of the bytes */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** @return a receipt's {@code checksum} for the content: {@code sha256:} and the hex digest of its UTF-8 bytes */
    public static String checksum(String content) {
        return "sha256:" + sha256(content.getBytes(StandardCharsets.UTF_8));
    }
}
