//! Rebuilds the crate when a migration is added or changed, so `sqlx::migrate!()` embeds it; and
//! decides whether this build's PostgreSQL tests can run (`cfg(postgres_tests)`): where a server
//! is named, PostgreSQL is installed, or under CI (where a missing server must fail, not pass).
//! Elsewhere they are built as ignored tests that say why. The same for the browser test
//! (`cfg(browser_tests)`): where Chromium's WebDriver is installed, or under CI.

use std::path::Path;

#[allow(dead_code)]
#[path = "tests/support/postgres.rs"]
mod postgres;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo::rustc-check-cfg=cfg(postgres_tests)");
    println!("cargo::rustc-check-cfg=cfg(browser_tests)");
    println!("cargo:rerun-if-env-changed=DATABASE_URL");
    println!("cargo:rerun-if-env-changed=CI");
    // Installing PostgreSQL with apt-get changes dpkg's list, which builds the tests again.
    if Path::new("/var/lib/dpkg/status").exists() {
        println!("cargo:rerun-if-changed=/var/lib/dpkg/status");
    }
    let named = std::env::var("DATABASE_URL").is_ok_and(|url| url.starts_with("postgres"));
    let ci = std::env::var("CI").is_ok_and(|ci| ci == "true");
    if named || ci || postgres::postgres_bin().is_some() {
        println!("cargo:rustc-cfg=postgres_tests");
    }
    if ci || Path::new("/usr/bin/chromedriver").exists() {
        println!("cargo:rustc-cfg=browser_tests");
    }
}
