/** The mailbox's declaration of the environment variables that hold its secrets (ADR 30). */
package dev.switchboard.plugin.mailbox.hook.adapter.in.exec;
