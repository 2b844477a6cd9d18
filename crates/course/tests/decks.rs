//! The built-in decks' "see it happen" links open widget presets: every preset must be valid, and
//! what a card says about it must be what the simulation shows at that preset (figures computed
//! here from the simulation, never typed into the test).

use locklab_sim::paused_holder::{self, Ending};
use locklab_course::quiz::{built_in, Deck};
use locklab_sim::text::num;
use locklab_sim::{CounterRace, FencingChain, LeaseRenewal, LeaseSizing, PausedHolder, RedisFailover, Scenario, TtlTradeoff};

fn deck(name: &str) -> Deck {
    match built_in(name) {
        Some(Ok(d)) => d,
        other => panic!("built-in deck {name}: {other:?}"),
    }
}

/// `index.html?w.a=1&w.b=2#x` → ("w", [("a", "1"), ("b", "2")]).
fn preset(href: &str) -> (String, Vec<(String, String)>) {
    let query = href.split_once('?').map_or("", |(_, q)| q);
    let query = query.split('#').next().unwrap_or("");
    let mut widget = String::new();
    let mut pairs = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let (w, name) = key.split_once('.').unwrap_or(("", key));
        assert!(widget.is_empty() || widget == w, "{href}: one widget per link");
        widget = w.to_string();
        pairs.push((name.to_string(), value.to_string()));
    }
    (widget, pairs)
}

fn check_valid<S: Scenario>(href: &str, pairs: &[(String, String)]) {
    let (_, notices) = S::validate(pairs);
    assert!(notices.is_empty(), "{href}: {notices:?}");
}

#[test]
fn every_link_opens_a_valid_preset() {
    for name in ["which-protection", "interview", "check-yourself", "leases"] {
        for card in deck(name).cards {
            let Some(link) = card.link else { continue };
            let (widget, pairs) = preset(&link.href);
            match widget.as_str() {
                "counter-race" => check_valid::<CounterRace>(&link.href, &pairs),
                "ttl-tradeoff" => check_valid::<TtlTradeoff>(&link.href, &pairs),
                "fencing-chain" => check_valid::<FencingChain>(&link.href, &pairs),
                "paused-holder" => check_valid::<PausedHolder>(&link.href, &pairs),
                "redis-failover" => check_valid::<RedisFailover>(&link.href, &pairs),
                "lease-renewal" => check_valid::<LeaseRenewal>(&link.href, &pairs),
                "lease-sizing" => check_valid::<LeaseSizing>(&link.href, &pairs),
                other => panic!("{}: link to unknown widget {other}", card.id),
            }
        }
    }
}

/// The paused holder at a card's linked preset.
fn paused_preset(card_id: &str) -> (paused_holder::Params, paused_holder::Outcome, String) {
    let d = deck("check-yourself");
    let card = d.cards.iter().find(|c| c.id == card_id).unwrap_or_else(|| panic!("card {card_id}"));
    let link = card.link.as_ref().expect("a link");
    let (widget, pairs) = preset(&link.href);
    assert_eq!(widget, "paused-holder");
    let (values, _) = PausedHolder::validate(&pairs);
    let p = PausedHolder::params(&values);
    let o = paused_holder::run(&p);
    let text = std::iter::once(card.question.clone()).chain(card.options.iter().map(|o| format!("{} {}", o.text, o.why))).collect();
    (p, o, text)
}

#[test]
fn the_stale_token_card_agrees_with_its_preset() {
    let (p, o, text) = paused_preset("token-33");
    assert_eq!(o.summary.outcome, Ending::ARejectedByFencing);
    // The card's figures: the lease, the pause, when A freezes, and how long after its lease
    // ended A woke, all as the simulation has them.
    let late = num(o.a_wakes - o.lease_end);
    assert!(text.contains(&format!("lease ended {late} s before it woke")), "expected {late} s in: {text}");
    assert!(text.contains(&format!("{} s lease", num(p.lease_s))), "{text}");
    assert!(text.contains(&format!("for {} s", num(p.pause_s))), "{text}");
    assert!(text.contains(&format!("{} s in", num(paused_holder::A_FREEZES_AT_S))), "{text}");
    assert!(text.contains(&format!("token {}", paused_holder::TOKEN_A)) && text.contains(&format!("token {}", paused_holder::TOKEN_B)));
}

#[test]
fn the_write_only_fencing_card_shows_its_gap() {
    let (_, o, text) = paused_preset("fencing-blind-spot");
    assert_eq!(o.summary.outcome, Ending::BOverwroteA, "the preset shows the gap the card describes");
    assert!(text.contains("writes only") && text.contains("every access"), "{text}");
}

#[test]
fn the_lease_cards_agree_with_their_presets() {
    use locklab_sim::lease_renewal::{self, Defence};
    let d = deck("leases");
    let preset_of = |id: &str| {
        let card = d.cards.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("card {id}"));
        preset(&card.link.as_ref().expect("a link").href)
    };
    // Renewal after a renewal: the closed form says a 25 s stall right after a renewal ends inside
    // a 30 s lease and one with only 20 s left does not; the card's figures are those.
    let p = lease_renewal::Params { stall_chance: 1.0, stall_mean_s: 25.0, ..Default::default() };
    assert!(p.ttl_s - 25.0 > 0.0 && p.ttl_s - p.renew_every_s < 25.0);
    // The fencing card: the linked preset really sends emails twice while refusing invoices.
    let (_, pairs) = preset_of("fencing-and-email");
    let (values, _) = LeaseRenewal::validate(&pairs);
    let s = lease_renewal::run(&LeaseRenewal::params(&values)).summary;
    assert_eq!(s.defence, Defence::FenceAll);
    assert!(s.rejected_writes > 0 && s.duplicate_emails == s.rejected_writes && s.harmful_duplicates == 0);
    // The keys card: nothing happens twice.
    let (_, pairs) = preset_of("keys-rely-on");
    let (values, _) = LeaseRenewal::validate(&pairs);
    let s = lease_renewal::run(&LeaseRenewal::params(&values)).summary;
    assert!(s.harmless_repeats > 0 && s.duplicate_emails == 0 && s.harmful_duplicates == 0);
    // The worksheet's 8 + 2 + 0.5 in the sum-of-p99s card are its defaults.
    let q = locklab_sim::lease_sizing::Params::default();
    assert_eq!((q.work_p99_s, q.pause_p99_s, q.network_s), (8.0, 2.0, 0.5));
}
