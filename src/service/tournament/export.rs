//! A tournament exported: every game played as one GGF file, and the crosstable as text.

use crate::store::TournamentRecord;
use crate::store::queries::*;

use super::super::reply::{Attachment, Reply};
use super::super::text::{Args, Text, say, words};
use super::super::view::tournament as view;
use super::super::{Invocation, Response, Service, ServiceError, replay};
use super::standings;

impl Service {
    /// `/export tournament:`: every game of a tournament as one GGF file, and its crosstable
    /// as text.
    pub(super) async fn export_tournament(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let id = record.id;
        let locale = inv.locale();
        let pairings = store.pairings(id).await?;
        let mut ggf = String::new();
        let mut games = 0;
        for pairing in &pairings {
            let Some(game) = pairing.game else { continue };
            let Some(game_record) = store.game(game).await? else { continue };
            if game_record.ending.is_none() {
                continue;
            }
            let names = self.names(&game_record, locale).await?;
            let place = words(
                locale,
                "tournament-export-place",
                &Args::new()
                    .text("name", record.name.clone())
                    .number("round", pairing.round)
                    .number("board", pairing.board)
                    .number("game", pairing.game_no),
            );
            ggf.push_str(&replay(&game_record)?.to_ggf(&super::super::info::ggf_info(&game_record, &names, place)));
            ggf.push('\n');
            games += 1;
        }
        let entries = store.entries(id).await?;
        let table = standings(record.format, &entries, &pairings, record.round);
        let names = self.names_of(&record).await?;
        let text = view::crosstable_text(locale, &record, &table, &pairings, &names);
        let files = vec![
            Attachment {
                name: format!("tournament-{}.ggf", id.0),
                bytes: ggf.into_bytes(),
                description: Some(words(locale, "export-ggf-description", &Args::new())),
            },
            Attachment {
                name: format!("tournament-{}.txt", id.0),
                bytes: text.into_bytes(),
                description: Some(words(locale, "tournament-export-table-description", &Args::new())),
            },
        ];
        let content = say(
            locale,
            "tournament-export",
            &Args::new().text("name", Text::strong(record.name.clone())).number("games", games),
        );
        Ok(Reply { content, files, ..Reply::default() }.into())
    }
}
