//! What the service says back: `Reply` (text, an embed, PNG attachments, buttons and menus with
//! our own custom ids) and `Announcement` (a reply nobody asked for, posted to a channel). The
//! Discord adapter and the console each turn these into their own output.

use crate::store::ChannelId;

/// One message from the bot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// Plain text above the embed (mentions go here, so they notify).
    pub content: String,
    /// The card with the board and the game's facts.
    pub embed: Option<Embed>,
    /// Files attached to the message.
    pub files: Vec<Attachment>,
    /// Rows of buttons or one menu each.
    pub rows: Vec<Row>,
    /// Only the invoker sees it (errors, confirmations).
    pub ephemeral: bool,
}

impl Reply {
    /// A plain text reply that everyone sees.
    pub fn text(content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ..Reply::default() }
    }

    /// A text reply that only the invoker sees.
    pub fn private(content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ephemeral: true, ..Reply::default() }
    }

    /// The custom ids of every button and menu, for tests and logs.
    pub fn custom_ids(&self) -> Vec<&str> {
        self.rows
            .iter()
            .flat_map(|row| match row {
                Row::Buttons(buttons) => buttons.iter().map(|b| b.id.as_str()).collect::<Vec<_>>(),
                Row::Menu(menu) => vec![menu.id.as_str()],
            })
            .collect()
    }

    /// Every visible line of text: content, embed title, description and fields, for tests and
    /// the console.
    pub fn plain_text(&self) -> String {
        let mut lines = Vec::new();
        if !self.content.is_empty() {
            lines.push(self.content.clone());
        }
        if let Some(embed) = &self.embed {
            if !embed.title.is_empty() {
                lines.push(embed.title.clone());
            }
            if !embed.description.is_empty() {
                lines.push(embed.description.clone());
            }
            for field in &embed.fields {
                lines.push(format!("{}: {}", field.name, field.value));
            }
            if let Some(footer) = &embed.footer {
                lines.push(footer.clone());
            }
        }
        lines.join("\n")
    }
}

/// A Discord-style embed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Embed {
    /// Bold first line.
    pub title: String,
    /// The body text (Discord markdown).
    pub description: String,
    /// Name/value pairs.
    pub fields: Vec<Field>,
    /// The attachment shown as the embed's picture, by file name.
    pub image: Option<String>,
    /// Small print at the bottom.
    pub footer: Option<String>,
    /// The stripe colour, 0xRRGGBB.
    pub color: u32,
}

/// One embed field.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its heading.
    pub name: String,
    /// Its text.
    pub value: String,
    /// Whether it may sit beside its neighbours.
    pub inline: bool,
}

impl Field {
    /// A field shown beside its neighbours.
    pub fn inline(name: impl Into<String>, value: impl Into<String>) -> Field {
        Field { name: name.into(), value: value.into(), inline: true }
    }

    /// A field on its own line.
    pub fn block(name: impl Into<String>, value: impl Into<String>) -> Field {
        Field { name: name.into(), value: value.into(), inline: false }
    }
}

/// A file attached to a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The file name (`board.png`).
    pub name: String,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Alt text for screen readers.
    pub description: Option<String>,
}

/// One row of components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// Up to five buttons.
    Buttons(Vec<Button>),
    /// One select menu.
    Menu(Menu),
}

/// A button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Our custom id (see [`super::components`]).
    pub id: String,
    /// Its label.
    pub label: String,
    /// Its look.
    pub style: ButtonStyle,
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The main action (blurple).
    Primary,
    /// A neutral action (grey).
    Secondary,
    /// A good outcome (green).
    Success,
    /// A destructive action (red).
    Danger,
}

/// A select menu (Discord allows up to 25 options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// Our custom id.
    pub id: String,
    /// Shown when nothing is chosen.
    pub placeholder: String,
    /// The choices.
    pub options: Vec<MenuOption>,
}

/// One choice of a select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// What the player sees.
    pub label: String,
    /// What comes back when chosen.
    pub value: String,
    /// Small text under the label.
    pub description: Option<String>,
}

/// A reply nobody asked for (a forfeit, a reminder, the bot's move after a restart), to post in a
/// channel.
#[derive(Clone, Debug, PartialEq)]
pub struct Announcement {
    /// Where to post it.
    pub channel: ChannelId,
    /// What to post.
    pub reply: Reply,
}
