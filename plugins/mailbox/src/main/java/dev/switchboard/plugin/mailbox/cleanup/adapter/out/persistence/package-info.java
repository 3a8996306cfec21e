/** The cleanup capability's channel-wide reads over messages and pins, in jOOQ. */
package dev.switchboard.plugin.mailbox.cleanup.adapter.out.persistence;
