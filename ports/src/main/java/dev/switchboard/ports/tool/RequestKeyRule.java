package dev.switchboard.ports.tool;

/**
 * The one rule for a key that makes a retry safe, whatever a tool calls it (the mailbox's and the workspace's
 * {@code request_key}, handoff's {@code idempotency_key}): 1 to {@value #MAX_CHARS} characters of
 * {@code A-Z a-z 0-9 . _ : -}, so a key is never ambiguous in a log line, a receipt or an error message (no spaces, no
 * look-alike non-ASCII letters). A tool declares it in its input schema ({@link #SCHEMA_KEYWORDS}), so the kernel
 * refuses any other key with {@code INVALID_ARGUMENTS} naming the argument before the tool runs. Constants only.
 */
public interface RequestKeyRule {

    /** The most characters of a key. */
    int MAX_CHARS = 200;

    /** The characters of a key, as a JSON Schema {@code pattern} and a Java regular expression (anchored). */
    String PATTERN = "^[A-Za-z0-9._:-]+$";

    /**
     * The JSON Schema keywords of a key's property, to write after its {@code "type": "string"}:
     * {@code "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9._:-]+$"}.
     */
    String SCHEMA_KEYWORDS = "\"minLength\": 1, \"maxLength\": " + MAX_CHARS + ", \"pattern\": \"" + PATTERN + "\"";
}
