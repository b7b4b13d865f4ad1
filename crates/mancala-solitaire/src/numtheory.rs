//! The little number theory the closed forms need: gcd, modular powers, multiplicative order.

/// Greatest common divisor (`gcd(n, 0) = n`).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `base^exp mod m`, exact for any `m < 2^64`.
pub fn pow_mod(base: u64, mut exp: u64, m: u64) -> u64 {
    let m128 = m as u128;
    let mut result = 1 % m128;
    let mut b = base as u128 % m128;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * b % m128;
        }
        b = b * b % m128;
        exp >>= 1;
    }
    result as u64
}

/// The distinct prime factors of `n` with their multiplicities, by trial division
/// (at most `sqrt(n)` steps, about 4·10^9 in the very worst case of a large prime).
pub fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut push = |p: u64, n: &mut u64| {
        let mut e = 0;
        while (*n).is_multiple_of(p) {
            *n /= p;
            e += 1;
        }
        if e > 0 {
            out.push((p, e));
        }
    };
    push(2, &mut n);
    push(3, &mut n);
    let mut p = 5u64;
    while p.checked_mul(p).is_some_and(|sq| sq <= n) {
        push(p, &mut n);
        push(p + 2, &mut n);
        p += 6;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// Euler's totient of `n` (n ≥ 1).
pub fn totient(n: u64) -> u64 {
    factorize(n)
        .into_iter()
        .fold(n, |acc, (p, _)| acc / p * (p - 1))
}

/// The multiplicative order of `a` modulo `m`: the least `t ≥ 1` with `a^t ≡ 1 (mod m)`.
/// `None` when `gcd(a, m) ≠ 1` (no such `t`). `m = 1` gives 1.
pub fn multiplicative_order(a: u64, m: u64) -> Option<u64> {
    if m == 1 {
        return Some(1);
    }
    if gcd(a % m, m) != 1 {
        return None;
    }
    // The order divides φ(m): strip prime factors of φ(m) while the power stays 1.
    let phi = totient(m);
    let mut order = phi;
    for (p, _) in factorize(phi) {
        while order.is_multiple_of(p) && pow_mod(a, order / p, m) == 1 {
            order /= p;
        }
    }
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order_by_search(a: u64, m: u64) -> u64 {
        let mut x = a % m;
        let mut t = 1;
        while x != 1 {
            x = x * a % m;
            t += 1;
        }
        t
    }

    #[test]
    fn order_agrees_with_search() {
        for m in 2..2000u64 {
            if m % 2 == 1 {
                assert_eq!(
                    multiplicative_order(2, m),
                    Some(order_by_search(2, m)),
                    "m={m}"
                );
            } else {
                assert_eq!(multiplicative_order(2, m), None);
            }
        }
    }

    #[test]
    fn factorize_multiplies_back() {
        for n in 1..5000u64 {
            let f = factorize(n);
            assert_eq!(f.iter().map(|&(p, e)| p.pow(e)).product::<u64>(), n);
        }
        assert_eq!(factorize(1_000_000_007), vec![(1_000_000_007, 1)]);
        assert_eq!(factorize(1 << 40), vec![(2, 40)]);
    }

    #[test]
    fn gcd_basics() {
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(7, 0), 7);
        assert_eq!(gcd(0, 7), 7);
    }
}
