//! The languages we ship, checked as files: every message of the English locale exists in German
//! and Swedish with the same variables (and no message exists only in a translation), every file
//! parses without errors, and a plural case reads right in each language.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use reversi_bot::service::text::{Args, Locale, words};

const FILES: [&str; 3] = ["bot.ftl", "commands.ftl", "web.ftl"];

/// The messages of one file: id -> the variables its value uses.
fn messages(locale: &str, file: &str) -> BTreeMap<String, BTreeSet<String>> {
    let path = format!("{}/assets/locales/{locale}/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let resource = fluent_syntax::parser::parse(source.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{path} does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(message) = entry {
            let mut variables = BTreeSet::new();
            if let Some(value) = &message.value {
                collect(value, &mut variables);
            }
            out.insert(message.id.name.to_string(), variables);
        }
    }
    out
}

fn collect(pattern: &Pattern<&str>, variables: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, variables);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, variables: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, variables),
        Expression::Select { selector, variants } => {
            inline_variables(selector, variables);
            for variant in variants {
                collect(&variant.value, variables);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, variables: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, variables),
        _ => {}
    }
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    for file in FILES {
        let english = messages("en-US", file);
        assert!(english.len() > 10, "{file} has its messages");
        for locale in ["de", "sv-SE"] {
            let translated = messages(locale, file);
            for (id, variables) in &english {
                let Some(theirs) = translated.get(id) else { panic!("{locale}/{file} lacks {id}") };
                assert_eq!(theirs, variables, "{locale}/{file}: {id} uses other variables");
            }
            for id in translated.keys() {
                assert!(english.contains_key(id), "{locale}/{file} has {id}, which English lacks");
            }
        }
    }
}

#[test]
fn one_disc_and_two_discs_read_right_in_every_language() {
    let moved = |locale, flipped: i64| {
        words(locale, "event-moved", &Args::new().text("player", "Ada").text("square", "d3").number("flipped", flipped))
    };
    assert_eq!(moved(Locale::English, 1), "Ada played d3, flipping 1 disc.");
    assert_eq!(moved(Locale::English, 2), "Ada played d3, flipping 2 discs.");
    assert!(moved(Locale::German, 1).contains("1 Stein") && !moved(Locale::German, 1).contains("Steine"));
    assert!(moved(Locale::German, 2).contains("2 Steine"), "{}", moved(Locale::German, 2));
    assert!(moved(Locale::Swedish, 1).contains("1 pjäs") && !moved(Locale::Swedish, 1).contains("pjäser"));
    assert!(moved(Locale::Swedish, 2).contains("2 pjäser"), "{}", moved(Locale::Swedish, 2));
    let losses = |locale, count: i64| words(locale, "stats-streak-losses", &Args::new().number("count", count));
    assert_eq!([losses(Locale::English, 1), losses(Locale::English, 3)], ["1 loss in a row", "3 losses in a row"]);
    assert_eq!(
        [losses(Locale::German, 1), losses(Locale::German, 3)],
        ["1 Niederlage in Folge", "3 Niederlagen in Folge"]
    );
    assert_eq!([losses(Locale::Swedish, 1), losses(Locale::Swedish, 3)], ["1 förlust i rad", "3 förluster i rad"]);
}

#[test]
fn the_sides_carry_the_words_each_community_uses() {
    let side = |locale, id: &str, theme: &str| words(locale, id, &Args::new().word("theme", theme));
    assert_eq!(side(Locale::German, "side-black", "classic"), "Schwarz");
    assert_eq!(side(Locale::German, "side-white", "classic"), "Weiß");
    assert_eq!(side(Locale::German, "side-black", "ravensburger"), "Gold");
    assert_eq!(side(Locale::Swedish, "side-black", "classic").to_lowercase(), "svart");
    assert_eq!(side(Locale::Swedish, "side-white", "classic").to_lowercase(), "vit");
    assert_eq!(side(Locale::English, "side-white", "redblue"), "Blue");
}
