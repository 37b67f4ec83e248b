import java.util.Scanner;

// One file whose class holding main is not named as the file (javac takes
// a class that is not public in any file): judges run the class that
// declares main, as DOMjudge's java_javac_detect finds it.
class Answer {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(b == 0 ? "nan" : String.format("%.9f", (double) a / b));
    }
}
