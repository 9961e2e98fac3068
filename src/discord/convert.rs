//! Turning the service's `Reply` into serenity's builders: a poise reply, a channel message, an
//! interaction response, or an edit of a deferred response.

use poise::serenity_prelude as serenity;

use crate::service::{ButtonStyle, Embed, Reply, Row};

fn embed(embed: &Embed) -> serenity::CreateEmbed {
    let mut out = serenity::CreateEmbed::new().colour(embed.color);
    if !embed.title.is_empty() {
        out = out.title(&embed.title);
    }
    if !embed.description.is_empty() {
        out = out.description(&embed.description);
    }
    for field in &embed.fields {
        out = out.field(&field.name, &field.value, field.inline);
    }
    if let Some(image) = &embed.image {
        out = out.image(format!("attachment://{image}"));
    }
    if let Some(footer) = &embed.footer {
        out = out.footer(serenity::CreateEmbedFooter::new(footer));
    }
    out
}

fn style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
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
                    .map(|b| serenity::CreateButton::new(&b.id).label(&b.label).style(style(b.style)))
                    .collect(),
            ),
            Row::Menu(menu) => {
                let options = menu
                    .options
                    .iter()
                    .map(|o| {
                        let option = serenity::CreateSelectMenuOption::new(&o.label, &o.value);
                        match &o.description {
                            Some(d) => option.description(d),
                            None => option,
                        }
                    })
                    .collect();
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(&menu.id, serenity::CreateSelectMenuKind::String { options })
                        .placeholder(&menu.placeholder),
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
                Some(text) => attachment.description(text.chars().take(1024).collect::<String>()),
                None => attachment,
            }
        })
        .collect()
}

/// Mentions only the users the reply names in its text (never @everyone or roles).
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    let users = reply
        .content
        .split("<@")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse::<u64>().ok())
        .map(serenity::UserId::new);
    serenity::CreateAllowedMentions::new().users(users)
}

/// A poise reply (slash commands).
pub fn poise_reply(reply: &Reply) -> poise::CreateReply {
    let mut out = poise::CreateReply::default()
        .content(&reply.content)
        .ephemeral(reply.ephemeral)
        .components(rows(reply))
        .allowed_mentions(mentions(reply));
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    for attachment in attachments(reply) {
        out = out.attachment(attachment);
    }
    out
}

/// A plain channel message (announcements, typed moves).
pub fn message(reply: &Reply) -> serenity::CreateMessage {
    let mut out = serenity::CreateMessage::new()
        .content(&reply.content)
        .components(rows(reply))
        .add_files(attachments(reply))
        .allowed_mentions(mentions(reply));
    if let Some(e) = &reply.embed {
        out = out.embed(embed(e));
    }
    out
}

/// An interaction response message (components).
pub fn interaction(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let mut out = serenity::CreateInteractionResponseMessage::new()
        .content(&reply.content)
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
        .content(&reply.content)
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
