//! Builders for the events a test sends to the bot: slash command and autocomplete
//! interactions ([`SlashCommand`]), component interactions ([`ComponentClick`]) and
//! MESSAGE_CREATE ([`MessageCreate`]). Each `build()` returns the JSON with fresh snowflakes and
//! a fresh interaction token, ready for `FakeDiscord::send_interaction` (which checks it against
//! serenity's types) and for waiting on the callback of that interaction id.

use serde_json::{Map, Value, json};

use super::payloads::{ATTACHMENT_SIZE_LIMIT, FakeUser, Ids, member, message, permissions, snowflake};

/// Where an interaction or message comes from, and who sends it.
#[derive(Clone, Debug)]
struct Origin {
    application_id: u64,
    guild_id: Option<u64>,
    channel_id: u64,
    user: FakeUser,
    member_permissions: u64,
    member_roles: Vec<u64>,
    app_permissions: u64,
    locale: String,
    /// The members of a group DM or a DM between people (`None`: a server or the bot's DM).
    private_chat: Option<Vec<FakeUser>>,
}

impl Origin {
    fn new(ids: &Ids) -> Self {
        Self {
            application_id: ids.application_id,
            guild_id: Some(ids.guild_id),
            channel_id: ids.channel_id,
            user: ids.user.clone(),
            member_permissions: permissions::MEMBER,
            member_roles: Vec::new(),
            app_permissions: permissions::BOT,
            locale: "en-US".into(),
            private_chat: None,
        }
    }

    /// The fields every interaction type shares.
    fn interaction(&self, kind: u8, data: Value) -> Value {
        let id = snowflake();
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": self.application_id.to_string(),
            "type": kind,
            "data": data,
            "channel_id": self.channel_id.to_string(),
            "token": format!("fake-interaction-token-{id}"),
            "version": 1,
            "locale": self.locale,
            "app_permissions": self.app_permissions.to_string(),
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        });
        match self.guild_id {
            Some(guild_id) => {
                interaction["guild_id"] = json!(guild_id.to_string());
                interaction["guild_locale"] = json!("en-US");
                interaction["member"] = member(&self.user, self.member_permissions, true);
                interaction["member"]["roles"] =
                    json!(self.member_roles.iter().map(u64::to_string).collect::<Vec<_>>());
                interaction["context"] = json!(0);
                interaction["authorizing_integration_owners"] = json!({ "0": guild_id.to_string() });
            }
            None => match &self.private_chat {
                // The bot's DM: the app installed to a server the user shares with it.
                None => {
                    interaction["user"] = self.user.json();
                    interaction["context"] = json!(1);
                    interaction["authorizing_integration_owners"] = json!({ "0": "0" });
                    interaction["channel"] = json!({
                        "id": self.channel_id.to_string(),
                        "type": 1,
                        "recipients": [self.user.json()],
                    });
                }
                // A group DM: the app installed to the user, who is the only one it acts for.
                Some(others) => {
                    interaction["user"] = self.user.json();
                    interaction["context"] = json!(2);
                    interaction["authorizing_integration_owners"] = json!({ "1": self.user.id.to_string() });
                    interaction["channel"] = json!({
                        "id": self.channel_id.to_string(),
                        "type": 3,
                        "name": null,
                        "recipients": others
                            .iter()
                            .filter(|member| member.id != self.user.id)
                            .map(FakeUser::json)
                            .collect::<Vec<_>>(),
                    });
                }
            },
        }
        interaction
    }
}

