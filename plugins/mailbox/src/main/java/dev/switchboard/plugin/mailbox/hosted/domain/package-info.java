/** The hosted registry's rules in plain Java: channel and role slugs, credential shapes and lifetimes. */
package dev.switchboard.plugin.mailbox.hosted.domain;
