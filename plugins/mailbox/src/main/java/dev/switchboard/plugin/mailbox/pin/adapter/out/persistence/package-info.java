/** The pin capability's storage on {@code mailbox_pin}, in jOOQ, for both dialects. */
package dev.switchboard.plugin.mailbox.pin.adapter.out.persistence;
