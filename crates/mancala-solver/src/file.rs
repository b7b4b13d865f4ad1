//! Database files: one file per level, a 64-byte header and one byte per board.
//!
//! Layout (little-endian), version 1:
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0  | 8  | magic `MNCLRETR` |
//! | 8  | 4  | format version (1) |
//! | 12 | 16 | game id, ASCII, zero-padded |
//! | 28 | 8  | ruleset hash (FNV-1a 64 of the ruleset's canonical TOML) |
//! | 36 | 1  | pits per row |
//! | 37 | 1  | value encoding (1: the mover's share of the stones on the board, one byte; 2: bounds of it, two bytes) |
//! | 38 | 2  | level: stones on the board |
//! | 40 | 8  | entries (boards in the level) |
//! | 48 | 4  | CRC-32 of the data |
//! | 52 | 4  | CRC-32 of bytes 0..52 |
//! | 56 | 8  | reserved, zero |
//!
//! Entry `i` (at byte `64 + i`) is the value of the normalised board of index `i`. In encoding 2
//! (games whose repetition ending depends on where a cycle closes, `crate::bounds`) entry `i` is
//! two bytes at `64 + 2i`: a lower and an upper bound of the share, equal where it is exact.

use memmap2::Mmap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const MAGIC: &[u8; 8] = b"MNCLRETR";
pub const VERSION: u32 = 1;
pub const HEADER_LEN: usize = 64;
/// Value encoding 1: one byte, the mover's share of the stones on the board.
pub const ENCODING_SHARE: u8 = 1;
/// Value encoding 2: two bytes, a lower and an upper bound of the mover's share of the stones
/// on the board, equal where the share is exact (games whose repetition ending depends on
/// where a cycle closes: `crate::bounds`).
pub const ENCODING_BOUNDED: u8 = 2;

/// Bytes an entry takes in `encoding`.
pub fn entry_bytes(encoding: u8) -> u64 {
    if encoding == ENCODING_BOUNDED { 2 } else { 1 }
}

/// What a level file must say about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub game: String,
    pub ruleset_hash: u64,
    pub pits: u8,
    pub level: u16,
    pub entries: u64,
    /// How the values are written: [`ENCODING_SHARE`] or [`ENCODING_BOUNDED`].
    pub encoding: u8,
}

/// A level file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{path}: not found")]
    Missing { path: PathBuf },
    #[error("{path}: {why}")]
    Corrupt { path: PathBuf, why: String },
    /// (The error is part of the message, not a source: printed with its causes, it would
    /// come twice.)
    #[error("{path}: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

pub(crate) fn crc(bytes: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(bytes);
    h.finalize()
}

/// A game id as a header holds it: its first 16 bytes (ids are ASCII; a longer id from a
/// rules file is told apart by the ruleset hash beside it).
pub fn header_id(id: &str) -> String {
    id.chars().take(16).collect()
}

/// FNV-1a, 64 bits: a stable hash of a ruleset's canonical text.
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn encode_header(h: &Header, data_crc: u32) -> [u8; HEADER_LEN] {
    let mut out = [0u8; HEADER_LEN];
    out[0..8].copy_from_slice(MAGIC);
    out[8..12].copy_from_slice(&VERSION.to_le_bytes());
    let id = h.game.as_bytes();
    let n = id.len().min(16);
    out[12..12 + n].copy_from_slice(&id[..n]);
    out[28..36].copy_from_slice(&h.ruleset_hash.to_le_bytes());
    out[36] = h.pits;
    out[37] = h.encoding;
    out[38..40].copy_from_slice(&h.level.to_le_bytes());
    out[40..48].copy_from_slice(&h.entries.to_le_bytes());
    out[48..52].copy_from_slice(&data_crc.to_le_bytes());
    let hc = crc(&out[0..52]);
    out[52..56].copy_from_slice(&hc.to_le_bytes());
    out
}

/// A file written atomically and in pieces: a temporary file beside it, the header written last
/// over the space kept for it, synced, then renamed over the file. Dropped unfinished, the
/// temporary file is removed and the file is as it was.
pub(crate) struct AtomicWriter {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<File>>,
    crc: crc32fast::Hasher,
    len: u64,
}

impl AtomicWriter {
    /// Starts the file at `path`, `header_len` bytes kept for the header.
    pub(crate) fn create(path: &Path, header_len: usize) -> std::io::Result<AtomicWriter> {
        std::fs::create_dir_all(folder_of(path))?;
        AtomicWriter::start(path, header_len)
    }

