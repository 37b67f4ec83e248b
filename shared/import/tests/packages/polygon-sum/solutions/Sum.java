import java.util.Scanner;

public class Sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long n = in.nextLong(), sum = 0;
        for (long i = 0; i < n; i++) sum += in.nextLong();
        System.out.println(sum);
    }
}
