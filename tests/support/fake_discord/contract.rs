//! Discord's published contract held to everything that crosses the fake: each REST request the
//! bot makes (method, path, query, JSON or multipart body) against its operation in Discord's
//! OpenAPI description (`tests/data/discord-api-spec/openapi.json`), each answer the fake gives
//! against the operation's response schema, and each gateway payload the bot sends against the
//! documented send events (`tests/data/discord-gateway/send-events.json`). A complaint names the
//! request and the schema's words; the fake collects them and the test that caused them fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Registry, ValidationError, Validator};
use serde_json::{Map, Value, json};

/// Where the OpenAPI document is registered, for `$ref`s into it.
const SPEC_URI: &str = "https://discord.com/api/openapi.json";
/// Where the gateway's send events are registered.
const GATEWAY_URI: &str = "https://discord.com/gateway/send-events.json";
/// Complaints are cut to this many characters (a schema error quotes the whole value).
const MAX_COMPLAINT: usize = 400;

/// The two documents, their registry, the routes and the validators compiled so far.
pub struct Contract {
    registry: Registry<'static>,
    spec: &'static Value,
    routes: Vec<Route>,
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

/// One operation: its method, its path as segments (`None` where a parameter goes) and the JSON
/// pointer of the operation in the document.
struct Route {
    method: String,
    segments: Vec<Option<String>>,
    names: Vec<String>,
    path: String,
}

/// The contract, read and indexed once per test binary.
pub fn contract() -> &'static Contract {
    static CONTRACT: OnceLock<Contract> = OnceLock::new();
    CONTRACT.get_or_init(Contract::load)
}

