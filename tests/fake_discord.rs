//! Smoke test of the fake Discord in `tests/support`: the real serenity client with a poise
//! framework, built the way the bot builds it (HTTP proxy + no local rate limiter), registers
//! its commands, answers slash commands, sends a PNG follow-up with a button, reacts to the
//! button through a component collector, and answers autocomplete, all over 127.0.0.1.

mod support;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use poise::futures_util::StreamExt;
use poise::serenity_prelude as serenity;
use serde_json::Value;
use support::fake_discord::{Config, EPHEMERAL, FakeDiscord, FakeUser, callback, check_fixtures};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Errors the framework reported; the test fails if there are any.
static ERRORS: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Data;

/// Replies "pong" with the options it got, visible only to the invoker.
#[poise::command(slash_command)]
async fn ping(
    ctx: Context<'_>,
    #[description = "A word to echo"]
    #[autocomplete = "complete_word"]
    word: Option<String>,
    #[description = "How many times"] times: Option<i64>,
    #[description = "Someone to greet"] who: Option<serenity::User>,
    #[description = "Shout it"] loud: Option<bool>,
) -> Result<(), Error> {
    let content = format!(
        "pong word={} times={} who={} loud={}",
        word.unwrap_or_default(),
        times.unwrap_or_default(),
        who.map(|user| user.name).unwrap_or_default(),
        loud.unwrap_or_default(),
    );
    ctx.send(poise::CreateReply::default().content(content).ephemeral(true)).await?;
    Ok(())
}

async fn complete_word(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["apple", "apricot", "banana"]
        .into_iter()
        .filter(|word| word.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Defers, sends a picture with a button, and updates the message when the button is clicked.
///
/// The collector is registered before the message goes out: the fake records the follow-up
/// before answering it, so a test can click faster than a bot that starts collecting after
/// `send` returns would be listening.
#[poise::command(slash_command)]
async fn picture(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let again = format!("picture:again:{}", ctx.id());
    let mut clicks = serenity::ComponentInteractionCollector::new(ctx)
        .custom_ids(vec![again.clone()])
        .timeout(Duration::from_secs(10))
        .stream();
    let reply = poise::CreateReply::default()
        .content("here is a picture")
        .attachment(serenity::CreateAttachment::bytes(tiny_png(), "board.png"))
        .embed(serenity::CreateEmbed::new().image("attachment://board.png"))
        .components(vec![serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(again).label("Again")])]);
    // Reading the sent message back checks that serenity can parse the fake's Message reply.
    ctx.send(reply).await?.into_message().await?;

    if let Some(click) = clicks.next().await {
        let update = serenity::CreateInteractionResponseMessage::new()
            .content(format!("clicked by {} on message {}", click.user.name, click.message.id))
            .components(Vec::new());
        click.create_response(ctx, serenity::CreateInteractionResponse::UpdateMessage(update)).await?;
    }
    Ok(())
}

/// A 2x2 PNG.
fn tiny_png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(2, 2, image::Rgba([0, 128, 0, 255]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).expect("encode a PNG");
    bytes.into_inner()
}

fn framework() -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![ping(), picture()],
            event_handler: |framework, event| {
                Box::pin(async move {
                    let ctx = framework.serenity_context;
                    let serenity::FullEvent::Message { new_message } = event else {
                        return Ok(());
                    };
                    // "echo ..." is answered in the same channel, "where" with the channel's
                    // name (fetched over REST), "dm me" with a direct message.
                    let content = new_message.content.as_str();
                    if let Some(rest) = content.strip_prefix("echo ") {
                        new_message.channel_id.say(ctx, rest).await?;
                    } else if content == "where" {
                        let channel = new_message.channel_id.to_channel(ctx).await?;
                        let name = channel.guild().map(|channel| channel.name).unwrap_or_default();
                        new_message.channel_id.say(ctx, format!("in #{name}")).await?;
                    } else if content == "dm me" {
                        let psst = serenity::CreateMessage::new().content("psst");
                        new_message.author.direct_message(ctx, psst).await?;
                    }
                    Ok(())
                })
            },
            on_error: |error| {
                Box::pin(async move {
                    let text = match &error {
                        poise::FrameworkError::Command { error, ctx, .. } => {
                            format!("/{}: {error}", ctx.command().name)
                        }
                        other => format!("{other}"),
                    };
                    ERRORS.lock().expect("errors lock").push(text);
                })
            },
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data)
            })
        })
        .build()
}

