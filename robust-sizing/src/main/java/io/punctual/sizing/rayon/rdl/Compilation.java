package io.punctual.sizing.rayon.rdl;

/** What {@link RdlCompiler} made of an expression: a placeable normal form, or the reason no plan can satisfy it. */
public sealed interface Compilation permits Compilation.Feasible, Compilation.Infeasible {

    record Feasible(NormalForm form) implements Compilation {
    }

    record Infeasible(String reason) implements Compilation {
    }
}
