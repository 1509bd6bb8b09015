package io.punctual.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResourcesTest {

    @Test
    void fitsOnlyWhenEveryResourceFits() {
        Resources capacity = Resources.of(4, 8192);
        assertThat(Resources.of(4, 8192).fitsIn(capacity)).isTrue();
        assertThat(Resources.of(5, 1024).fitsIn(capacity)).isFalse();
        assertThat(Resources.of(1, 9000).fitsIn(capacity)).isFalse();
    }

    @Test
    void copiesAreBoundByTheScarcestResource() {
        assertThat(Resources.of(8, 4096).copiesOf(Resources.of(1, 1024))).isEqualTo(4);
        assertThat(Resources.of(2, 65536).copiesOf(Resources.of(1, 1024))).isEqualTo(2);
    }

    @Test
    void negativeBundlesAreRefusedWithTheValues() {
        assertThatThrownBy(() -> Resources.of(-1, 10)).hasMessageContaining("-1 vcores");
    }

    @Test
    void subtractionFloorsAtZero() {
        assertThat(Resources.of(1, 100).minusFloored(Resources.of(2, 50))).isEqualTo(Resources.of(0, 50));
    }
}
