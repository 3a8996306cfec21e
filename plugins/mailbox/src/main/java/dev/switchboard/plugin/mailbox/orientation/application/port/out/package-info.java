/** What the orientation use cases read and write in storage besides the work facts. */
package dev.switchboard.plugin.mailbox.orientation.application.port.out;
