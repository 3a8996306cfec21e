/** The decision capability's storage: votes on {@code mailbox_ack}, and its queries over the messages, in jOOQ. */
package dev.switchboard.plugin.mailbox.decision.adapter.out.persistence;
