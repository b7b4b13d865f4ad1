//! The passes that read every board of a level in order (the start of each threshold, the
//! candidates of the safety cores, the tally at the end) are loops the compiler turns into
//! vector instructions. The portable build may only use those every x86-64 processor has (four
//! 32-bit words at once); a function declared with [`wide!`] is compiled again for the widest
//! the processor running it has (AVX-512: sixteen words, their tests read as a bit mask; AVX2:
//! eight), chosen when it runs.

/// The widest copies of [`wide!`] functions that may run: 2 (AVX-512), 1 (AVX2) or 0 (the
/// portable body). Tests lower it to compare the copies; the other copies give the same
/// results, so tests running meanwhile are only slower.
#[cfg(test)]
pub(crate) static WIDEST: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(2);

/// Whether copies as wide as `level` ([`WIDEST`]) may run.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn allowed(level: u8) -> bool {
    #[cfg(test)]
    return WIDEST.load(std::sync::atomic::Ordering::Relaxed) >= level;
    #[cfg(not(test))]
    {
        let _ = level;
        true
    }
}

/// Whether this processor has what the AVX2 copies of [`wide!`] functions are compiled for.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_avx2() -> bool {
    use std::arch::is_x86_feature_detected as has;
    allowed(1) && has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt")
}

/// Whether this processor has what the AVX-512 copies of [`wide!`] functions are compiled for.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_avx512() -> bool {
    use std::arch::is_x86_feature_detected as has;
    allowed(2) && has_avx2() && has!("avx512f") && has!("avx512bw") && has!("avx512vl")
}

/// A function whose body is compiled three times on x86-64 (portable, AVX2, AVX-512), the
/// widest this processor has chosen at each call. Its arguments are plain names with types
/// (no generics, no patterns); its return type may be left out.
macro_rules! wide {
    ($(#[$m:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block) => {
        $crate::vector::wide! {
            $(#[$m])* $vis fn $name($($arg: $ty),*) -> () $body
        }
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block)
        => {
        $(#[$m])*
        $vis fn $name($($arg: $ty),*) -> $ret {
            #[inline(always)]
            fn body($($arg: $ty),*) -> $ret $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
            fn avx512($($arg: $ty),*) -> $ret {
                body($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
            fn avx2($($arg: $ty),*) -> $ret {
                body($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            {
                if $crate::vector::has_avx512() {
                    // Safety: the processor has every feature the copy is compiled for.
                    return unsafe { avx512($($arg),*) };
                }
                if $crate::vector::has_avx2() {
                    // Safety: as above.
                    return unsafe { avx2($($arg),*) };
                }
            }
            body($($arg),*)
        }
    };
}
pub(crate) use wide;

#[cfg(test)]
mod tests {
    wide! {
        fn at_least(words: &[u32], k: u32) -> usize {
            words.iter().filter(|&&x| x & 0x7F >= k).count()
        }
    }

    #[test]
    fn a_loop_compiled_wide_gives_what_it_gives_narrow() {
        let words: Vec<u32> = (0..1000u32)
            .map(|i| i.wrapping_mul(2_654_435_761))
            .collect();
        for k in [0, 1, 64, 127, 128] {
            let narrow = words.iter().filter(|&&x| x & 0x7F >= k).count();
            assert_eq!(at_least(&words, k), narrow);
        }
    }
}
