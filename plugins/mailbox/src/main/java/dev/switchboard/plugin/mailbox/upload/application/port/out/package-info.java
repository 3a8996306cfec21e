/** The storage the upload use cases need, as interfaces the persistence adapter implements. */
package dev.switchboard.plugin.mailbox.upload.application.port.out;
