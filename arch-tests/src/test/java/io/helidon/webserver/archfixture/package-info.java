/**
 * A stand-in type inside io.helidon.webserver, so the HTTP rule can be shown failing without Helidon on the class path.
 */
package io.helidon.webserver.archfixture;
