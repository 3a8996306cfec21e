/** The hosted registry on the mailbox's tables (V3: tokens, board nonces, audit; V1: channels), through jOOQ. */
package dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence;
