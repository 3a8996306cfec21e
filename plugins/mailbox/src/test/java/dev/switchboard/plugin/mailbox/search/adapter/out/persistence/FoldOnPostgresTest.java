package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxStore;
import dev.switchboard.plugin.mailbox.search.domain.Fold;

/**
 * The PostgreSQL schema's {@code mailbox_fold}, which the trigram indexes and the search's conditions use, folds as
 * the search's {@link Fold} does, on whichever major the test JVM runs (17's {@code pg_c_utf8}; 14 to 16's
 * lookup of each character): over every code point of the scripts that have case, in Unicode versions both sides know.
 */
class FoldOnPostgresTest {

    @TempDir
    Path dir;

    private MailboxStore store;

    @BeforeEach
    void open() {
        store = MailboxStore.open("postgres", dir);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void theSchemasFoldEqualsJavasFoldOnEveryCasedScript() {
        String text = codePoints(
                range(0x20, 0x7e), // ASCII
                range(0xa0, 0x24f), // Latin-1, Latin Extended-A and -B
                range(0x370, 0x3ff), // Greek and Coptic
                range(0x400, 0x52f), // Cyrillic and its supplement
                range(0x531, 0x587), // Armenian
                range(0x10a0, 0x10ff), // Georgian
                range(0x1e00, 0x1fff), // Latin Extended Additional, Greek Extended
                range(0x2100, 0x214f), // letterlike symbols (the Kelvin sign folds to ASCII k)
                range(0xff01, 0xff5e), // full-width forms
                range(0x10400, 0x1044f)); // Deseret, beyond the BMP

        assertThat(fold(text)).isEqualTo(Fold.fold(text));
    }

    @Test
    void aTextOfAsciiOnlyFoldsItsCapitalsAndKeepsTheRest() {
        assertThat(fold("Rotate KEYS, then 50% of Merchant_ID")).isEqualTo("rotate keys, then 50% of merchant_id");
    }

    @Test
    void aMixedTextFoldsItsAsciiAndItsOtherCapitalsAlike() {
        assertThat(fold("Ротация KEYS İstanbul ΣΑΣ")).isEqualTo("ротация keys istanbul σασ");
    }

    private String fold(String text) {
        return store.storage().transaction(connection -> {
            try (PreparedStatement select = connection.prepareStatement("SELECT mailbox_fold(?)")) {
                select.setString(1, text);
                try (ResultSet rows = select.executeQuery()) {
                    rows.next();
                    return rows.getString(1);
                }
            }
        });
    }

    private static IntStream range(int first, int last) {
        return IntStream.rangeClosed(first, last);
    }

    private static String codePoints(IntStream... ranges) {
        StringBuilder text = new StringBuilder();
        for (IntStream range : ranges) {
            range.filter(Character::isDefined).forEach(text::appendCodePoint);
        }
        return text.toString();
    }
}
