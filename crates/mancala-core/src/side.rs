//! The two players, South and North, and a pair of values indexed by them.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A player. South owns pits `A B C ...` (board indices `0..n`) and moves first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    South = 0,
    North = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    #[inline(always)]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `S` or `N`, as in position strings.
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `south` or `north`, as in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// Text that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a side (S or N)")]
pub struct SideError(pub String);

impl FromStr for Side {
    type Err = SideError;
    fn from_str(s: &str) -> Result<Side, SideError> {
        match s {
            "S" | "s" | "south" | "South" => Ok(Side::South),
            "N" | "n" | "north" | "North" => Ok(Side::North),
            _ => Err(SideError(s.chars().take(40).collect())),
        }
    }
}

/// One value for each side, indexed by [`Side`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    pub fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        match s {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        match s {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
