/** The storage the cleanup use cases need, as interfaces the persistence adapter implements. */
package dev.switchboard.plugin.mailbox.cleanup.application.port.out;
