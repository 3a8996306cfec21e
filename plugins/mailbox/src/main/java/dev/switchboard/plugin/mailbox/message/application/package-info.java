/**
 * The message use cases (send, read, mark, list, thread, delete, revise, history) and the one wire view of a message
 * ({@link dev.switchboard.plugin.mailbox.message.application.MessageView}) every capability returns messages with.
 */
package dev.switchboard.plugin.mailbox.message.application;
