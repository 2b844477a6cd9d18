//! Property tests of the course content: any text or JSON thrown at the deck parser gives a deck
//! that can be played or precise errors, never a panic; any saved text is restored or refused.

mod decks {
    use locklab_course::quiz::{parse_deck, Progress};
    use proptest::prelude::*;

    /// Arbitrary JSON-ish values, to throw at the deck parser.
    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<i32>().prop_map(|n| serde_json::json!(n)),
            "\\PC{0,20}".prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                proptest::collection::vec(
                    (prop_oneof![Just("title".to_string()), Just("cards".to_string()), Just("question".to_string()), Just("options".to_string()), Just("text".to_string()), Just("correct".to_string()), Just("why".to_string()), Just("id".to_string()), Just("link".to_string()), "[a-z]{1,6}"], inner),
                    0..6
                )
                .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

        #[test]
        fn any_text_gives_a_deck_or_errors_never_a_panic(text in "\\PC{0,200}") {
            let _ = parse_deck(&text, "fuzz");
        }

        #[test]
        fn any_json_gives_a_valid_deck_or_precise_errors(v in json_value()) {
            match parse_deck(&v.to_string(), "fuzz") {
                Ok(deck) => {
                    prop_assert!(!deck.cards.is_empty());
                    for c in &deck.cards {
                        prop_assert_eq!(c.options.iter().filter(|o| o.correct).count(), 1);
                        prop_assert!(c.options.len() >= 2);
                    }
                    // A valid deck can always be played.
                    let mut p = Progress::new(&deck, 1);
                    while p.current().is_some() {
                        prop_assert!(p.answer(&deck, 0).is_some());
                        prop_assert!(p.next_card());
                    }
                }
                Err(errors) => prop_assert!(!errors.is_empty() && errors.iter().all(|e| !e.is_empty())),
            }
        }

        #[test]
        fn any_saved_text_is_restored_or_refused(text in "\\PC{0,120}") {
            if let Some(Ok(deck)) = locklab_course::quiz::built_in("interview") {
                let _ = Progress::restore(&text, &deck);
            }
        }
    }
}

