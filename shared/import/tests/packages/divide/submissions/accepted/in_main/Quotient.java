// The quotient, or nan for 0/0, as the other submissions print it.
class Quotient {
    static String of(long a, long b) {
        return b == 0 ? "nan" : String.format("%.9f", (double) a / b);
    }
}
