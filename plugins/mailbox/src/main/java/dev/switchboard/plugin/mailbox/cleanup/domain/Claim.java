package dev.switchboard.plugin.mailbox.cleanup.domain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why the supersede rule would have retired a message. Immutable.
 *
 * @param matchedBy {@code pin_key} or {@code text} (a key's round settled after it), {@code target} (its
 *                  {@code about_message_id} is dead), {@code target_text} (it cites a dead or retiring message as
 *                  {@code #N})
 * @param pin       the settling pin version for a key claim, else null
 * @param targetId  the dead or retiring message for a target claim, else null
 * @param reason    {@code deleted}, {@code superseded} or {@code target is itself being retired} for a target
 *                  claim, else null
 */
public record Claim(String matchedBy, PinHead pin, Long targetId, String reason) {

    /** @return whether a pin key claims it */
    public boolean isKeyClaim() {
        return pin != null;
    }

    /** @return the claim as the wire shows it in {@code settled_by} */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        if (pin != null) {
            wire.put("key", pin.key());
            wire.put("version", pin.version());
            wire.put("updated_at", pin.updatedAt());
            wire.put("updated_by", pin.updatedBy());
        }
        wire.put("matched_by", matchedBy);
        if (targetId != null) {
            wire.put("target_id", targetId);
            wire.put("reason", reason);
        }
        return wire;
    }
}
