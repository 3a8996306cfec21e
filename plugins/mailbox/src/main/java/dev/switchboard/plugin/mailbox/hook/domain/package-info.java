/** The hooks' rules: the stop hook's decision table, the counts a decision reads, the refusal of token arguments. */
package dev.switchboard.plugin.mailbox.hook.domain;
