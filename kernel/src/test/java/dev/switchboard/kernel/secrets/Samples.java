package dev.switchboard.kernel.secrets;

/**
 * Builds fake secrets from pieces at run time, so this repository holds no literal that looks like a real credential
 * to other scanners.
 */
final class Samples {

    private static final String MIXED = "Ab3Cd5Ef7Gh9Jk2Mn4Pq6Rs8Tu0Vw1Xy";
    private static final String UPPER = "QWERTYUPLKJHGFDSAZXCVBNM23456789";

    private Samples() {}

    /** @return {@code n} letters and digits, mixed case */
    static String alnum(int n) {
        return cycle(MIXED, n);
    }

    /** @return {@code n} upper-case letters and digits */
    static String upper(int n) {
        return cycle(UPPER, n);
    }

    private static String cycle(String alphabet, int n) {
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(alphabet.charAt((i * 7 + i / alphabet.length()) % alphabet.length()));
        }
        return out.toString();
    }

    static String pemHeader(String kind) {
        return "-----" + "BEGIN " + kind + "PRIVATE " + "KEY-----";
    }

    static String jwt() {
        return "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
                + "." + "ey" + "JzdWIiOiIxMjM0NTY3ODkwIiwiaWF0IjoxNTE2MjM5MDIyfQ"
                + "." + alnum(43);
    }
}