impl Contract {
    fn load() -> Self {
        let read = |file: &str| -> &'static Value {
            let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("read {path}: {error}"));
            Box::leak(Box::new(serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"))))
        };
        let spec = read("discord-api-spec/openapi.json");
        let gateway = read("discord-gateway/send-events.json");
        let registry = Registry::new()
            .draft(Draft::Draft202012)
            .add(SPEC_URI, spec)
            .and_then(|builder| builder.add(GATEWAY_URI, gateway))
            .and_then(|builder| builder.prepare())
            .expect("Discord's contract registers as JSON Schema documents");
        let mut routes = Vec::new();
        for (path, item) in spec["paths"].as_object().expect("the contract has paths") {
            for method in ["get", "put", "post", "patch", "delete"] {
                if item.get(method).is_none() {
                    continue;
                }
                let mut segments = Vec::new();
                let mut names = Vec::new();
                for segment in path.trim_matches('/').split('/') {
                    match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                        Some(name) => {
                            segments.push(None);
                            names.push(name.to_owned());
                        }
                        None => segments.push(Some(segment.to_owned())),
                    }
                }
                routes.push(Route { method: method.to_uppercase(), segments, names, path: path.clone() });
            }
        }
        Self { registry, spec, routes, validators: Mutex::new(HashMap::new()) }
    }

    /// The operation for `method` and `path` (after `/api/v10`) with its path parameters; a
    /// literal segment (`@me`, `@original`) is preferred to a parameter.
    fn route(&self, method: &str, path: &str) -> Option<(&Route, Vec<(String, String)>)> {
        let actual: Vec<&str> = path.trim_matches('/').split('/').collect();
        self.routes
            .iter()
            .filter(|route| route.method == method && route.segments.len() == actual.len())
            .filter(|route| {
                route.segments.iter().zip(&actual).all(|(segment, part)| segment.as_deref().is_none_or(|s| s == *part))
            })
            .max_by_key(|route| route.segments.iter().filter(|segment| segment.is_some()).count())
            .map(|route| {
                let values = route.segments.iter().zip(&actual).filter(|(segment, _)| segment.is_none());
                let parameters =
                    route.names.iter().cloned().zip(values.map(|(_, part)| percent_decode(part))).collect();
                (route, parameters)
            })
    }

    /// The complaints about one request the bot made (none when it keeps the contract).
    /// `json` is the JSON body or a multipart body's `payload_json`; `fields` and `files` are the
    /// multipart body's other parts.
    pub fn check_request(&self, method: &str, path: &str, query: Option<&str>, body: &RequestBody<'_>) -> Vec<String> {
        let Some((route, path_parameters)) = self.route(method, path) else {
            return vec![format!("{method} {path}: no such operation in Discord's contract")];
        };
        let at = format!("{method} {path} ({})", route.path);
        let pointer = format!("#/paths/{}/{}", escape(&route.path), method.to_lowercase());
        let operation = &self.spec["paths"][&route.path][method.to_lowercase()];
        let mut complaints = Vec::new();

        // Parameters: the path item's and the operation's.
        let mut declared: Vec<(&Value, String)> = Vec::new();
        for (owner, list) in [
            (format!("#/paths/{}", escape(&route.path)), &self.spec["paths"][&route.path]["parameters"]),
            (pointer.clone(), &operation["parameters"]),
        ] {
            for (index, parameter) in list.as_array().into_iter().flatten().enumerate() {
                declared.push((parameter, format!("{owner}/parameters/{index}/schema")));
            }
        }
        let query = query.map(parse_query).unwrap_or_default();
        for (place, given) in [("path", &path_parameters), ("query", &query)] {
            for (name, value) in given {
                match declared.iter().find(|(p, _)| p["in"] == place && p["name"] == name.as_str()) {
                    Some((_, schema)) => {
                        if let Some(complaint) = self.check_text(schema, value) {
                            complaints.push(format!("{at}: {place} parameter {name} = {value:?}: {complaint}"));
                        }
                    }
                    None => complaints.push(format!("{at}: {place} parameter {name} is not in the contract")),
                }
            }
        }
        for (parameter, _) in &declared {
            let required = parameter["in"] == "query" && parameter["required"] == true;
            if required && !query.iter().any(|(name, _)| parameter["name"] == name.as_str()) {
                complaints.push(format!("{at}: required query parameter {} is missing", parameter["name"]));
            }
        }

        // The body, as the content type it came in.
        let request_body = &operation["requestBody"];
        let media = if body.multipart { "multipart/form-data" } else { "application/json" };
        match (body.is_empty(), request_body.is_object()) {
            (true, true) if request_body["required"] == true => {
                complaints.push(format!("{at}: the contract requires a body and none was sent"));
            }
            (true, _) => {}
            (false, false) => complaints.push(format!("{at}: a body was sent to an operation that takes none")),
            (false, true) => {
                let content = &request_body["content"][media];
                if content.is_null() {
                    complaints.push(format!("{at}: the operation takes no {media} body"));
                } else {
                    let instance = accept_known_differences(body.instance());
                    let schema = format!("{pointer}/requestBody/content/{}/schema", escape(media));
                    complaints
                        .extend(self.check_value(&schema, &instance).into_iter().map(|c| format!("{at}: body{c}")));
                }
            }
        }
        complaints
    }

    /// The complaints about an answer the fake gave to `method path` with `status`.
    pub fn check_response(&self, method: &str, path: &str, status: u16, body: Option<&Value>) -> Vec<String> {
        let Some((route, _)) = self.route(method, path) else {
            return Vec::new();
        };
        let at = format!("the fake's {status} answer to {method} {path} ({})", route.path);
        let pointer = format!("#/paths/{}/{}/responses", escape(&route.path), method.to_lowercase());
        let responses = &self.spec["paths"][&route.path][method.to_lowercase()]["responses"];
        let class = format!("{}XX", status / 100);
        let Some(key) = [status.to_string(), class].into_iter().find(|key| responses.get(key).is_some()) else {
            // Statuses the contract does not describe (a 5xx a test plays) have no schema.
            return Vec::new();
        };
        let mut response = &responses[&key];
        let mut response_pointer = format!("{pointer}/{key}");
        if let Some(reference) = response["$ref"].as_str() {
            response_pointer = reference.to_owned();
            response = self.resolve(reference);
        }
        let content = &response["content"]["application/json"];
        match (content.is_null(), body) {
            (true, None) => Vec::new(),
            (true, Some(_)) if status == 204 => vec![format!("{at}: a 204 carries no body")],
            (true, Some(_)) => Vec::new(),
            (false, None) => vec![format!("{at}: the contract describes a JSON body and none was sent")],
            (false, Some(body)) => {
                let schema = format!("{response_pointer}/content/application~1json/schema");
                self.check_value(&schema, body).into_iter().map(|c| format!("{at}: body{c}")).collect()
            }
        }
    }

    /// The complaints about one payload the bot sent on the gateway.
    pub fn check_gateway(&self, payload: &Value) -> Vec<String> {
        let op = payload["op"].as_u64().map_or_else(|| "?".to_owned(), |op| op.to_string());
        self.check_at(&format!("{GATEWAY_URI}#"), payload)
            .into_iter()
            .map(|c| format!("gateway op {op}: payload{c}"))
            .collect()
    }

    /// Complaints about `value` against the schema at `pointer` (a `#/...` pointer into the
    /// OpenAPI document), each starting with the place in the value.
    fn check_value(&self, pointer: &str, value: &Value) -> Vec<String> {
        self.check_at(&format!("{SPEC_URI}{pointer}"), value)
    }

    fn check_at(&self, uri: &str, value: &Value) -> Vec<String> {
        let validator = self.validator(uri);
        validator.iter_errors(value).map(|error| describe(&error)).collect()
    }

    /// A query or path parameter, which arrives as text: valid when the text, or the JSON value it
    /// spells (a number, `true`), fits the schema.
    fn check_text(&self, schema_pointer: &str, text: &str) -> Option<String> {
        let validator = self.validator(&format!("{SPEC_URI}{schema_pointer}"));
        let spelled = serde_json::from_str::<Value>(text).ok().filter(|value| !value.is_string());
        let candidates = [Some(Value::String(text.to_owned())), spelled];
        if candidates.iter().flatten().any(|candidate| validator.is_valid(candidate)) {
            return None;
        }
        validator.iter_errors(&Value::String(text.to_owned())).next().map(|error| describe(&error))
    }

    fn validator(&self, uri: &str) -> Arc<Validator> {
        let mut validators = self.validators.lock().unwrap_or_else(PoisonError::into_inner);
        let validator = validators.entry(uri.to_owned()).or_insert_with(|| {
            let schema = json!({ "$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": uri });
            Arc::new(
                jsonschema::options()
                    .with_draft(Draft::Draft202012)
                    .with_registry(&self.registry)
                    .build(&schema)
                    .unwrap_or_else(|error| panic!("the contract's schema {uri} compiles: {error}")),
            )
        });
        Arc::clone(validator)
    }

    /// The value a local `#/...` reference points to.
    fn resolve(&self, reference: &str) -> &'static Value {
        let pointer = reference.trim_start_matches('#');
        self.spec.pointer(pointer).unwrap_or_else(|| panic!("the contract's reference {reference} resolves"))
    }
}

