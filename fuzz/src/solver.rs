//! The checks on the database files' decoder, shared by the fuzz target and by the solver's
//! test that replays the corpus (crates/mancala-solver/tests/fuzz_corpus.rs).

use mancala_solver::file::{HEADER_LEN, LevelFile, MAGIC, entry_bytes, read_header};

fn crc(bytes: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(bytes);
    h.finalize()
}

/// A level file's bytes (after a first byte: odd sets both checksums right, so the fields
/// behind them are reached): the header parser and the file check refuse them with a reason or
/// accept them, never panic; an accepted file's data is as long as its header says (one or two
/// bytes an entry, by its value encoding) and no value exceeds its level.
pub fn db_header(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if mode % 2 == 1 && bytes.len() >= HEADER_LEN {
        let d = crc(&bytes[HEADER_LEN..]);
        bytes[48..52].copy_from_slice(&d.to_le_bytes());
        let h = crc(&bytes[0..52]);
        bytes[52..56].copy_from_slice(&h.to_le_bytes());
    }
    let parsed = read_header(&bytes);
    if let Err(e) = &parsed {
        assert!(!e.to_string().is_empty());
    }
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return;
    }
    let dir = std::env::temp_dir().join(format!("mancala-fuzz-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("level.bin");
    std::fs::write(&path, &bytes).expect("write the level file");
    match LevelFile::verify(&path) {
        Ok(f) => {
            let (h, _) = parsed.expect("a verified file has a header that reads");
            assert_eq!(f.header, h);
            assert_eq!(f.data().len() as u64, h.entries * entry_bytes(h.encoding));
            assert!(f.data().iter().all(|&v| u16::from(v) <= h.level));
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