fn option_names_and_types(command: &Value) -> Vec<(String, u64)> {
    command["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|option| {
            (option["name"].as_str().unwrap_or_default().to_owned(), option["type"].as_u64().unwrap_or_default())
        })
        .collect()
}

#[test]
fn fixtures_are_readable_by_serenity() {
    check_fixtures();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_client_works_against_the_fake_discord() {
    let started = Instant::now();
    let fake = FakeDiscord::start_with(Config { heartbeat_interval_ms: 300, ..Config::default() }).await;

    let http = serenity::HttpBuilder::new(FakeDiscord::TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
    let mut client = serenity::ClientBuilder::new_with_http(
        http,
        serenity::GatewayIntents::non_privileged() | serenity::GatewayIntents::MESSAGE_CONTENT,
    )
    .framework(framework())
    .await
    .expect("build the client");
    let shard_manager = client.shard_manager.clone();
    let client_task = tokio::spawn(async move { client.start().await });

    // Start-up: gateway URL, application info, IDENTIFY, command registration.
    fake.wait_until_ready(Duration::from_secs(10)).await;
    let identify = fake.gateway_messages().into_iter().find(|message| message.op == 2).expect("an IDENTIFY");
    assert_eq!(identify.payload["d"]["token"], format!("Bot {}", FakeDiscord::TOKEN));
    let commands = fake.wait_for_commands().await;
    let names: Vec<&str> = commands.iter().filter_map(|command| command["name"].as_str()).collect();
    assert_eq!(names, ["ping", "picture"]);
    let ping_command = fake.command("ping").expect("/ping registered");
    assert_eq!(
        option_names_and_types(&ping_command),
        [("word".to_owned(), 3), ("times".to_owned(), 4), ("who".to_owned(), 6), ("loud".to_owned(), 5)]
    );
    assert_eq!(ping_command["options"][0]["autocomplete"], true);
    fake.wait_for(
        |request| request.is("PUT", &format!("/applications/{}/commands", fake.ids().application_id)),
        Duration::from_secs(1),
    )
    .await;

    // /ping: an ephemeral message callback with the options, including a resolved user.
    let bob = FakeUser::new("bob");
    let ping =
        fake.slash("ping").string("word", "hello").integer("times", 3).user("who", &bob).boolean("loud", true).build();
    fake.send_interaction(&ping).await;
    let reply = fake.wait_for_callback(&ping).await;
    assert_eq!(reply.callback_type(), Some(callback::MESSAGE));
    assert_eq!(reply.flags(), EPHEMERAL);
    assert!(reply.is_ephemeral());
    assert_eq!(reply.content(), Some("pong word=hello times=3 who=bob loud=true"));

    // /picture: deferred, then a follow-up carrying a PNG, an embed showing it, and a button.
    let picture = fake.slash("picture").build();
    fake.send_interaction(&picture).await;
    let deferred = fake.wait_for_callback(&picture).await;
    assert_eq!(deferred.callback_type(), Some(callback::DEFERRED_MESSAGE));
    let followup = fake.wait_for_followup(&picture).await;
    assert_eq!(followup.content(), Some("here is a picture"));
    let png = followup.file("board.png").expect("board.png uploaded");
    assert!(png.is_png(), "not a PNG: {:?}", &png.bytes[..8.min(png.bytes.len())]);
    assert_eq!(png.content_type.as_deref(), Some("image/png"));
    assert_eq!(png.field, "files[0]");
    assert_eq!(followup.attachments()[0]["filename"], "board.png");
    assert_eq!(followup.embeds()[0]["image"]["url"], "attachment://board.png");
    let custom_ids = followup.custom_ids();
    assert_eq!(custom_ids.len(), 1);
    assert!(custom_ids[0].starts_with("picture:again:"), "{custom_ids:?}");
    let message = followup.message.clone().expect("the follow-up message");
    assert_eq!(message["attachments"][0]["filename"], "board.png");

    // The button on that message reaches the command's component collector.
    let carol = FakeUser::new("carol");
    let click = fake.button(&custom_ids[0]).by(&carol).on_message(&message).build();
    fake.send_interaction(&click).await;
    let update = fake.wait_for_callback(&click).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    let expected = format!("clicked by carol on message {}", message["id"].as_str().unwrap_or_default());
    assert_eq!(update.content(), Some(expected.as_str()));
    assert!(update.components().is_empty());

    // Autocomplete: a type 8 callback with the matching choices.
    let typing = fake.autocomplete("ping").focused("word", "ap").build();
    fake.send_interaction(&typing).await;
    let choices = fake.wait_for_callback(&typing).await;
    assert_eq!(choices.callback_type(), Some(callback::AUTOCOMPLETE));
    let offered: Vec<&str> = choices.choices().iter().filter_map(|choice| choice["name"].as_str()).collect();
    assert_eq!(offered, ["apple", "apricot"]);

    // A typed message reaches the event handler, which answers in the channel.
    let typed = fake.message("echo hi there").by(&bob).build();
    fake.send_message_create(&typed).await;
    let echo = fake.wait_for_channel_message(fake.ids().channel_id).await;
    assert_eq!(echo.content(), Some("hi there"));

    fake.send_message_create(&fake.message("where").build()).await;
    let answer = fake.wait_for_channel_message(fake.ids().channel_id).await;
    assert_eq!(answer.content(), Some("in #general"));
    fake.send_message_create(&fake.message("dm me").by(&bob).build()).await;
    let opened = fake.wait_for(|request| request.is("POST", "/users/@me/channels"), Duration::from_secs(10)).await;
    assert_eq!(opened.json.as_ref().map(|body| &body["recipient_id"]), Some(&bob.id.to_string().into()));
    let dm_channel: u64 = opened
        .response
        .as_ref()
        .and_then(|channel| channel["id"].as_str())
        .and_then(|id| id.parse().ok())
        .expect("a DM channel id");
    let dm = fake.wait_for_channel_message(dm_channel).await;
    assert_eq!(dm.content(), Some("psst"));
    assert_eq!(dm.message.as_ref().map(|message| message.get("guild_id").is_none()), Some(true));

    // Heartbeats are acknowledged: the bot stays on its first connection.
    let deadline = Instant::now() + Duration::from_secs(3);
    while fake.heartbeats() == 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(fake.heartbeats() > 0, "no heartbeat within 3 s");
    assert_eq!(fake.gateway_connections(), 1);

    // When the gateway drops the connection, the bot comes back, resumes and still listens.
    fake.disconnect_gateway(4000);
    fake.wait_until_ready(Duration::from_secs(10)).await;
    assert_eq!(fake.gateway_connections(), 2);
    let resumed = fake.gateway_messages().iter().any(|message| message.op == 6);
    assert!(resumed, "no RESUME: {:?}", fake.gateway_messages());
    let typed = fake.message("echo still here").build();
    fake.send_message_create(&typed).await;
    let echo = fake.wait_for_channel_message(fake.ids().channel_id).await;
    assert_eq!(echo.content(), Some("still here"));

    fake.assert_no_unexpected_requests();
    let errors = ERRORS.lock().expect("errors lock").clone();
    assert!(errors.is_empty(), "framework errors: {errors:?}");

    shard_manager.shutdown_all().await;
    tokio::time::timeout(Duration::from_secs(5), client_task)
        .await
        .expect("the client stops after shutdown_all")
        .expect("the client task did not panic")
        .expect("the client ended without error");
    fake.shutdown().await;
    eprintln!("end-to-end smoke test took {:?}", started.elapsed());
}
