//! Test data for the store's tests: a cast of players, a server, and games and challenges
//! between them.

use super::queries::*;
use super::{ChannelId, ColorChoice, GameRecord, GuildId, NewChallenge, NewGame, Store, Timestamp, UserId};
use crate::engine::Rules;

/// Plays black in the default game.
pub(crate) const ALICE: UserId = UserId(101);
/// Plays white in the default game.
pub(crate) const BOB: UserId = UserId(102);
/// A third player.
pub(crate) const CAROL: UserId = UserId(103);
/// The bot.
pub(crate) const BOT: UserId = UserId(900);
/// The server everything happens in.
pub(crate) const GUILD: GuildId = GuildId(7);

/// Upserts Alice, Bob, Carol and the bot.
pub(crate) async fn players(store: &Store) {
    for (id, name, is_bot) in
        [(ALICE, "Alice", false), (BOB, "Bob", false), (CAROL, "Carol", false), (BOT, "Bot", true)]
    {
        store.upsert_player(id, name, is_bot, Timestamp(0)).await.unwrap();
    }
}

/// A rated game of Alice (black) against Bob in channel `channel` of the server, no deadline.
pub(crate) fn new_game(channel: u64) -> NewGame {
    NewGame {
        guild: Some(GUILD),
        channel: ChannelId(channel),
        black: ALICE,
        white: BOB,
        bot_level: None,
        rated: true,
        rules: Rules::default(),
        deadline: None,
        bot_lease: None,
    }
}

/// Upserts the players and starts `new_game(channel)` at time 0.
pub(crate) async fn live_game(store: &Store, channel: u64) -> GameRecord {
    players(store).await;
    store.create_game(&new_game(channel), Timestamp(0)).await.unwrap()
}

/// Alice's open challenge in channel `channel`, expiring at 1000.
pub(crate) fn new_challenge(channel: u64) -> NewChallenge {
    NewChallenge {
        guild: Some(GUILD),
        channel: ChannelId(channel),
        challenger: ALICE,
        target: None,
        color: ColorChoice::Random,
        rated: true,
        rules: Rules::default(),
        expires_at: Timestamp(1_000),
    }
}
