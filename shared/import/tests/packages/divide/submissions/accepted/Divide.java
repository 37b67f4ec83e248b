import java.util.Scanner;

// The quotient, or nan for 0/0 (Java's printf would write NaN, which the
// default validator reads as well; nan keeps all the submissions alike).
public class Divide {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(b == 0 ? "nan" : String.format("%.9f", (double) a / b));
    }
}
