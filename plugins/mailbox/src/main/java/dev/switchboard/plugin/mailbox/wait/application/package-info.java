/**
 * The wait use cases: {@code wait_for_reply} and {@code wait_for_mail}, which check, then sleep on the channel's
 * change signal until a commit (in this process, another process or another node) or the poll interval, and check
 * again, until something is there, the capped deadline passes (with one last check), or the call is cancelled.
 */
package dev.switchboard.plugin.mailbox.wait.application;