    /// Starts the file at `path` in its folder, which must exist.
    fn start(path: &Path, header_len: usize) -> std::io::Result<AtomicWriter> {
        check_writable_target(path)?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp{}", std::process::id()));
        let tmp = PathBuf::from(tmp);
        // A file left under this name by a killed process of the same id is removed; whatever
        // is there, the temporary file is new (never a FIFO or a link opened).
        match std::fs::remove_file(&tmp) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        let mut w = AtomicWriter {
            path: path.to_path_buf(),
            file: Some(std::io::BufWriter::with_capacity(1 << 20, file)),
            tmp,
            crc: crc32fast::Hasher::new(),
            len: 0,
        };
        w.file.as_mut().unwrap().write_all(&vec![0u8; header_len])?;
        Ok(w)
    }

    /// Appends data (after the header), counted in the checksum.
    pub(crate) fn write(&mut self, data: &[u8]) -> std::io::Result<()> {
        self.file.as_mut().unwrap().write_all(data)?;
        self.crc.update(data);
        self.len += data.len() as u64;
        Ok(())
    }

    /// Bytes of data written and their CRC-32.
    pub(crate) fn data_crc(&self) -> (u64, u32) {
        (self.len, self.crc.clone().finalize())
    }

    /// Writes `header` at the start, syncs, and renames the file into place.
    pub(crate) fn finish(mut self, header: &[u8]) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom};
        let mut f = self
            .file
            .take()
            .unwrap()
            .into_inner()
            .map_err(|e| e.into_error())?;
        f.seek(SeekFrom::Start(0))?;
        f.write_all(header)?;
        f.sync_all()?;
        drop(f);
        // Checked again: something other than a regular file may have come since the start.
        check_writable_target(&self.path)?;
        std::fs::rename(&self.tmp, &self.path)?;
        if let Ok(d) = File::open(folder_of(&self.path)) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

/// The folder of `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// What a file that is not a regular file is, in words (`a FIFO`, `a directory`, ...).
pub fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a file"
    }
}

/// The error for a path that is `kind`, not a regular file (its message: `is a FIFO, not a
/// regular file`).
fn not_regular(kind: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("is {kind}, not a regular file"),
    )
}

