//! Number theory on `u64`.

/// The greatest common divisor; `gcd(0, 0)` is 0.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

/// The least common multiple; `None` when it overflows `u64`. `lcm(0, x)` is 0.
pub fn lcm(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd(a, b)).checked_mul(b)
}

/// `base^exp mod modulus`, for a modulus of 1 to 2^32 (products fit in u64).
pub fn pow_mod(base: u64, mut exp: u64, modulus: u64) -> u64 {
    assert!(
        (1..=1 << 32).contains(&modulus),
        "modulus {modulus} out of range"
    );
    let mut base = base % modulus;
    let mut result = 1 % modulus;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * base % modulus;
        }
        base = base * base % modulus;
        exp >>= 1;
    }
    result
}

/// Whether `n` is prime, by trial division (n up to about 10^12 in time).
pub fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_and_lcm_agree_with_their_definitions() {
        for a in 0..40u64 {
            for b in 0..40u64 {
                let g = gcd(a, b);
                let common = (1..=a.max(b)).filter(|d| a % d == 0 && b % d == 0).max();
                assert_eq!(g, common.unwrap_or(0), "gcd({a}, {b})");
                let multiple = (1..=a * b).find(|m| m % a == 0 && m % b == 0);
                assert_eq!(lcm(a, b), Some(multiple.unwrap_or(0)), "lcm({a}, {b})");
            }
        }
        assert_eq!(lcm(u64::MAX, u64::MAX - 1), None);
    }

    #[test]
    fn pow_mod_is_repeated_multiplication() {
        for modulus in [1, 2, 7, 1_000_000_007, 1 << 32] {
            for base in [0, 1, 2, 12_345_678_901] {
                let mut expected = 1 % modulus;
                for exp in 0..20 {
                    assert_eq!(
                        pow_mod(base, exp, modulus),
                        expected,
                        "{base}^{exp} mod {modulus}"
                    );
                    expected = expected * (base % modulus) % modulus;
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "modulus 0 out of range")]
    fn pow_mod_refuses_a_zero_modulus() {
        pow_mod(2, 3, 0);
    }

    #[test]
    fn primes_below_fifty() {
        let primes: Vec<u64> = (0..50).filter(|&n| is_prime(n)).collect();
        assert_eq!(
            primes,
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
        );
        assert!(is_prime(1_000_000_007) && !is_prime(1_000_000_007 * 3));
    }
}
