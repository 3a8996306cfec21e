/**
 * What a handler can use during one call: the caller's principal, a cancellation signal, a progress reporter, a log
 * sink and requests to the client (sampling, elicitation). Transports implement these; plugins use them.
 */
package dev.switchboard.ports.call;
