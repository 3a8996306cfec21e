/** The cleanup use cases: preview and apply a supersede backfill pass, and undo one. */
package dev.switchboard.plugin.mailbox.cleanup.application;
