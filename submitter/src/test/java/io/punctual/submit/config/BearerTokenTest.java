package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BearerTokenTest {

    @Test
    void theBearerSchemeIsCaseInsensitiveAndOtherSchemesAreNotTokens() {
        assertThat(BearerToken.fromAuthorizationHeader("Bearer abc")).contains("abc");
        assertThat(BearerToken.fromAuthorizationHeader("  bEaReR   abc  ")).contains("abc");
        assertThat(BearerToken.fromAuthorizationHeader("Basic YWxhZGRpbjpvcGVuc2VzYW1l")).isEmpty();
        assertThat(BearerToken.fromAuthorizationHeader("Bearer")).isEmpty();
        assertThat(BearerToken.fromAuthorizationHeader("Bearer ")).isEmpty();
        assertThat(BearerToken.fromAuthorizationHeader(null)).isEmpty();
    }

    @Test
    void aTokenMatchesOnlyItselfAndNeverPrints() {
        BearerToken token = BearerToken.of("s3cret-0123456789");
        assertThat(token.matches("s3cret-0123456789")).isTrue();
        assertThat(token.matches("s3cret-012345678")).isFalse();
        assertThat(token.matches(null)).isFalse();
        assertThat(token).isEqualTo(BearerToken.of("s3cret-0123456789")).isNotEqualTo(BearerToken.of("other"));
        assertThat(token.toString()).doesNotContain("s3cret");
    }
}