/// A request body as the fake read it.
pub struct RequestBody<'a> {
    pub multipart: bool,
    pub json: Option<&'a Value>,
    pub fields: &'a [(String, String)],
    pub files: &'a [String],
}

impl RequestBody<'_> {
    fn is_empty(&self) -> bool {
        self.json.is_none() && self.fields.is_empty() && self.files.is_empty()
    }

    /// The body as one JSON value: for multipart, `payload_json`'s fields, the text fields and a
    /// string for each file (the contract types `files[N]` as binary strings).
    fn instance(&self) -> Value {
        if !self.multipart {
            return self.json.cloned().unwrap_or(Value::Null);
        }
        let mut object = match self.json {
            Some(Value::Object(object)) => object.clone(),
            _ => Map::new(),
        };
        for (name, value) in self.fields {
            object.insert(name.clone(), Value::String(value.clone()));
        }
        for name in self.files {
            object.insert(name.clone(), Value::String("(file)".into()));
        }
        Value::Object(object)
    }
}

/// The one known difference between Discord's behaviour and its contract: the contract types a
/// message's `attachments[].id` as a snowflake string, while Discord's documentation and client
/// libraries (serenity included) send the file's index as an integer, which Discord accepts. Such
/// ids are read as strings before the check.
fn accept_known_differences(mut body: Value) -> Value {
    fn mend(attachments: &mut Value) {
        for attachment in attachments.as_array_mut().into_iter().flatten() {
            if let Some(index) = attachment["id"].as_u64() {
                attachment["id"] = Value::String(index.to_string());
            }
        }
    }
    if let Some(object) = body.as_object_mut() {
        object.get_mut("attachments").map(mend);
        object.get_mut("data").and_then(|data| data.get_mut("attachments")).map(mend);
    }
    body
}

