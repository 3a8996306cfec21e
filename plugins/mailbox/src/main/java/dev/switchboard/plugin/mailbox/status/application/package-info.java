/** The status poll's use case and the cap on held polls. */
package dev.switchboard.plugin.mailbox.status.application;
