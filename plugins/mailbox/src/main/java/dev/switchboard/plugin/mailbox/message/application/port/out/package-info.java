/** What the message capability needs from storage: messages, recipients and the event log. */
package dev.switchboard.plugin.mailbox.message.application.port.out;
