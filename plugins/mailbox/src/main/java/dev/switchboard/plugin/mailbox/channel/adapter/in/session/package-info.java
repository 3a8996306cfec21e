/**
 * What the mailbox tells the kernel about a local session before serving it: a configured role that is no role name
 * ({@link dev.switchboard.plugin.mailbox.channel.adapter.in.session.RoleSessionCheck}).
 */
package dev.switchboard.plugin.mailbox.channel.adapter.in.session;
