//! The Japanese rule (the encyclopedia's way to avoid a draw): once a challenge is accepted, one
//! player, drawn by lot, decides whether a tie counts for black or for white, then the other picks
//! a colour, each with a button. The steps are carried in the buttons' ids (the challenge, who
//! accepted it, the bot's level), so nothing is stored until the game starts; against the bot,
//! the bot takes its step at once.

use crate::ai::Level;
use crate::engine::{Color, Rules, TieRule};
use crate::render::Theme;
use crate::store::queries::*;
use crate::store::{Challenge, ChallengeId, ChallengeStatus, ColorChoice, UserId};

use super::facts::Event;
use super::flows::coin_toss;
use super::text::Locale;
use super::view::replies;
use super::{Invocation, Response, Service, ServiceError, UserError, components};

/// The Japanese rule's two players for a challenge accepted by `acceptor`: the one drawn by
/// lot (a fair coin on the challenge and the acceptor, so every click agrees), who decides
/// whom a tie counts for, and the other, who then picks a colour.
fn japanese_players(challenge: &Challenge, acceptor: UserId) -> (UserId, UserId) {
    if coin_toss(challenge.id.0 as u64 ^ acceptor.0) {
        (challenge.challenger, acceptor)
    } else {
        (acceptor, challenge.challenger)
    }
}

impl Service {
    /// The theme of the challenge's game and the names of `players`, for the steps' words.
    async fn japanese_words(
        &self,
        challenge: &Challenge,
        players: [UserId; 2],
        locale: Locale,
    ) -> Result<(Theme, [String; 2]), ServiceError> {
        let theme = self.game_theme(challenge.guild, &challenge.rules).await?;
        Ok((theme, [self.name_of(players[0], locale).await?, self.name_of(players[1], locale).await?]))
    }

    /// The Japanese rule's draw when `acceptor` takes the challenge: the first step's buttons
    /// for the player drawn, or, when that is the bot, its decision and the second step.
    pub(super) async fn japanese_lot(
        &self,
        inv: &Invocation,
        challenge: &Challenge,
        acceptor: UserId,
        level: u8,
    ) -> Result<Response, ServiceError> {
        let (decider, chooser) = japanese_players(challenge, acceptor);
        if self.is_bot(decider) {
            // Drawn, the bot lets a tie count for white, the side that moves second.
            return self.japanese_tie_decided(inv, challenge, acceptor, level, Color::White).await;
        }
        let (theme, [decider_name, chooser_name]) =
            self.japanese_words(challenge, [decider, chooser], inv.locale()).await?;
        let button = |tie: Color| components::japanese_tie(challenge.id, acceptor, level, tie);
        Ok(replies::japanese_tie_ask(inv.locale(), theme, (decider, &decider_name), &chooser_name, button).into())
    }

    /// A challenge still open to the Japanese steps, and the two players' roles in it.
    async fn japanese_challenge(
        &self,
        inv: &Invocation,
        id: ChallengeId,
        acceptor: UserId,
    ) -> Result<(Challenge, UserId, UserId), ServiceError> {
        let challenge = self.inner.store.challenge(id).await?.ok_or(UserError::ChallengeClosed)?;
        if challenge.status != ChallengeStatus::Pending
            || challenge.expires_at <= inv.now
            || challenge.color != ColorChoice::Japanese
        {
            return Err(UserError::ChallengeClosed.into());
        }
        let (decider, chooser) = japanese_players(&challenge, acceptor);
        Ok((challenge, decider, chooser))
    }

    /// The first step's click: the player drawn says whom a tie counts for.
    pub(super) async fn japanese_tie(
        &self,
        inv: &Invocation,
        id: ChallengeId,
        acceptor: UserId,
        level: u8,
        tie: Color,
    ) -> Result<Response, ServiceError> {
        let (challenge, decider, _) = self.japanese_challenge(inv, id, acceptor).await?;
        if inv.user.id != decider {
            return Err(UserError::NotYourChoice(self.name_of(decider, inv.locale()).await?).into());
        }
        self.japanese_tie_decided(inv, &challenge, acceptor, level, tie).await
    }

    /// After the tie is decided: the second step's buttons for the other player, or, when that
    /// is the bot, its choice and the game.
    async fn japanese_tie_decided(
        &self,
        inv: &Invocation,
        challenge: &Challenge,
        acceptor: UserId,
        level: u8,
        tie: Color,
    ) -> Result<Response, ServiceError> {
        let (decider, chooser) = japanese_players(challenge, acceptor);
        if self.is_bot(chooser) {
            // The bot takes the colour a tie counts for.
            return self.japanese_game(inv, challenge, acceptor, level, tie, tie).await;
        }
        let (theme, [decider_name, chooser_name]) =
            self.japanese_words(challenge, [decider, chooser], inv.locale()).await?;
        let button = |color: Color| components::japanese_color(challenge.id, acceptor, level, tie, color);
        let reply =
            replies::japanese_color_ask(inv.locale(), theme, &decider_name, tie, (chooser, &chooser_name), button);
        Ok(reply.into())
    }

    /// The second step's click: the other player picks their colour, and the game begins.
    pub(super) async fn japanese_color(
        &self,
        inv: &Invocation,
        id: ChallengeId,
        acceptor: UserId,
        level: u8,
        tie: Color,
        color: Color,
    ) -> Result<Response, ServiceError> {
        let (challenge, _, chooser) = self.japanese_challenge(inv, id, acceptor).await?;
        if inv.user.id != chooser {
            return Err(UserError::NotYourChoice(self.name_of(chooser, inv.locale()).await?).into());
        }
        self.japanese_game(inv, &challenge, acceptor, level, tie, color).await
    }

    /// Starts the game the Japanese rule settled: a tie counts for `tie`, the chooser plays
    /// `chooser_color`.
    async fn japanese_game(
        &self,
        inv: &Invocation,
        challenge: &Challenge,
        acceptor: UserId,
        level: u8,
        tie: Color,
        chooser_color: Color,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let (decider, chooser) = japanese_players(challenge, acceptor);
        let rules = Rules { tie: TieRule::Counts(tie), ..challenge.rules };
        let (black, white) = if chooser_color == Color::Black { (chooser, decider) } else { (decider, chooser) };
        let decider_color = if decider == black { Color::Black } else { Color::White };
        let settled = Event::JapaneseRule { decider: decider_color, tie };
        if let Some(level) = Level::new(level) {
            // Against the bot: the challenge is the bot's to accept, and the game the usual one.
            store.accept_challenge(challenge.id, acceptor, inv.now).await?;
            let human = if black == challenge.challenger { ColorChoice::Black } else { ColorChoice::White };
            // Boxed: a Japanese game against the bot began in `play_bot_with` itself.
            return Box::pin(self.play_bot_with(inv, Some(level), human, rules, vec![settled])).await;
        }
        self.open_challenge_game(inv, challenge, acceptor, (black, white), rules, vec![settled]).await
    }
}
