//! The fuzz targets' checks, one function a target (fuzz_targets/*.rs call them). Each module
//! uses only the crate it checks, so that crate's own tests replay the committed corpus
//! through the very same function (`#[path]` includes it).

pub mod core;
pub mod search;
pub mod solver;
pub mod web;
