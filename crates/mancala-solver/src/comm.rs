//! What the ranks of a distributed build share: the transport ([`Comm`]), the split of a level
//! into blocks ([`Blocks`]), and the addressing of requests to the ranks that own their boards.

/// What the ranks of a job need of each other.
pub trait Comm {
    /// This process's rank, `0..size()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn size(&self) -> usize;
    /// Sends `counts[r]` items of `send` (in rank order) to each rank `r`; returns the items
    /// received, in rank order, and how many came from each rank.
    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>);
    /// [`Self::all_to_all_u64`] for bytes when each rank already knows what it will receive:
    /// `recv_counts[r]` bytes from rank `r`.
    fn all_to_all_u8(&self, send: &[u8], counts: &[usize], recv_counts: &[usize]) -> Vec<u8>;
    /// Element-wise sums over all ranks, in place.
    fn sum(&self, x: &mut [u64]);
    /// Rank 0's `bytes` to every rank.
    fn broadcast(&self, bytes: &mut Vec<u8>);
    /// Sends `bytes` to rank `to` (received by a matching [`Self::receive`]).
    fn send(&self, to: usize, bytes: &[u8]);
    /// Receives exactly `bytes.len()` bytes sent by rank `from`.
    fn receive(&self, from: usize, bytes: &mut [u8]);
}

/// One process: the build of [`crate::level`] by the distributed method, for tests and as the
/// reference that any number of ranks must agree with.
pub struct Single;

impl Comm for Single {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>) {
        (send.to_vec(), counts.to_vec())
    }
    fn all_to_all_u8(&self, send: &[u8], _: &[usize], _: &[usize]) -> Vec<u8> {
        send.to_vec()
    }
    fn sum(&self, _: &mut [u64]) {}
    fn broadcast(&self, _: &mut Vec<u8>) {}
    fn send(&self, _: usize, _: &[u8]) {
        unreachable!("one rank sends nothing")
    }
    fn receive(&self, _: usize, _: &mut [u8]) {
        unreachable!("one rank receives nothing")
    }
}

/// Bits of a request for a lower level's value: the level above, the index in the owner's block
/// below.
pub(crate) const LEVEL_SHIFT: u32 = 57;

/// The blocks of a level of `n` boards over `p` ranks: rank `r` owns `n r / p .. n (r+1) / p`.
#[derive(Clone, Debug)]
pub struct Blocks {
    pub(crate) n: u64,
    starts: Vec<u64>,
}

impl Blocks {
    pub fn new(n: u64, p: usize) -> Blocks {
        let starts = (0..=p)
            .map(|r| (n as u128 * r as u128 / p as u128) as u64)
            .collect();
        Blocks { n, starts }
    }

    /// The indices rank `r` owns.
    pub fn range(&self, r: usize) -> std::ops::Range<u64> {
        self.starts[r]..self.starts[r + 1]
    }

    /// The rank owning index `i`.
    #[inline]
    pub fn owner(&self, i: u64) -> usize {
        let p = self.starts.len() - 1;
        let mut r = match i.checked_mul(p as u64) {
            Some(x) => (x / self.n) as usize,
            None => (i as u128 * p as u128 / self.n as u128) as usize,
        };
        while self.starts[r + 1] <= i {
            r += 1;
        }
        while self.starts[r] > i {
            r -= 1;
        }
        r
    }
}

/// Bytes of an exchange of `counts[r]` items of `size` bytes to each rank `r` that go to
/// ranks other than this one.
pub(crate) fn to_others(comm: &dyn Comm, counts: &[usize], size: usize) -> u64 {
    let me = comm.rank();
    let n: usize = counts
        .iter()
        .enumerate()
        .filter(|&(r, _)| r != me)
        .map(|(_, &c)| c)
        .sum();
    (n * size) as u64
}

/// Requests addressed to their owners (`to`: an owner and what is asked of it): the items in
/// owner order, how many go to each of the `p` ranks, and where each request (in the order
/// given) is among them.
pub(crate) fn addressed(
    p: usize,
    to: impl Iterator<Item = (usize, u64)> + Clone,
) -> (Vec<u64>, Vec<usize>, Vec<u32>) {
    let mut counts = vec![0usize; p];
    for (o, _) in to.clone() {
        counts[o] += 1;
    }
    let mut next: Vec<usize> = counts
        .iter()
        .scan(0, |acc, &c| {
            let at = *acc;
            *acc += c;
            Some(at)
        })
        .collect();
    let n: usize = counts.iter().sum();
    let (mut send, mut slot) = (vec![0u64; n], Vec::with_capacity(n));
    for (o, item) in to {
        send[next[o]] = item;
        slot.push(next[o] as u32);
        next[o] += 1;
    }
    (send, counts, slot)
}