/// Where the event comes from and who sends it, the same setters on every builder (written once).
macro_rules! origin_setters {
    ($($builder:ty),*) => {$(
        impl $builder {
            /// The invoking user or author (a guild member unless [`Self::in_dm`]).
            pub fn by(mut self, user: &FakeUser) -> Self {
                self.origin.user = user.clone();
                self
            }

            /// The channel (default: the fake's channel).
            pub fn in_channel(mut self, channel_id: u64) -> Self {
                self.origin.channel_id = channel_id;
                self
            }

            /// The guild (default: the fake's guild).
            pub fn in_guild(mut self, guild_id: u64) -> Self {
                self.origin.guild_id = Some(guild_id);
                self
            }

            /// A direct message with the bot in `channel_id`: no guild, the user not a member.
            pub fn in_dm(mut self, channel_id: u64) -> Self {
                self.origin.guild_id = None;
                self.origin.channel_id = channel_id;
                self
            }

            /// A group DM `channel_id` with `members` (the sender among them or not), where the
            /// sender installed the app to their account: the bot is not in it.
            pub fn in_group_dm(mut self, channel_id: u64, members: &[&FakeUser]) -> Self {
                self.origin.guild_id = None;
                self.origin.channel_id = channel_id;
                self.origin.private_chat = Some(members.iter().map(|m| (*m).clone()).collect());
                self
            }

            /// The invoking member's permissions in the channel (default: a plain member's).
            pub fn member_permissions(mut self, bits: u64) -> Self {
                self.origin.member_permissions = bits;
                self
            }

            /// The member's roles (default: none).
            pub fn member_roles(mut self, roles: &[u64]) -> Self {
                self.origin.member_roles = roles.to_vec();
                self
            }

            /// The bot's permissions in the channel (default: all it asks for).
            pub fn app_permissions(mut self, bits: u64) -> Self {
                self.origin.app_permissions = bits;
                self
            }

            /// The user's Discord locale (default `en-US`).
            pub fn locale(mut self, locale: &str) -> Self {
                self.origin.locale = locale.to_owned();
                self
            }
        }
    )*};
}

origin_setters!(SlashCommand, ComponentClick, MessageCreate);

/// Builds a slash command (type 2) or autocomplete (type 4) interaction.
///
/// ```ignore
/// let ping = fake.slash("ping").string("word", "hello").by(&bob).build();
/// ```
#[derive(Clone, Debug)]
pub struct SlashCommand {
    origin: Origin,
    command_id: u64,
    name: String,
    subcommand: Vec<String>,
    options: Vec<Value>,
    users: Map<String, Value>,
    members: Map<String, Value>,
    roles: Map<String, Value>,
    autocomplete: bool,
}

impl SlashCommand {
    pub(super) fn new(ids: &Ids, name: &str, command_id: Option<u64>, autocomplete: bool) -> Self {
        Self {
            origin: Origin::new(ids),
            command_id: command_id.unwrap_or_else(snowflake),
            name: name.to_owned(),
            subcommand: Vec::new(),
            options: Vec::new(),
            users: Map::new(),
            members: Map::new(),
            roles: Map::new(),
            autocomplete,
        }
    }

    /// Invokes a subcommand: `"new"`, or `"group new"` for one inside a group. Options added
    /// afterwards belong to the subcommand.
    pub fn subcommand(mut self, path: &str) -> Self {
        self.subcommand = path.split_whitespace().map(str::to_owned).collect();
        self
    }

    /// A string option (type 3).
    pub fn string(self, name: &str, value: &str) -> Self {
        self.option(name, 3, json!(value))
    }

    /// An integer option (type 4).
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.option(name, 4, json!(value))
    }

    /// A boolean option (type 5).
    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.option(name, 5, json!(value))
    }

    /// A number option (type 10).
    pub fn number(self, name: &str, value: f64) -> Self {
        self.option(name, 10, json!(value))
    }

    /// A channel option (type 7); the channel is not resolved.
    pub fn channel(self, name: &str, channel_id: u64) -> Self {
        self.option(name, 7, json!(channel_id.to_string()))
    }

    /// A user option (type 6), with the user (and, in a guild, the member) in `resolved`.
    pub fn user(mut self, name: &str, user: &FakeUser) -> Self {
        let key = user.id.to_string();
        self.users.insert(key.clone(), user.json());
        if self.origin.guild_id.is_some() {
            self.members.insert(key.clone(), member(user, permissions::MEMBER, false));
        }
        self.option(name, 6, json!(key))
    }

    /// A role option (type 8), with the role in `resolved`.
    pub fn role(mut self, name: &str, role_id: u64, role_name: &str) -> Self {
        let key = role_id.to_string();
        let role = json!({
            "id": key,
            "name": role_name,
            "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false,
            "position": 1,
            "permissions": "0",
            "managed": false,
            "mentionable": false,
            "flags": 0,
        });
        self.roles.insert(key.clone(), role);
        self.option(name, 8, json!(key))
    }

    /// The option being typed in an autocomplete interaction: a string option with
    /// `"focused": true` and the partial input as its value.
    pub fn focused(mut self, name: &str, partial: &str) -> Self {
        self.autocomplete = true;
        self.options.push(json!({ "name": name, "type": 3, "value": partial, "focused": true }));
        self
    }

    /// Any option, as `{name, type, value}`.
    pub fn option(mut self, name: &str, kind: u8, value: Value) -> Self {
        self.options.push(json!({ "name": name, "type": kind, "value": value }));
        self
    }

    /// The interaction JSON (a fresh id and token every call).
    pub fn build(&self) -> Value {
        let mut options = Value::Array(self.options.clone());
        // Wrap the options in the subcommand, then in its group, innermost first.
        for (depth, name) in self.subcommand.iter().enumerate().rev() {
            let kind = if depth + 1 == self.subcommand.len() { 1 } else { 2 };
            options = json!([{ "name": name, "type": kind, "options": options }]);
        }
        let mut data = json!({
            "id": self.command_id.to_string(),
            "name": self.name,
            "type": 1,
            "options": options,
        });
        if let Some(guild_id) = self.origin.guild_id {
            data["guild_id"] = json!(guild_id.to_string());
        }
        if !self.users.is_empty() {
            data["resolved"] = json!({
                "users": self.users.clone(),
                "members": self.members.clone(),
            });
        }
        if !self.roles.is_empty() {
            data["resolved"]["roles"] = json!(self.roles.clone());
        }
        let kind = if self.autocomplete { 4 } else { 2 };
        self.origin.interaction(kind, data)
    }
}

