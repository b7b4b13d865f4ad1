//! What the command's tests share.

#![allow(dead_code)]

use std::process::{Child, Command, Stdio};

/// `mancala <args>` started with piped standard input and output, its standard error as given.
pub fn spawn_piped(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}
