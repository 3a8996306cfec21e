/** The storage the pin use cases need, as interfaces the persistence adapter implements. */
package dev.switchboard.plugin.mailbox.pin.application.port.out;
