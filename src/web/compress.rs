//! Answers sent gzip-compressed to readers who accept it (every browser does): a page or asset is
//! compressed once, when it is made, and kept both ways, so a compressed answer costs no more to
//! serve than a plain one and moves a fraction of the bytes.

use std::io::Write as _;

use axum::body::Bytes;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use flate2::Compression;
use flate2::write::GzEncoder;

/// A body kept as it is and gzip-compressed.
#[derive(Clone, Debug)]
pub struct Compressed {
    /// The body itself.
    pub plain: Bytes,
    /// The same, gzip-compressed.
    pub gzip: Bytes,
}

impl Compressed {
    /// `plain`, and its gzip compression made now.
    pub fn new(plain: impl Into<Bytes>) -> Compressed {
        let plain = plain.into();
        let mut encoder = GzEncoder::new(Vec::with_capacity(plain.len() / 4), Compression::default());
        // Writing into a Vec cannot fail.
        encoder.write_all(&plain).expect("gzip into memory");
        let gzip = Bytes::from(encoder.finish().expect("gzip into memory"));
        Compressed { plain, gzip }
    }

    /// The bytes kept, both ways.
    pub fn weight(&self) -> usize {
        self.plain.len() + self.gzip.len()
    }

    /// The body to send to a request with `headers`, and whether it is the gzip one.
    pub fn for_request(&self, headers: &HeaderMap) -> (Bytes, bool) {
        if accepts_gzip(headers) { (self.gzip.clone(), true) } else { (self.plain.clone(), false) }
    }

    /// The answer to a request with `headers`: the body it takes, said to be gzip when it is.
    pub fn response(&self, headers: &HeaderMap) -> Response {
        match self.for_request(headers) {
            (body, true) => ([(header::CONTENT_ENCODING, "gzip")], body).into_response(),
            (body, false) => body.into_response(),
        }
    }
}

/// Whether a request's `Accept-Encoding` takes gzip: named (or `x-gzip`) with a weight above
/// zero, or not named and `*` with a weight above zero.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut any = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let weight = parts
                .find_map(|p| {
                    let p = p.trim();
                    p.strip_prefix("q=").or_else(|| p.strip_prefix("Q="))
                })
                .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
            if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                return weight > 0.0;
            }
            if coding == "*" {
                any = weight > 0.0;
            }
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use axum::http::HeaderValue;

    use super::*;

    fn asking(accept: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in accept {
            headers.append(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn browsers_that_accept_gzip_get_it_and_others_get_the_page_as_it_is() {
        for (accept, gzip) in [
            (&["gzip, deflate, br, zstd"][..], true),
            (&["br;q=1.0, gzip;q=0.8, *;q=0.1"][..], true),
            (&["deflate", "GZIP"][..], true),
            (&["x-gzip"][..], true),
            (&["*"][..], true),
            (&[][..], false),
            (&["identity"][..], false),
            (&["br, deflate"][..], false),
            (&["gzip;q=0"][..], false),
            (&["*;q=0.5, gzip;q=0"][..], false),
            (&["gzip; q=0.000"][..], false),
            (&["gzip;q=nonsense"][..], false),
        ] {
            assert_eq!(accepts_gzip(&asking(accept)), gzip, "Accept-Encoding: {accept:?}");
        }
    }

    #[test]
    fn the_compressed_body_unpacks_to_the_page_and_is_much_smaller() {
        let page = "<tr><td>Alice</td><td>1500</td></tr>".repeat(500);
        let kept = Compressed::new(page.clone());
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(&kept.gzip[..]).read_to_string(&mut unpacked).unwrap();
        assert_eq!(unpacked, page);
        assert!(kept.gzip.len() * 10 < page.len(), "{} bytes from {}", kept.gzip.len(), page.len());
        assert_eq!(kept.for_request(&asking(&["gzip"])), (kept.gzip.clone(), true));
        assert_eq!(kept.for_request(&asking(&["br"])), (kept.plain.clone(), false));
    }
}