/// Refuses to write over `path` unless it is absent or a regular file: a FIFO, a device, a
/// symbolic link or a directory there is never replaced (a rename would make it a regular
/// file). Every file this crate and the command write goes through here.
pub fn check_writable_target(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_file() => Ok(()),
        Ok(m) => Err(not_regular(kind_of(m.file_type()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Opens `path` for reading only if it is a regular file (links followed): checked before the
/// open, since opening a FIFO blocks until a writer comes, and again on the open file. For
/// files found by name in a data directory (level files, stamps, checkpoints).
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    let m = std::fs::metadata(path)?;
    if !m.is_file() {
        return Err(not_regular(kind_of(m.file_type())));
    }
    let f = File::open(path)?;
    let m = f.metadata()?;
    if !m.is_file() {
        return Err(not_regular(kind_of(m.file_type())));
    }
    Ok(f)
}

/// Writes `bytes` to `path` atomically: through a temporary file beside it, synced, renamed
/// over `path`, the folder synced, so that a crash leaves the old file or the new one, never a
/// part. The folder must exist; on an error the temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut w = AtomicWriter::start(path, 0)?;
    w.write(bytes)?;
    w.finish(&[])
}

impl Drop for AtomicWriter {
    fn drop(&mut self) {
        if self.file.take().is_some() || self.tmp.exists() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// A level file written in pieces, in index order ([`write_level`] in one go).
pub struct LevelWriter {
    w: AtomicWriter,
    header: Header,
}

impl LevelWriter {
    pub fn create(path: &Path, h: &Header) -> Result<LevelWriter, FileError> {
        let w = AtomicWriter::create(path, HEADER_LEN).map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            error: source,
        })?;
        Ok(LevelWriter {
            w,
            header: h.clone(),
        })
    }

    fn io(&self, source: std::io::Error) -> FileError {
        FileError::Io {
            path: self.w.path.clone(),
            error: source,
        }
    }

    /// The values of the next boards.
    pub fn write(&mut self, data: &[u8]) -> Result<(), FileError> {
        self.w.write(data).map_err(|e| self.io(e))
    }

    /// Completes the file; every entry of the header must have been written.
    pub fn finish(self) -> Result<(), FileError> {
        let (len, data_crc) = self.w.data_crc();
        assert_eq!(
            len,
            self.header.entries * entry_bytes(self.header.encoding),
            "a level file gets all its entries"
        );
        let header = encode_header(&self.header, data_crc);
        let path = self.w.path.clone();
        self.w.finish(&header).map_err(|source| FileError::Io {
            path,
            error: source,
        })
    }
}

/// Writes a level file atomically: a temporary file beside it, synced, then renamed over.
pub fn write_level(path: &Path, h: &Header, data: &[u8]) -> Result<(), FileError> {
    assert_eq!(data.len() as u64, h.entries * entry_bytes(h.encoding));
    let mut w = LevelWriter::create(path, h)?;
    w.write(data)?;
    w.finish()
}

/// A level file, memory-mapped and checked.
#[derive(Debug)]
pub struct LevelFile {
    map: Mmap,
    pub header: Header,
    pub path: PathBuf,
}

impl LevelFile {
    /// Opens and checks a level file against what it must contain. The data checksum and
    /// values are checked too, unless they were checked whole before and the file has not
    /// changed since ([`Stamp`]): a level of billions of boards opens in milliseconds.
    pub fn open(path: &Path, expect: &Header) -> Result<LevelFile, FileError> {
        let f = LevelFile::load(path, false)?;
        f.matches(expect)?;
        Ok(f)
    }

    /// [`Self::open`], always reading the data whole (for `mancala db info --verify`).
    pub fn open_verified(path: &Path, expect: &Header) -> Result<LevelFile, FileError> {
        let f = LevelFile::load(path, true)?;
        f.matches(expect)?;
        Ok(f)
    }

    fn matches(&self, expect: &Header) -> Result<(), FileError> {
        let path = &self.path;
        let corrupt = |why: String| FileError::Corrupt {
            path: path.to_path_buf(),
            why,
        };
        let h = &self.header;
        if h.game != expect.game {
            return Err(corrupt(format!(
                "is a database of '{}', not '{}'",
                h.game, expect.game
            )));
        }
        if h.ruleset_hash != expect.ruleset_hash || h.pits != expect.pits {
            return Err(corrupt("was built for other rules of the game".into()));
        }
        if h.level != expect.level {
            return Err(corrupt(format!(
                "holds level {}, expected level {}",
                h.level, expect.level
            )));
        }
        if h.entries != expect.entries {
            return Err(corrupt(format!(
                "holds {} entries, expected {}",
                h.entries, expect.entries
            )));
        }
        Ok(())
    }

    /// Opens a level file and checks it on its own, whichever game it holds: header, length,
    /// data checksum, and every value within the stones on the board.
    pub fn verify(path: &Path) -> Result<LevelFile, FileError> {
        LevelFile::load(path, true)
    }

    /// Opens a level file and checks its header and length, and its data whole when `full` or
    /// when no valid stamp says it was checked whole before.
    fn load(path: &Path, full: bool) -> Result<LevelFile, FileError> {
        let corrupt = |why: String| FileError::Corrupt {
            path: path.to_path_buf(),
            why,
        };
        let file = match open_regular(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(FileError::Missing {
                    path: path.to_path_buf(),
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                return Err(corrupt(e.to_string()));
            }
            Err(source) => {
                return Err(FileError::Io {
                    path: path.to_path_buf(),
                    error: source,
                });
            }
        };
        // Safety: the file is only ever replaced by rename, never written in place, so the
        // mapping stays valid while we hold it.
        let map = unsafe { Mmap::map(&file) }.map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            error: source,
        })?;
        let (h, data_crc) = read_header(&map).map_err(|e| corrupt(e.to_string()))?;
        if (map.len() - HEADER_LEN) as u64 != h.entries * entry_bytes(h.encoding) {
            return Err(corrupt(format!(
                "is truncated or padded: {} data bytes for {} entries",
                map.len() - HEADER_LEN,
                h.entries
            )));
        }
        let stamp = Stamp::of(&file, data_crc);
        if full || stamp.is_none() || stamp != Stamp::read(path) {
            // Damage found by a whole check (a disk that changed the data and not the file's
            // times: its stamp still matched) takes the stamp away, so that no reader trusts
            // the file again and `db build` builds it anew.
            let damaged = |why: String| {
                Stamp::remove(path);
                corrupt(why)
            };
            if crc(&map[HEADER_LEN..]) != data_crc {
                return Err(damaged(
                    "data checksum mismatch (the file is damaged)".into(),
                ));
            }
            let data = &map[HEADER_LEN..];
            let bad = if h.encoding == ENCODING_BOUNDED {
                data.chunks_exact(2)
                    .position(|b| b[0] > b[1] || b[1] as u16 > h.level)
                    .map(|i| {
                        format!(
                            "entry {i} has bounds {} > {} or above the stones on the board",
                            data[2 * i],
                            data[2 * i + 1]
                        )
                    })
            } else {
                data.iter()
                    .position(|&v| v as u16 > h.level)
                    .map(|i| format!("entry {i} is larger than the stones on the board"))
            };
            if let Some(why) = bad {
                return Err(damaged(why));
            }
            if let Some(s) = stamp {
                s.write(path);
            }
        }
        Ok(LevelFile {
            map,
            header: h,
            path: path.to_path_buf(),
        })
    }

    /// The stored values.
    #[inline(always)]
    pub fn data(&self) -> &[u8] {
        &self.map[HEADER_LEN..]
    }
}

/// What a level file was when its data was last checked whole: its length, inode, change and
/// modification times and data checksum, kept beside it in `level-NNN.mdb.checked`. Any write
/// to the file or replacement of it changes its change time, so a stamp that still matches
/// says the data is as checked (a damaged disk aside, which `mancala db info --verify` finds:
/// it always reads the data whole, and takes the stamp of a file it finds damaged away). Unix
/// only; elsewhere every open reads the data whole.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stamp(String);

impl Stamp {
    fn of(file: &File, data_crc: u32) -> Option<Stamp> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let m = file.metadata().ok()?;
            Some(Stamp(format!(
                "len {} dev {} ino {} mtime {}.{:09} ctime {}.{:09} crc {data_crc:08x}\n",
                m.len(),
                m.dev(),
                m.ino(),
                m.mtime(),
                m.mtime_nsec(),
                m.ctime(),
                m.ctime_nsec()
            )))
        }
        #[cfg(not(unix))]
        {
            let _ = (file, data_crc);
            None
        }
    }

    fn path(level: &Path) -> PathBuf {
        let mut p = level.as_os_str().to_owned();
        p.push(".checked");
        PathBuf::from(p)
    }

    fn read(level: &Path) -> Option<Stamp> {
        use std::io::Read;
        let mut text = String::new();
        open_regular(&Stamp::path(level))
            .ok()?
            .take(4096)
            .read_to_string(&mut text)
            .ok()?;
        Some(Stamp(text))
    }

    /// Best effort: a directory that cannot be written only costs a whole check next time.
    fn write(&self, level: &Path) {
        let _ = write_atomically(&Stamp::path(level), self.0.as_bytes());
    }

    /// Best effort: in a directory that cannot be written, a damaged file keeps its stamp, and
    /// every whole check (`db info --verify`, `db build` once it is rebuilt) still finds it.
    fn remove(level: &Path) {
        let _ = std::fs::remove_file(Stamp::path(level));
    }
}

