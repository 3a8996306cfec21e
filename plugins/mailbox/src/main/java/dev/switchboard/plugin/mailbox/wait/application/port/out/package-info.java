/** What the waits read from storage besides the status snapshot. */
package dev.switchboard.plugin.mailbox.wait.application.port.out;
