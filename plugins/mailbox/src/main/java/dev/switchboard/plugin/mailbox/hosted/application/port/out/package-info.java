/** The hosted registry's storage port and the rows it reads and writes. */
package dev.switchboard.plugin.mailbox.hosted.application.port.out;
