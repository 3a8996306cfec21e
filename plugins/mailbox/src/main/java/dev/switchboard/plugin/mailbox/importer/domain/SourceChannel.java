package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.List;
import java.util.Objects;

/**
 * Everything an ai-agent-channel channel database holds that the import writes, each list in the original's id
 * order, read from one snapshot. Immutable.
 *
 * @param shape    the file's version and columns
 * @param messages the messages with their deliveries
 * @param acks     the acknowledgements
 * @param events   the audit trail
 * @param pins     every pin version
 * @param uploads  the uploads
 */
public record SourceChannel(
        SourceShape shape,
        List<SourceMessage> messages,
        List<SourceAck> acks,
        List<SourceEvent> events,
        List<SourcePin> pins,
        List<SourceUpload> uploads) {

    /** @throws NullPointerException if any part is null */
    public SourceChannel {
        Objects.requireNonNull(shape, "shape");
        messages = List.copyOf(messages);
        acks = List.copyOf(acks);
        events = List.copyOf(events);
        pins = List.copyOf(pins);
        uploads = List.copyOf(uploads);
    }

    /** @return the highest message id, or 0 */
    public long highestMessageId() {
        return messages.stream().mapToLong(SourceMessage::id).max().orElse(0);
    }

    /** @return the highest upload id, or 0 */
    public long highestUploadId() {
        return uploads.stream().mapToLong(SourceUpload::id).max().orElse(0);
    }
}
