package dev.switchboard.ports.tool;

import java.util.regex.Pattern;

/**
 * The one rule for a key that makes a retry safe, whatever a tool calls it (the mailbox's and the workspace's
 * {@code request_key}, handoff's {@code idempotency_key}): 1 to {@value #MAX_CHARS} characters of
 * {@code A-Z a-z 0-9 . _ : -}, so a key is never ambiguous in a log line, a receipt or an error message (no spaces, no
 * look-alike non-ASCII letters). Declared in the tool's input schema ({@link #SCHEMA_KEYWORDS}), so the kernel refuses
 * any other key with {@code INVALID_ARGUMENTS} naming the argument before the tool runs. Constants only.
 */
public final class RequestKeyRule {

    /** The most characters of a key. */
    public static final int MAX_CHARS = 200;

    /** The characters of a key, as a JSON Schema {@code pattern} (anchored). */
    public static final String PATTERN = "^[A-Za-z0-9._:-]+$";

    /**
     * The JSON Schema keywords of a key's property, to write after its {@code "type": "string"}:
     * {@code "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9._:-]+$"}.
     */
    public static final String SCHEMA_KEYWORDS =
            "\"minLength\": 1, \"maxLength\": " + MAX_CHARS + ", \"pattern\": \"" + PATTERN + "\"";

    private static final Pattern COMPILED = Pattern.compile(PATTERN);

    private RequestKeyRule() {}

    /**
     * @param key a key, or null
     * @return whether it keeps the rule
     */
    public static boolean accepts(String key) {
        return key != null && key.length() <= MAX_CHARS && COMPILED.matcher(key).matches();
    }
}
