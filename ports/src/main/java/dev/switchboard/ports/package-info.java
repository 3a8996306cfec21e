/**
 * Switchboard's published SPI: the extension points and value types that feature plugins and transport adapters
 * compile against, and nothing else.
 *
 * <p>Everything here is a contract (interface, record, enum or exception) and depends only on the JDK and on PF4J's
 * {@link org.pf4j.ExtensionPoint} marker. JSON values cross the ports as plain JDK types: objects are
 * {@code Map<String, Object>}, arrays are {@code List<Object>}, and numbers, strings, booleans and {@code null} are
 * their boxed Java counterparts. JSON Schemas cross as JSON text.
 */
package dev.switchboard.ports;
