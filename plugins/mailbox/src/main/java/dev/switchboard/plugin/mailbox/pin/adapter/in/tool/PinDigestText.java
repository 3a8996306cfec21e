package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;

/** The digest rule every pin tool's description carries, so everyone hashes the same way. Constants only. */
final class PinDigestText {

    /** Appended to the pin tools' descriptions. */
    static final String RULE = " Every pin carries body_sha256, body_length_bytes and body_length_chars: sha256 over"
            + " the body's raw UTF-8 bytes exactly as stored (no trimming, newline conversion or Unicode"
            + " normalisation), and the length in bytes and in characters.";

    private PinDigestText() {}
}
