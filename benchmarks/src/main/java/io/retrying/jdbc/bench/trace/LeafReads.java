package io.retrying.jdbc.bench.trace;

/**
 * Whether a method's bytecode only reads: it calls no method, creates nothing, writes no field and
 * throws nothing (a getter, a record's component, an {@code instanceof} check, a constant). The
 * trace counts calls of these apart: following a failure, a reader does not "enter" a record to
 * read one of its components.
 */
final class LeafReads {
    private LeafReads() {
    }

    static boolean onlyReads(byte[] code) {
        int i = 0;
        while (i < code.length) {
            int op = code[i] & 0xff;
            int length = length(op);
            if (length == 0) {
                return false;
            }
            i += length;
        }
        return code.length > 0;
    }

    /** The length of an opcode that only reads, with its operands; 0 for any other opcode. */
    private static int length(int op) {
        if (op >= 0x01 && op <= 0x0f) { // aconst_null, iconst_*, lconst_*, fconst_*, dconst_*
            return 1;
        }
        if (op >= 0x1a && op <= 0x2d) { // iload_0 .. aload_3
            return 1;
        }
        if (op >= 0x15 && op <= 0x19) { // iload .. aload, with a local's index
            return 2;
        }
        if (op >= 0x94 && op <= 0x98) { // lcmp, fcmpl, fcmpg, dcmpl, dcmpg
            return 1;
        }
        if ((op >= 0x99 && op <= 0xa7) || op == 0xc6 || op == 0xc7) { // if*, goto, ifnull, ifnonnull
            return 3;
        }
        if (op >= 0xac && op <= 0xb1) { // ireturn .. return
            return 1;
        }
        return switch (op) {
            case 0x10, 0x12 -> 2; // bipush, ldc
            case 0x11, 0x13, 0x14 -> 3; // sipush, ldc_w, ldc2_w
            case 0xb2, 0xb4 -> 3; // getstatic, getfield
            case 0xc0, 0xc1 -> 3; // checkcast, instanceof
            case 0xbe -> 1; // arraylength
            default -> 0;
        };
    }
}
