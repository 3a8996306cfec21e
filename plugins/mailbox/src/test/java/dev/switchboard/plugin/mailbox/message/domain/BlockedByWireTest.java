package dev.switchboard.plugin.mailbox.message.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.channel.domain.Message;

class BlockedByWireTest {

    @Test
    @DisplayName("blocked_by is sent as null, the id, or a list of ids")
    void blockedByWireShape() {
        assertThat(Message.blockedByOnTheWire(List.of())).isNull();
        assertThat(Message.blockedByOnTheWire(List.of(3L))).isEqualTo(3L);
        assertThat(Message.blockedByOnTheWire(List.of(3L, 4L))).isEqualTo(List.of(3L, 4L));
    }
}
