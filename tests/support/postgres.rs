//! The PostgreSQL server the tests use: the one `DATABASE_URL` names (as `.ci/with-postgres`
//! sets it), or else a throw-away server this test process starts itself when PostgreSQL's
//! programs (`initdb`, `pg_ctl`) are installed, stopped and removed when the process ends.
//! Whether a test build can reach either is decided by `build.rs` (`cfg(postgres_tests)`), so
//! the PostgreSQL tests of a machine without PostgreSQL show as ignored, never as passed.
//!
//! Shared by the library's store tests (included by path) and the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Why a test build has no PostgreSQL tests, for `#[ignore]` and for failures.
/// The same words as the tests' `#[ignore = …]` (an attribute takes only a literal).
pub const WHY_NO_POSTGRES: &str =
    "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again";

/// The admin URL of the tests' PostgreSQL server (a database may be made and dropped there).
/// Panics with what is missing when there is none.
pub fn server_url() -> String {
    static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
    SERVER
        .get_or_init(|| match std::env::var("DATABASE_URL") {
            Ok(url) if url.starts_with("postgres") => Ok(url),
            _ => start_throwaway(),
        })
        .clone()
        .unwrap_or_else(|why| panic!("the PostgreSQL tests cannot run: {why}"))
}

/// The URL of the database `name` on the server whose admin URL is `admin`.
pub fn database_url(admin: &str, name: &str) -> String {
    let base = admin.rsplit_once('/').map_or(admin, |(base, _)| base);
    format!("{base}/{name}")
}

/// Restarts the tests' server (the cluster test restarts it mid-game): `PG_RESTART_FOR_TESTS`
/// when `.ci/with-postgres` runs it, the throw-away server's own `pg_ctl restart` otherwise.
/// `false` when neither can be done.
pub fn restart_server() -> bool {
    if let Ok(script) = std::env::var("PG_RESTART_FOR_TESTS") {
        return Command::new(script).status().is_ok_and(|status| status.success());
    }
    let Some(server) = THROWAWAY.get() else { return false };
    let data = server.dir.join("data");
    let log = server.dir.join("log");
    as_owner(&server.bin.join("pg_ctl"), &["-D", path(&data), "-l", path(&log), "-m", "fast", "-w", "restart"])
        .status()
        .is_ok_and(|status| status.success())
}

/// The throw-away server this process started, if it did.
struct Throwaway {
    bin: PathBuf,
    dir: PathBuf,
}

static THROWAWAY: OnceLock<Throwaway> = OnceLock::new();

/// The folder holding `initdb` and `pg_ctl`: on the PATH, or Debian's newest under
/// `/usr/lib/postgresql/*/bin`.
pub fn postgres_bin() -> Option<PathBuf> {
    let has_both = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    let on_path = std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).find(|dir| has_both(dir)));
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .flatten()
            .filter_map(|entry| Some((entry.file_name().to_str()?.parse().ok()?, entry.path().join("bin"))))
            .filter(|(_, bin)| has_both(bin))
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

fn start_throwaway() -> Result<String, String> {
    let bin = postgres_bin().ok_or_else(|| WHY_NO_POSTGRES.to_owned())?;
    let dir = std::env::temp_dir().join(format!("reversi-pg-{}-{}", std::process::id(), unique()));
    std::fs::create_dir_all(&dir).map_err(|error| format!("make {}: {error}", dir.display()))?;
    if is_root() {
        // initdb refuses to run as root: the cluster belongs to the postgres user.
        let status = Command::new("chown").args(["postgres", path(&dir)]).status();
        if !status.is_ok_and(|status| status.success()) {
            return Err(format!("chown postgres {} failed (is there a postgres user?)", dir.display()));
        }
    }
    let data = dir.join("data");
    let output = as_owner(&bin.join("initdb"), &["-D", path(&data), "-U", "reversi", "--auth=trust", "-E", "UTF8"])
        .stdout(Stdio::null())
        .output()
        .map_err(|error| format!("initdb: {error}"))?;
    if !output.status.success() {
        return Err(format!("initdb failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    let port = free_port()?;
    let options = format!(
        "-c listen_addresses=127.0.0.1 -p {port} -k {} -c fsync=off -c synchronous_commit=off \
         -c full_page_writes=off -c max_connections=200",
        dir.display()
    );
    let log = dir.join("log");
    let output = as_owner(&bin.join("pg_ctl"), &["-D", path(&data), "-l", path(&log), "-w", "-o", &options, "start"])
        .stdout(Stdio::null())
        .output()
        .map_err(|error| format!("pg_ctl start: {error}"))?;
    if !output.status.success() {
        let log = std::fs::read_to_string(&log).unwrap_or_default();
        return Err(format!("pg_ctl start failed: {}{log}", String::from_utf8_lossy(&output.stderr)));
    }
    watch_for_exit(&bin, &dir);
    let _ = THROWAWAY.set(Throwaway { bin, dir });
    eprintln!("note: the PostgreSQL tests run on a throw-away server at 127.0.0.1:{port}");
    Ok(format!("postgres://reversi@127.0.0.1:{port}/postgres"))
}

/// A watcher that stops the server and removes its folder once this process has ended, however
/// it ends (a test binary has no place to clean up after its last test).
fn watch_for_exit(bin: &Path, dir: &Path) {
    let stop = format!(
        "{}'{}' -D '{}' -m immediate stop",
        if is_root() { "runuser -u postgres -- " } else { "" },
        bin.join("pg_ctl").display(),
        dir.join("data").display()
    );
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; cd /; {stop} >/dev/null 2>&1; rm -rf '{dir}'",
        pid = std::process::id(),
        dir = dir.display()
    );
    let _ = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
}

/// `program args`, as the postgres user when this process is root.
fn as_owner(program: &Path, args: &[&str]) -> Command {
    let mut command = if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    };
    // From /, since the postgres user may not enter the caller's directory.
    command.args(args).current_dir("/");
    command
}

/// Whether this process runs as root (asked once).
fn is_root() -> bool {
    static ROOT: OnceLock<bool> = OnceLock::new();
    *ROOT.get_or_init(|| Command::new("id").arg("-u").output().is_ok_and(|output| output.stdout.starts_with(b"0\n")))
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|error| format!("find a free port: {error}"))?;
    listener.local_addr().map(|address| address.port()).map_err(|error| error.to_string())
}

fn unique() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |time| time.as_nanos())
}

fn path(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}