/// Why the first bytes of a file are not a level file's header.
#[derive(Clone, Debug, thiserror::Error)]
pub enum HeaderError {
    #[error("is {0} bytes long, shorter than a header")]
    Short(usize),
    #[error("is not a mancala database file (bad magic)")]
    Magic,
    #[error("has format version {0}; this build reads version {VERSION}")]
    Version(u32),
    #[error("header checksum mismatch (the file is damaged)")]
    Checksum,
    #[error("has value encoding {0}; this build reads {ENCODING_SHARE} and {ENCODING_BOUNDED}")]
    Encoding(u8),
    /// A FIFO, a device, a directory: never opened (a FIFO would block the reader).
    #[error("is {0}, not a regular file")]
    NotRegular(&'static str),
    /// The file could not be read.
    #[error("{0}")]
    Unreadable(std::sync::Arc<std::io::Error>),
}

/// Parses a header: the fields and the stored data checksum.
pub fn read_header(bytes: &[u8]) -> Result<(Header, u32), HeaderError> {
    if bytes.len() < HEADER_LEN {
        return Err(HeaderError::Short(bytes.len()));
    }
    if &bytes[0..8] != MAGIC {
        return Err(HeaderError::Magic);
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
    if version != VERSION {
        return Err(HeaderError::Version(version));
    }
    let hc = u32::from_le_bytes(bytes[52..56].try_into().unwrap());
    if crc(&bytes[0..52]) != hc {
        return Err(HeaderError::Checksum);
    }
    if bytes[37] != ENCODING_SHARE && bytes[37] != ENCODING_BOUNDED {
        return Err(HeaderError::Encoding(bytes[37]));
    }
    let id_end = bytes[12..28].iter().position(|&c| c == 0).unwrap_or(16);
    let game = String::from_utf8_lossy(&bytes[12..12 + id_end]).into_owned();
    let h = Header {
        game,
        ruleset_hash: u64::from_le_bytes(bytes[28..36].try_into().unwrap()),
        pits: bytes[36],
        level: u16::from_le_bytes(bytes[38..40].try_into().unwrap()),
        entries: u64::from_le_bytes(bytes[40..48].try_into().unwrap()),
        encoding: bytes[37],
    };
    Ok((h, u32::from_le_bytes(bytes[48..52].try_into().unwrap())))
}
