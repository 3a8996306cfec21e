/** What the workspace use cases need from the outside: the durable request-key receipts. */
package dev.switchboard.plugin.workspace.application.port.out;
