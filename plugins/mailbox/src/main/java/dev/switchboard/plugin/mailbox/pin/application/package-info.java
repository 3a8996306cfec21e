/**
 * The pin use cases: writing a version through the approval algorithm (or previewing it on the same path), and
 * reading the current versions and a key's history. Each runs inside the caller's one mailbox transaction.
 */
package dev.switchboard.plugin.mailbox.pin.application;
