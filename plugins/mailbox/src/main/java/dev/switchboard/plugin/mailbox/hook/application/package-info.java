/** The hooks' use cases: one role's actionable counts, from the store or from a hosted server. */
package dev.switchboard.plugin.mailbox.hook.application;
