/**
 * Rayon's Reservation Definition Language (§3.1 of rayon-reservation-based-scheduling.txt): how a reservation is
 * written, read and checked before any planner sees it.
 *
 * <ul>
 *   <li>The language: {@link Rdl} ({@code atom(b, g, h, l, w)}, {@code any}, {@code all}, {@code order},
 *       {@code window}).</li>
 *   <li>Its one-line text form: {@link RdlParser} and {@link RdlPrinter}, which read each other's output.</li>
 *   <li>"Compiling RDL": {@link RdlCompiler} validates, pushes windows down to the atoms, flattens and merges, giving a
 *       {@link NormalForm} for the planners or the reason no plan could satisfy the expression
 *       ({@link Compilation}).</li>
 * </ul>
 *
 * <p>Contract: expressions are immutable values that may describe impossible requests; only the compiler judges
 * them, so the reason reaches the user instead of a constructor's exception. Text that cannot be read at all is a
 * {@link SyntaxError} value with line and column ({@link RdlLine}), not a rejection. Times are whole numbers, seconds
 * in the text form (the in-memory YARN uses milliseconds), and work is bundles times that unit. Depends only on
 * {@code io.punctual.sizing}.
 */
package io.punctual.sizing.rayon.rdl;
