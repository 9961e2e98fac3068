//! How a failure is told to the person who runs the bot: one line with the chain of causes, each
//! said once (sqlx and reqwest often repeat their cause in their own message).

/// An error and the errors that caused it, in one line (`a: b: c`), each said once.
///
/// ```
/// let inner = std::io::Error::other("disk full");
/// let outer = anyhow::Error::new(inner).context("could not write board.png");
/// assert_eq!(reversi_bot::report::with_causes(outer.as_ref()), "could not write board.png: disk full");
/// ```
pub fn with_causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let more = inner.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = inner.source();
    }
    text
}
