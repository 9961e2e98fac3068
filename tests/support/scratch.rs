//! Scratch space on disk: a fresh directory per test (emptied first, so a rerun starts clean)
//! and a SQLite database in it. Included by `mod support;` and by `#[path]` in the test files
//! that need nothing else of the support; each uses part of it, hence the allow.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A fresh, empty directory for the test `name`, unique to this test process.
pub fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test directory");
    dir
}

/// The URL of the SQLite database `file` in `dir` (created on first open).
pub fn sqlite_url(dir: &Path, file: &str) -> String {
    format!("sqlite://{}", dir.join(file).display())
}
