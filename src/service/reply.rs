//! What the service says back: `Reply` (words with their markup, an embed, PNG attachments,
//! buttons and menus with our own custom ids, and the board as data) and `Announcement` (a reply
//! nobody asked for, posted to a channel). The Discord adapter and the console each turn these
//! into their own output; neither invents words.

use crate::engine::solo::SoloBoard;
use crate::engine::{Board, Color, Square, SquareSet};
use crate::store::{ChannelId, GameId, GuildId, MessageId, SeasonId, TournamentId, UserId};

use super::text::Text;

/// One message from the bot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// The words above the embed (mentions go here, so they notify).
    pub content: Text,
    /// The card with the board and the game's facts.
    pub embed: Option<Embed>,
    /// Files attached to the message.
    pub files: Vec<Attachment>,
    /// Rows of buttons or one menu each.
    pub rows: Vec<Row>,
    /// Only the invoker sees it (errors, confirmations).
    pub ephemeral: bool,
    /// Answering a click, it takes the place of the message clicked (a tournament's card with
    /// its new count) instead of following it.
    pub replaces: bool,
    /// The board as data, for front ends that draw it themselves (the console).
    pub board: Option<BoardSketch>,
    /// A solo game's board as data, for the console.
    pub solo: Option<SoloSketch>,
}

/// A solo game's board as a text front end draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloSketch {
    /// The discs and tiles (face-down tiles draw as `#`, never as what they are).
    pub board: SoloBoard,
    /// What the diagram's letters mean, in the reader's language.
    pub legend: String,
}

/// A board as a text front end draws it: the discs, whose turn, the legal moves and each side's
/// last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSketch {
    /// The discs.
    pub board: Board,
    /// The side to move (`None` once the game is over).
    pub to_move: Option<Color>,
    /// The player who is to move.
    pub player_to_move: Option<UserId>,
    /// Where the side to move may play.
    pub legal: SquareSet,
    /// The last square each side played (black's first).
    pub last: [Option<Square>; 2],
    /// The sides' names as the reader calls them (black's first).
    pub sides: [String; 2],
}

impl Reply {
    /// Words that everyone sees.
    pub fn text(content: impl Into<Text>) -> Reply {
        Reply { content: content.into(), ..Reply::default() }
    }

    /// Words that only the invoker sees.
    pub fn private(content: impl Into<Text>) -> Reply {
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

    /// Every visible line without markup: content, embed title, description, fields and footer,
    /// for tests and logs.
    pub fn plain_text(&self) -> String {
        let mut lines = Vec::new();
        if !self.content.is_empty() {
            lines.push(self.content.to_plain());
        }
        if let Some(embed) = &self.embed {
            for text in [&embed.title, &embed.description] {
                if !text.is_empty() {
                    lines.push(text.to_plain());
                }
            }
            for field in &embed.fields {
                lines.push(format!("{}: {}", field.name.to_plain(), field.value.to_plain()));
            }
            if !embed.footer.is_empty() {
                lines.push(embed.footer.to_plain());
            }
        }
        lines.join("\n")
    }
}

/// A card: a title, a body, fields, a picture and small print.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Embed {
    /// The first line.
    pub title: Text,
    /// The body, one line per event or entry.
    pub description: Text,
    /// Name/value pairs.
    pub fields: Vec<Field>,
    /// The attachment shown as the embed's picture, by file name.
    pub image: Option<String>,
    /// Small print at the bottom (shown without markup).
    pub footer: Text,
    /// The stripe colour, 0xRRGGBB.
    pub color: u32,
}

/// One embed field.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its heading (shown without markup).
    pub name: Text,
    /// Its text.
    pub value: Text,
    /// Whether it may sit beside its neighbours.
    pub inline: bool,
}

impl Field {
    /// A field shown beside its neighbours.
    pub fn inline(name: impl Into<Text>, value: impl Into<Text>) -> Field {
        Field { name: name.into(), value: value.into(), inline: true }
    }

    /// A field on its own line.
    pub fn block(name: impl Into<Text>, value: impl Into<Text>) -> Field {
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
    /// A link to a web page: the button's `id` holds the address, and a click opens it (the
    /// bot hears nothing of it).
    Link,
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
    /// The same key for the same news, whoever posts it (at most 25 characters): Discord shows
    /// messages posted under one key within minutes of each other once, so two processes (or a
    /// process and its successor) announcing one event show one message.
    pub key: Option<String>,
    /// What to note once it is posted, so it is not posted again.
    pub then: Option<Posted>,
    /// Edit this message of `channel` instead of posting (a live board).
    pub edit: Option<MessageId>,
    /// Post it in this user's DM instead (`channel` is then the game's, which it names).
    pub direct: Option<UserId>,
}

impl Announcement {
    /// An announcement with no key: one that only its maker posts.
    pub fn new(channel: ChannelId, reply: Reply) -> Announcement {
        Announcement { channel, reply, key: None, then: None, edit: None, direct: None }
    }

    /// The announcement under `key` (see [`Announcement::key`]).
    pub fn keyed(mut self, key: String) -> Announcement {
        self.key = Some(key);
        self
    }
}

/// What an announcement, once posted, tells the service to note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posted {
    /// The reminder for the move of the game at this version.
    Reminder {
        /// The game.
        game: GameId,
        /// Its version when reminded.
        version: i64,
    },
    /// The game's loss on time.
    Forfeit(GameId),
    /// A season's close and its champions.
    SeasonClosed(SeasonId),
    /// A live board posted (its message is noted) or edited, showing the game at `version`;
    /// `over` once the game ended.
    LiveBoard {
        /// The live board.
        board: i64,
        /// The game's version shown.
        version: i64,
        /// Whether the game is over.
        over: bool,
    },
    /// A your-turn notice for the game's turn at `version`.
    TurnNotice {
        /// The game.
        game: GameId,
        /// Its version (the turn).
        version: i64,
    },
    /// A server's post of the day's puzzle.
    DailyPuzzle {
        /// The server.
        guild: GuildId,
        /// The day, as a number (`20261130`).
        day: u32,
    },
}

/// A tournament game to open in a thread of its own: the front end makes the thread in `parent`
/// named `name`, then hands it to `Service::open_tournament_game`, which starts the game there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The game of a knockout match (1 elsewhere).
    pub game_no: u32,
    /// The channel the tournament posts in, where the thread is made.
    pub parent: ChannelId,
    /// The thread's name (within Discord's 100 characters).
    pub name: String,
}
