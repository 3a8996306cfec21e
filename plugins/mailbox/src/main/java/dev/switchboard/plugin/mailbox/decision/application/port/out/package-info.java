/** The storage the decision use cases need, as interfaces the persistence adapter implements. */
package dev.switchboard.plugin.mailbox.decision.application.port.out;
