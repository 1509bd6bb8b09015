package io.punctual.sizing.bopf;

/**
 * Whole-second period arithmetic for BoPF's hard-burst analysis (BoPF Section 3, the resource condition): the
 * hyperperiod of several periodic queues is their lcm, and a queue of period T sees a source of period L repeat
 * with period gcd(L, T).
 */
final class Periods {

    private Periods() {
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** lcm(a, b), saturating at {@link Long#MAX_VALUE}: hyperperiods of unrelated periods overflow a long. */
    static long lcm(long a, long b) {
        long factor = a / gcd(a, b);
        return Math.multiplyHigh(factor, b) != 0 || factor * b < 0 ? Long.MAX_VALUE : factor * b;
    }

    /** True when every prime factor of {@code a} divides {@code b}. */
    static boolean primesDivide(long a, long b) {
        for (long common = gcd(a, b); common > 1; common = gcd(a, b)) {
            a /= common;
        }
        return a == 1;
    }
}