/// One error, where it is and what the schema says; for `anyOf`/`oneOf`, the alternative that
/// came closest explains it: the one whose complaints lie deepest in the value (it matched the
/// most on the way down, e.g. the right `type` of a union), then the fewest.
fn describe(error: &ValidationError<'_>) -> String {
    if let Some(closest) = alternatives(error).and_then(|context| closest(context)) {
        let reasons: Vec<String> = closest.iter().map(|e| describe(e)).collect();
        return reasons.join("; ");
    }
    let place = error.instance_path().as_str();
    let mut complaint = format!("{}: {error}", if place.is_empty() { "" } else { place });
    if !place.is_empty() {
        complaint.insert_str(0, " at ");
    }
    if complaint.chars().count() > MAX_COMPLAINT {
        complaint = complaint.chars().take(MAX_COMPLAINT).collect::<String>() + "…";
    }
    complaint
}

/// The alternatives' complaints of an `anyOf` or `oneOf` error.
fn alternatives<'e>(error: &'e ValidationError<'_>) -> Option<&'e Vec<Vec<ValidationError<'static>>>> {
    match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => Some(context),
        _ => None,
    }
}

/// The alternative that came closest (see [`describe`]); one whose `type` is not the value's
/// (Discord's unions are told apart by `type`) comes last.
fn closest<'c>(context: &'c [Vec<ValidationError<'static>>]) -> Option<&'c Vec<ValidationError<'static>>> {
    let shallowest = |complaints: &Vec<ValidationError<'static>>| complaints.iter().map(reach).min().unwrap_or(0);
    let other_kind = |complaints: &Vec<ValidationError<'static>>| complaints.iter().any(wrong_type);
    context.iter().filter(|c| !c.is_empty()).min_by_key(|c| (other_kind(c), std::cmp::Reverse(shallowest(c)), c.len()))
}

/// Whether an error says an object's `type` is not the one an alternative of a union takes.
fn wrong_type(error: &ValidationError<'_>) -> bool {
    matches!(error.kind(), ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. })
        && error.instance_path().as_str().ends_with("/type")
}

/// How deep in the value an error lies, through the closest alternative of a union.
fn reach(error: &ValidationError<'_>) -> usize {
    match alternatives(error).and_then(|context| closest(context)) {
        Some(complaints) => complaints.iter().map(reach).min().unwrap_or(0),
        None => error.instance_path().as_str().matches('/').count(),
    }
}

/// `a=1&b=x%20y` as pairs, decoded.
fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let plus = |text: &str| percent_decode(&text.replace('+', " "));
            (plus(name), plus(value))
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'%' if index + 2 < bytes.len() => match u8::from_str_radix(&text[index + 1..index + 3], 16) {
                Ok(byte) => {
                    out.push(byte);
                    index += 3;
                    continue;
                }
                Err(_) => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A path or key as a JSON pointer token (RFC 6901) in a URI fragment, for `$ref`s.
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1").replace('{', "%7B").replace('}', "%7D")
}
