package dev.switchboard.ports.archfixture;

import java.io.IOException;

/** Breaks {@code port_methods_declare_no_checked_exceptions}: a port method that declares IOException. */
public interface PortThatThrowsChecked {

    /**
     * Reads something.
     *
     * @return what was read
     * @throws IOException when reading fails
     */
    String read() throws IOException;
}
