package io.punctual.sizing.rayon.rdl;

import java.util.List;

/** Writes an {@link Rdl} expression in the one-line text syntax that {@link RdlParser} reads back. */
public final class RdlPrinter {

    private RdlPrinter() {
    }

    public static String print(Rdl expression) {
        StringBuilder out = new StringBuilder();
        write(expression, out);
        return out.toString();
    }

    private static void write(Rdl expression, StringBuilder out) {
        if (expression instanceof Rdl.Atom a) {
            out.append("atom(<").append(a.bundle().vcores()).append(',').append(a.bundle().memoryMb()).append(">,")
                    .append(a.minParallel()).append(',').append(a.maxParallel()).append(',')
                    .append(a.minLeaseSeconds()).append(',').append(a.work()).append(')');
        } else if (expression instanceof Rdl.Any any) {
            operator("any", any.alternatives(), out);
        } else if (expression instanceof Rdl.All all) {
            operator("all", all.parts(), out);
        } else if (expression instanceof Rdl.Order order) {
            operator("order", order.stages(), out);
        } else {
            Rdl.Window w = (Rdl.Window) expression;
            out.append("window(");
            write(w.expression(), out);
            out.append(',').append(w.start()).append(',').append(w.end()).append(')');
        }
    }

    private static void operator(String name, List<Rdl> operands, StringBuilder out) {
        out.append(name).append('(');
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            write(operands.get(i), out);
        }
        out.append(')');
    }
}
