//! A deliberately small HTTP/1.1 server side for the fake Discord: reading requests (with
//! `Content-Length` or chunked bodies, keep-alive), writing JSON responses, upgrading `/gateway`
//! to a WebSocket, and parsing `multipart/form-data` bodies into `payload_json` plus files.
//!
//! Hand-written on purpose: the client is serenity's reqwest, which speaks plain HTTP/1.1 to
//! `http://127.0.0.1`, and a server crate in dev-dependencies would make cargo rebuild
//! serenity's HTTP stack with other features just for the tests.

use std::io;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

use super::UploadedFile;

/// Requests bigger than this are refused; a Discord upload limit is 25 MiB.
const MAX_BODY: usize = 64 * 1024 * 1024;

/// One HTTP request as read off the socket.
#[derive(Debug)]
pub(super) struct HttpRequest {
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The value of a header, compared case-insensitively.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// Whether this is a WebSocket upgrade request.
    pub fn is_websocket_upgrade(&self) -> bool {
        self.header("upgrade").is_some_and(|value| value.eq_ignore_ascii_case("websocket"))
    }
}

/// One client connection: the socket and whatever was read past the current request.
pub(super) struct Connection {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl Connection {
    pub fn new(stream: TcpStream) -> Self {
        Self { stream, buffer: Vec::new() }
    }

