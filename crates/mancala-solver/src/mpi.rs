//! [`Comm`] over MPI (the `mpi` crate): a job started by `mpirun`, one rank a process, MPI
//! called from the main thread only (the level's work runs on rayon's threads in between).

use crate::dist::Comm;
use mpi::Count;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// The ranks of the MPI job this process belongs to.
pub struct MpiComm {
    world: SimpleCommunicator,
    // Finalises MPI when dropped, after the communicator.
    _universe: Universe,
}

impl MpiComm {
    /// Joins the job (MPI initialised, threads allowed, MPI called by the main thread alone).
    /// `None` when MPI was initialised already.
    pub fn init() -> Option<MpiComm> {
        let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)?;
        Some(MpiComm {
            world: universe.world(),
            _universe: universe,
        })
    }

    /// Ends the whole job with `code` (every rank), as after an error on one rank.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }
}

fn count(n: usize) -> Count {
    Count::try_from(n).expect("one exchange holds fewer than 2^31 items")
}

fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0 as Count, |acc, &c| {
            let at = *acc;
            *acc += c;
            Some(at)
        })
        .collect()
}

impl MpiComm {
    fn exchange<T: Equivalence + Default + Clone>(
        &self,
        send: &[T],
        counts: &[usize],
        recv_counts: &[usize],
    ) -> Vec<T> {
        let sc: Vec<Count> = counts.iter().map(|&c| count(c)).collect();
        let rc: Vec<Count> = recv_counts.iter().map(|&c| count(c)).collect();
        let (sd, rd) = (displacements(&sc), displacements(&rc));
        // Buffers of one item at least: an empty slice's address can be 1, which Open MPI
        // reads as MPI_IN_PLACE.
        let one = [T::default()];
        let send = if send.is_empty() { &one[..] } else { send };
        let n: usize = recv_counts.iter().sum();
        let mut recv = vec![T::default(); n.max(1)];
        {
            let sp = Partition::new(send, &sc[..], &sd[..]);
            let mut rp = PartitionMut::new(&mut recv[..], &rc[..], &rd[..]);
            self.world.all_to_all_varcount_into(&sp, &mut rp);
        }
        recv.truncate(n);
        recv
    }
}

impl Comm for MpiComm {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>) {
        let sc: Vec<u64> = counts.iter().map(|&c| c as u64).collect();
        let mut rc = vec![0u64; sc.len()];
        self.world.all_to_all_into(&sc[..], &mut rc[..]);
        let recv_counts: Vec<usize> = rc.iter().map(|&c| c as usize).collect();
        (self.exchange(send, counts, &recv_counts), recv_counts)
    }

    fn all_to_all_u8(&self, send: &[u8], counts: &[usize], recv_counts: &[usize]) -> Vec<u8> {
        self.exchange(send, counts, recv_counts)
    }

    fn sum(&self, x: &mut [u64]) {
        let mine = x.to_vec();
        self.world
            .all_reduce_into(&mine[..], x, SystemOperation::sum());
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        let root = self.world.process_at_rank(0);
        let mut len = bytes.len() as u64;
        root.broadcast_into(&mut len);
        bytes.resize(len as usize, 0);
        if len > 0 {
            root.broadcast_into(&mut bytes[..]);
        }
    }

    fn send(&self, to: usize, bytes: &[u8]) {
        self.world.process_at_rank(to as i32).send(bytes);
    }

    fn receive(&self, from: usize, bytes: &mut [u8]) {
        let status = self.world.process_at_rank(from as i32).receive_into(bytes);
        debug_assert_eq!(
            status.count(u8::equivalent_datatype()) as usize,
            bytes.len()
        );
    }
}
