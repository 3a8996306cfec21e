package dev.switchboard.plugin.mailbox.pin.application;

/**
 * A {@code pin_set} call's arguments, as sent. Immutable.
 *
 * @param key        the pin key (trimmed before use)
 * @param title      the title (trimmed before use)
 * @param version    the version label (trimmed before use)
 * @param body       the body, or empty when {@code bodyRef} is given
 * @param bodyRef    a sealed upload whose text is the body, or null
 * @param approvedBy the approving proposal's id, or null
 */
public record PinDraft(String key, String title, String version, String body, Long bodyRef, Long approvedBy) {}
