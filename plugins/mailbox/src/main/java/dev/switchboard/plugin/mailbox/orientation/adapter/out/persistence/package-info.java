/**
 * The orientation capability's SQL on both dialects: unread state per recipient, the proposals awaiting a decision,
 * the latest pin versions without bodies, presence and the build each role was shown. The only place of the
 * capability where jOOQ appears.
 */
package dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence;
