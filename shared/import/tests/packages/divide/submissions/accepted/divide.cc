#include <cmath>
#include <cstdio>

int main() {
    double a, b;
    if (scanf("%lf %lf", &a, &b) != 2) return 1;
    // glibc prints 0.0 / 0.0 as -nan, a word other than NaN to problemtools'
    // default validator (DOMjudge's reads both as NaN): say nan.
    if (std::isnan(a / b)) {
        puts("nan");
    } else {
        printf("%.9f\n", a / b);
    }
}
