//! Turning the service's `Reply` into serenity's builders: a channel message, an interaction
//! response, or an edit of a deferred response. The service's markup becomes Discord's here:
//! strong words bold, players mentions, moments `<t:…>` timestamps each reader sees in their own
//! time, code in backticks; everything else is escaped so a name like `*Bob*` stays as typed.

use poise::serenity_prelude as serenity;

use crate::service::text::{Span, Text, TimeStyle};
use crate::service::{ButtonStyle, Embed, Reply, Row};

/// Discord's longest embed description and field value.
const MAX_DESCRIPTION: usize = 4096;
const MAX_FIELD: usize = 1024;
const MAX_TITLE: usize = 256;

/// `text` as Discord Markdown.
pub fn markdown(text: &Text) -> String {
    let mut out = String::new();
    for span in text.spans() {
        match span {
            Span::Plain(words) => out.push_str(&escape(words)),
            Span::Strong(words) if words.trim().is_empty() => out.push_str(words),
            Span::Strong(words) => {
                out.push_str("**");
                out.push_str(&escape(words));
                out.push_str("**");
            }
            Span::Mention { id, .. } => out.push_str(&format!("<@{}>", id.0)),
            Span::Time { at, style } => {
                let seconds = at.as_millis().div_euclid(1000);
                let letter = match style {
                    TimeStyle::Relative => 'R',
                    TimeStyle::Date => 'd',
                };
                out.push_str(&format!("<t:{seconds}:{letter}>"));
            }
            Span::Code(words) => {
                out.push('`');
                out.push_str(&words.replace('`', "'"));
                out.push('`');
            }
            Span::Role(id) => out.push_str(&format!("<@&{id}>")),
            Span::Channel(id) => out.push_str(&format!("<#{id}>")),
        }
    }
    out
}

/// Escapes Discord's Markdown characters in plain words.
fn escape(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    for c in words.chars() {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '\\' | '<' | '>' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// At most `max` characters, ending with an ellipsis when cut.
fn fit(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

fn embed(embed: &Embed) -> serenity::CreateEmbed {
    let mut out = serenity::CreateEmbed::new().colour(embed.color);
    if !embed.title.is_empty() {
        // Titles show Markdown but not mentions: names stay names.
        out = out.title(fit(embed.title.to_plain(), MAX_TITLE));
    }
    if !embed.description.is_empty() {
        out = out.description(fit(markdown(&embed.description), MAX_DESCRIPTION));
    }
    for field in &embed.fields {
        out = out.field(fit(field.name.to_plain(), MAX_TITLE), fit(markdown(&field.value), MAX_FIELD), field.inline);
    }
    if let Some(image) = &embed.image {
        out = out.image(format!("attachment://{image}"));
    }
    if !embed.footer.is_empty() {
        out = out.footer(serenity::CreateEmbedFooter::new(embed.footer.to_plain()));
    }
    out
}

fn style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
        // Drawn by `rows` as a link button; never asked for here.
        ButtonStyle::Link => serenity::ButtonStyle::Secondary,
    }
}

/// The component rows of a reply.
pub fn rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .rows
        .iter()
        .map(|row| match row {
            Row::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| match b.style {
                        ButtonStyle::Link => serenity::CreateButton::new_link(&b.id).label(&b.label),
                        _ => serenity::CreateButton::new(&b.id).label(&b.label).style(style(b.style)),
                    })
                    .collect(),
            ),
            Row::Menu(menu) => {
                let options = menu
                    .options
                    .iter()
                    .map(|o| {
                        let option = serenity::CreateSelectMenuOption::new(&o.label, &o.value);
                        match &o.description {
                            Some(d) => option.description(fit(d.clone(), 100)),
                            None => option,
                        }
                    })
                    .collect();
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(&menu.id, serenity::CreateSelectMenuKind::String { options })
                        .placeholder(fit(menu.placeholder.clone(), 150)),
                )
            }
        })
        .collect()
}

/// The attachments of a reply, with their alt text.
pub fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    reply
        .files
        .iter()
        .map(|file| {
            let attachment = serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone());
            match &file.description {
                Some(text) => attachment.description(fit(text.clone(), 1024)),
                None => attachment,
            }
        })
        .collect()
}

/// Mentions only the users the reply's content names (never @everyone or roles), each once:
/// Discord refuses a list that names a user twice.
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    let mut users: Vec<serenity::UserId> = Vec::new();
    for span in reply.content.spans() {
        if let Span::Mention { id, .. } = span
            && !users.contains(&serenity::UserId::new(id.0))
        {
            users.push(serenity::UserId::new(id.0));
        }
    }
    serenity::CreateAllowedMentions::new().users(users)
}

/// A plain channel message (announcements, typed moves).
pub fn message(reply: &Reply) -> serenity::CreateMessage {
    let mut out = serenity::CreateMessage::new()
        .content(markdown(&reply.content))
        .components(rows(reply))
        .add_files(attachments(reply))
        .allowed_mentions(mentions(reply));
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    out
}

/// The edit of a message the bot posted (a live board): its words, card, components and a new
/// picture in place of the old.
pub fn edit_message(reply: &Reply) -> serenity::EditMessage {
    let mut out = serenity::EditMessage::new()
        .content(markdown(&reply.content))
        .components(rows(reply))
        .allowed_mentions(mentions(reply));
    for attachment in attachments(reply) {
        out = out.new_attachment(attachment);
    }
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    out
}

/// An interaction response message.
pub fn interaction(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let mut out = serenity::CreateInteractionResponseMessage::new()
        .content(markdown(&reply.content))
        .ephemeral(reply.ephemeral)
        .components(rows(reply))
        .add_files(attachments(reply))
        .allowed_mentions(mentions(reply));
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    out
}

/// The edit that fills in a deferred interaction response.
pub fn edit(reply: &Reply) -> serenity::EditInteractionResponse {
    let mut out = serenity::EditInteractionResponse::new()
        .content(markdown(&reply.content))
        .components(rows(reply))
        .allowed_mentions(mentions(reply));
    for attachment in attachments(reply) {
        out = out.new_attachment(attachment);
    }
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Timestamp, UserId};

    #[test]
    fn markup_becomes_discord_markdown_and_names_stay_as_typed() {
        let mut text = Text::plain("*Bob*_");
        text.push(Span::Plain(" played ".into()));
        text.push(Span::Strong("d3".into()));
        text.push(Span::Plain(", ".into()));
        text.push(Span::Mention { id: UserId(42), name: "Ann".into() });
        text.push(Span::Plain(" ".into()));
        text.push(Span::Time { at: Timestamp(1_000_000), style: TimeStyle::Relative });
        text.push(Span::Plain(" ".into()));
        text.push(Span::Code("f5d6".into()));
        assert_eq!(markdown(&text), "\\*Bob\\*\\_ played **d3**, <@42> <t:1000:R> `f5d6`");
    }
}
