//! Zeroed memory for a level's build, asked for in huge pages.
//!
//! A level's build reaches its boards' entries at random (a move played backwards lands
//! anywhere in the level), so with the usual 4 KiB pages nearly every access also misses the
//! address translation cache. Transparent huge pages (2 MiB on x86-64) cover 512 times more
//! memory a translation; where the system gives them only to memory that asks
//! (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`), this asks. Where it
//! gives none, the memory is ordinary and the build the same, only slower.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, AtomicU64};

/// Types whose all-zero bytes are a valid value.
///
/// # Safety
/// An implementor must have no invalid bit pattern of zeros and no drop glue.
pub(crate) unsafe trait Zeroable {}
// Safety: integers and atomic integers are valid at zero and have no drop glue.
unsafe impl Zeroable for u32 {}
unsafe impl Zeroable for AtomicU32 {}
unsafe impl Zeroable for AtomicU64 {}

/// `len` zeroed values of `T` in an anonymous mapping that asked for huge pages.
pub(crate) struct Zeroed<T: Zeroable> {
    map: memmap2::MmapMut,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: Zeroable> Zeroed<T> {
    pub fn new(len: usize) -> Self {
        let bytes = (len * std::mem::size_of::<T>()).max(1);
        let map = memmap2::MmapMut::map_anon(bytes)
            .unwrap_or_else(|e| panic!("no memory for a level's build ({bytes} bytes): {e}"));
        #[cfg(target_os = "linux")]
        // Only a hint: without huge pages the memory works the same.
        let _ = map.advise(memmap2::Advice::HugePage);
        assert_eq!(map.as_ptr() as usize % std::mem::align_of::<T>(), 0);
        Zeroed {
            map,
            len,
            _t: PhantomData,
        }
    }
}

impl<T: Zeroable> std::ops::Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // Safety: the mapping holds `len` values of T, page-aligned (so aligned for T), zeroed
        // at first and valid at zero (Zeroable), written only through these views.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const T, self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // Safety: as for Deref, with the mapping borrowed exclusively.
        unsafe { std::slice::from_raw_parts_mut(self.map.as_mut_ptr() as *mut T, self.len) }
    }
}

impl<T: Zeroable> Zeroed<T> {
    /// The first `n` bytes of the memory.
    pub fn bytes(&self, n: usize) -> &[u8] {
        &self.map[..n]
    }
}

/// The size in bytes of the processor's last-level cache, read from
/// `/sys/devices/system/cpu/cpu0/cache` (the largest cache level listed there); 32 MiB where
/// it cannot be read. Read once.
pub(crate) fn last_level_cache() -> u64 {
    static BYTES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| read_last_level_cache().unwrap_or(32 << 20))
}

fn read_last_level_cache() -> Option<u64> {
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    let read = |p: &std::path::Path, f: &str| std::fs::read_to_string(p.join(f)).ok();
    dir.filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("index"))
        .filter_map(|e| {
            let p = e.path();
            let level: u32 = read(&p, "level")?.trim().parse().ok()?;
            let size = parse_cache_size(&read(&p, "size")?)?;
            Some((level, size))
        })
        .max()
        .map(|(_, size)| size)
}

/// A cache size as sysfs writes it: `266240K`, `32M`, or bytes.
fn parse_cache_size(s: &str) -> Option<u64> {
    let s = s.trim();
    let (digits, unit) = match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => s.split_at(i),
        None => (s, ""),
    };
    let n: u64 = digits.parse().ok()?;
    let shift = match unit {
        "" => 0,
        "K" | "KiB" => 10,
        "M" | "MiB" => 20,
        "G" | "GiB" => 30,
        _ => return None,
    };
    n.checked_mul(1 << shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_sizes_as_sysfs_writes_them() {
        assert_eq!(parse_cache_size("266240K\n"), Some(266240 << 10));
        assert_eq!(parse_cache_size("32M"), Some(32 << 20));
        assert_eq!(parse_cache_size("4096"), Some(4096));
        assert_eq!(parse_cache_size("12Q"), None);
        assert_eq!(parse_cache_size("K"), None);
        assert!(last_level_cache() > 0);
    }
}
