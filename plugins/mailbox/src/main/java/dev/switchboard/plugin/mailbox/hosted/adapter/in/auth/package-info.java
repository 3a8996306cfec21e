/** The hosted registry's credential resolver: the kernel asks it for {@code cct_} role tokens and {@code ccv_} view keys. */
package dev.switchboard.plugin.mailbox.hosted.adapter.in.auth;
