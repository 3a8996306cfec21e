/** What the work use cases need from storage: the facts of messages as the work rules see them, and their writes. */
package dev.switchboard.plugin.mailbox.work.application.port.out;