    /// Reads the next request; `Ok(None)` when the client closed the connection between requests.
    pub async fn read_request(&mut self) -> io::Result<Option<HttpRequest>> {
        let head_end = loop {
            if let Some(end) = find(&self.buffer, b"\r\n\r\n") {
                break end;
            }
            if !self.fill().await? {
                return if self.buffer.is_empty() { Ok(None) } else { Err(io::ErrorKind::UnexpectedEof.into()) };
            }
        };
        let head = String::from_utf8_lossy(&self.buffer[..head_end]).into_owned();
        self.buffer.drain(..head_end + 4);

        let mut lines = head.split("\r\n");
        let request_line = lines.next().unwrap_or_default();
        let mut parts = request_line.split(' ');
        let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
            return Err(invalid(format!("bad request line {request_line:?}")));
        };
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned()))
            .collect();
        let (path, query) = match target.split_once('?') {
            Some((path, query)) => (path.to_owned(), Some(query.to_owned())),
            None => (target.to_owned(), None),
        };
        let mut request = HttpRequest { method: method.to_owned(), path, query, headers, body: Vec::new() };

        if request.header("transfer-encoding").is_some_and(|value| value.to_ascii_lowercase().contains("chunked")) {
            request.body = self.read_chunked().await?;
        } else if let Some(length) = request.header("content-length") {
            let length: usize = length.parse().map_err(|_| invalid(format!("bad content-length {length:?}")))?;
            request.body = self.read_exact(length).await?;
        }
        Ok(Some(request))
    }

    /// Writes one response; `body` is sent as `application/json` unless the status is 204.
    pub async fn respond(&mut self, status: u16, body: Option<&Value>) -> io::Result<()> {
        // A 429 names its wait in a header too, as Discord does.
        let retry_after = body.filter(|_| status == 429).and_then(|b| b["retry_after"].as_f64());
        let body = match body {
            Some(value) if status != 204 => value.to_string(),
            _ => String::new(),
        };
        let mut response = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        if let Some(retry_after) = retry_after {
            response.push_str(&format!("retry-after: {retry_after}\r\n"));
        }
        if status != 204 {
            response.push_str("content-type: application/json\r\n");
            response.push_str(&format!("content-length: {}\r\n", body.len()));
        }
        response.push_str("\r\n");
        response.push_str(&body);
        self.stream.write_all(response.as_bytes()).await?;
        self.stream.flush().await
    }

    /// Completes the WebSocket handshake for `request` and hands the socket over.
    pub async fn upgrade(mut self, request: &HttpRequest) -> io::Result<WebSocketStream<TcpStream>> {
        let key = request
            .header("sec-websocket-key")
            .ok_or_else(|| invalid("websocket upgrade without sec-websocket-key".into()))?;
        let response = format!(
            "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\
             sec-websocket-accept: {}\r\n\r\n",
            derive_accept_key(key.as_bytes())
        );
        self.stream.write_all(response.as_bytes()).await?;
        self.stream.flush().await?;
        Ok(WebSocketStream::from_partially_read(self.stream, self.buffer, Role::Server, None).await)
    }

    /// Reads more bytes into the buffer; `false` at end of stream.
    async fn fill(&mut self) -> io::Result<bool> {
        let mut chunk = [0_u8; 16 * 1024];
        let read = self.stream.read(&mut chunk).await?;
        self.buffer.extend_from_slice(&chunk[..read]);
        if self.buffer.len() > MAX_BODY {
            return Err(invalid("request too large".into()));
        }
        Ok(read > 0)
    }

    async fn read_exact(&mut self, length: usize) -> io::Result<Vec<u8>> {
        if length > MAX_BODY {
            return Err(invalid("request too large".into()));
        }
        while self.buffer.len() < length {
            if !self.fill().await? {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
        Ok(self.buffer.drain(..length).collect())
    }

    async fn read_line(&mut self) -> io::Result<String> {
        loop {
            if let Some(end) = find(&self.buffer, b"\r\n") {
                let line = String::from_utf8_lossy(&self.buffer[..end]).into_owned();
                self.buffer.drain(..end + 2);
                return Ok(line);
            }
            if !self.fill().await? {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
    }

    async fn read_chunked(&mut self) -> io::Result<Vec<u8>> {
        let mut body = Vec::new();
        loop {
            let line = self.read_line().await?;
            let size = line.split(';').next().unwrap_or_default().trim();
            let size = usize::from_str_radix(size, 16).map_err(|_| invalid(format!("bad chunk size {line:?}")))?;
            if size == 0 {
                // Trailers (normally none), then the blank line that ends the body.
                while !self.read_line().await?.is_empty() {}
                return Ok(body);
            }
            body.extend(self.read_exact(size).await?);
            if body.len() > MAX_BODY {
                return Err(invalid("request too large".into()));
            }
            self.read_line().await?;
        }
    }
}

/// The body of a request split into its JSON part and its uploaded files.
#[derive(Debug, Default)]
pub(super) struct ParsedBody {
    pub json: Option<Value>,
    pub files: Vec<UploadedFile>,
    /// Text fields of a multipart body other than `payload_json`.
    pub fields: Vec<(String, String)>,
    /// Set when the body could not be understood; shown in failure listings.
    pub problem: Option<String>,
}

/// Parses a JSON or `multipart/form-data` body.
pub(super) fn parse_body(request: &HttpRequest) -> ParsedBody {
    let mut parsed = ParsedBody::default();
    if request.body.is_empty() {
        return parsed;
    }
    let content_type = request.header("content-type").unwrap_or_default();
    if content_type.to_ascii_lowercase().starts_with("multipart/form-data") {
        let Some(boundary) = parameter(content_type, "boundary") else {
            parsed.problem = Some(format!("multipart without boundary: {content_type}"));
            return parsed;
        };
        for part in multipart_parts(&request.body, &boundary) {
            match part.filename {
                Some(filename) => parsed.files.push(UploadedFile {
                    field: part.name,
                    filename,
                    content_type: part.content_type,
                    bytes: part.bytes,
                }),
                None if part.name == "payload_json" => match serde_json::from_slice(&part.bytes) {
                    Ok(json) => parsed.json = Some(json),
                    Err(error) => {
                        parsed.problem = Some(format!("payload_json is not JSON: {error}"));
                    }
                },
                None => parsed.fields.push((part.name, String::from_utf8_lossy(&part.bytes).into_owned())),
            }
        }
    } else {
        match serde_json::from_slice(&request.body) {
            Ok(json) => parsed.json = Some(json),
            Err(error) => parsed.problem = Some(format!("body is not JSON: {error}")),
        }
    }
    parsed
}

struct Part {
    name: String,
    filename: Option<String>,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

/// Splits a multipart body on `--boundary` lines (RFC 7578).
fn multipart_parts(body: &[u8], boundary: &str) -> Vec<Part> {
    // With a CRLF in front, every delimiter (the first one included) reads `\r\n--boundary`.
    let mut data = b"\r\n".to_vec();
    data.extend_from_slice(body);
    let delimiter = format!("\r\n--{boundary}").into_bytes();

    let mut parts = Vec::new();
    let Some(mut position) = find(&data, &delimiter) else {
        return parts;
    };
    loop {
        let after = position + delimiter.len();
        if data[after..].starts_with(b"--") {
            break;
        }
        let start = after + find(&data[after..], b"\r\n").map_or(0, |end| end + 2);
        let Some(length) = find(&data[start..], &delimiter) else {
            break;
        };
        let raw = &data[start..start + length];
        if let Some(part) = parse_part(raw) {
            parts.push(part);
        }
        position = start + length;
    }
    parts
}

fn parse_part(raw: &[u8]) -> Option<Part> {
    let head_end = find(raw, b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..head_end]);
    let mut name = None;
    let mut filename = None;
    let mut content_type = None;
    for line in head.split("\r\n") {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("content-disposition") {
            name = parameter(value, "name");
            filename = parameter(value, "filename");
        } else if key.trim().eq_ignore_ascii_case("content-type") {
            content_type = Some(value.trim().to_owned());
        }
    }
    Some(Part { name: name?, filename, content_type, bytes: raw[head_end + 4..].to_vec() })
}

/// A `key=value` or `key="value"` parameter of a header value such as
/// `form-data; name="files[0]"; filename="board.png"`.
fn parameter(header: &str, key: &str) -> Option<String> {
    header.split(';').skip(1).find_map(|item| {
        let (name, value) = item.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case(key) {
            return None;
        }
        let value = value.trim();
        let value = value.strip_prefix('"').and_then(|inner| inner.strip_suffix('"')).unwrap_or(value);
        Some(value.replace("\\\"", "\"").replace("\\\\", "\\"))
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        _ => "Status",
    }
}