/// Builds a component (type 3) interaction: a button click or a string select choice.
#[derive(Clone, Debug)]
pub struct ComponentClick {
    origin: Origin,
    bot: FakeUser,
    custom_id: String,
    component_type: u8,
    values: Vec<String>,
    message: Option<Value>,
}

impl ComponentClick {
    pub(super) fn new(ids: &Ids, custom_id: &str, component_type: u8, values: Vec<String>) -> Self {
        Self {
            origin: Origin::new(ids),
            bot: ids.bot.clone(),
            custom_id: custom_id.to_owned(),
            component_type,
            values,
            message: None,
        }
    }

    /// The message carrying the component, normally [`super::Recorded::message`] of the bot's
    /// reply. Its channel becomes the interaction's channel. Without it the builder makes up a
    /// bot message holding just this component.
    pub fn on_message(mut self, message: &Value) -> Self {
        if let Some(channel_id) = message.get("channel_id").and_then(Value::as_str).and_then(|id| id.parse().ok()) {
            self.origin.channel_id = channel_id;
        }
        if let Some(guild_id) = message.get("guild_id").and_then(Value::as_str).and_then(|id| id.parse().ok()) {
            self.origin.guild_id = Some(guild_id);
        }
        self.message = Some(message.clone());
        self
    }

    /// The interaction JSON (a fresh id and token every call).
    pub fn build(&self) -> Value {
        let mut data = json!({
            "custom_id": self.custom_id,
            "component_type": self.component_type,
        });
        if self.component_type != 2 {
            data["values"] = json!(self.values);
        }
        let message = self.message.clone().unwrap_or_else(|| {
            let component = if self.component_type == 2 {
                json!({ "type": 2, "style": 1, "label": "button", "custom_id": self.custom_id })
            } else {
                json!({
                    "type": self.component_type,
                    "custom_id": self.custom_id,
                    "options": self.values.iter()
                        .map(|value| json!({ "label": value, "value": value }))
                        .collect::<Vec<_>>(),
                })
            };
            let body = json!({ "components": [{ "type": 1, "components": [component] }] });
            message(snowflake(), self.origin.channel_id, self.origin.guild_id, &self.bot, &body, Vec::new())
        });
        let mut interaction = self.origin.interaction(3, data);
        interaction["message"] = message;
        interaction
    }
}

/// Builds a MESSAGE_CREATE event: someone typed a message in a channel.
#[derive(Clone, Debug)]
pub struct MessageCreate {
    origin: Origin,
    content: String,
    mentions: Vec<FakeUser>,
}

impl MessageCreate {
    pub(super) fn new(ids: &Ids, content: &str) -> Self {
        Self { origin: Origin::new(ids), content: content.to_owned(), mentions: Vec::new() }
    }

    /// Lists `user` in `mentions` (put [`FakeUser::mention`] in the content too).
    pub fn mentioning(mut self, user: &FakeUser) -> Self {
        self.mentions.push(user.clone());
        self
    }

    /// The event's `d` (a fresh message id every call).
    pub fn build(&self) -> Value {
        let body = json!({ "content": self.content });
        let mut event =
            message(snowflake(), self.origin.channel_id, self.origin.guild_id, &self.origin.user, &body, Vec::new());
        event["mentions"] = self.mentions.iter().map(FakeUser::json).collect();
        if self.origin.guild_id.is_some() {
            event["member"] = member(&self.origin.user, self.origin.member_permissions, false);
        }
        event
    }
}
