//! The fencing sandbox's enumeration, counted a second, independent way: every merge of the
//! clients' step sequences (the multinomial count, checked against its closed form), filtered by
//! the lock rules as written here from their description, not from the sim's code.

use locklab_sim::fencing_sandbox::{enumerate, programs, Action, Ending, Move, Protection};

/// All merges of the programs that keep each program's order.
fn merges(progs: &[Vec<Action>]) -> Vec<Vec<(usize, Action)>> {
    fn go(progs: &[Vec<Action>], pos: &mut Vec<usize>, cur: &mut Vec<(usize, Action)>, out: &mut Vec<Vec<(usize, Action)>>) {
        let mut done = true;
        for c in 0..progs.len() {
            if pos[c] < progs[c].len() {
                done = false;
                cur.push((c, progs[c][pos[c]]));
                pos[c] += 1;
                go(progs, pos, cur, out);
                pos[c] -= 1;
                cur.pop();
            }
        }
        if done {
            out.push(cur.clone());
        }
    }
    let mut out = Vec::new();
    go(progs, &mut vec![0; progs.len()], &mut Vec::new(), &mut out);
    out
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// The lock rules: every step takes a second; a pause lasts until the pauser's lease has run out;
/// a client acquires only if nobody holds a lease that is still running (a release ends a lease
/// early only if it is still the releaser's).
fn allowed(order: &[(usize, Action)], lease: u64) -> bool {
    let mut now = 0u64;
    // (holder, lease end)
    let mut lock: Option<(usize, u64)> = None;
    let mut my_end = [0u64; 3];
    for &(c, a) in order {
        match a {
            Action::Acquire => {
                if let Some((_, end)) = lock
                    && end > now {
                        return false;
                    }
                lock = Some((c, now + lease));
                my_end[c] = now + lease;
                now += 1;
            }
            Action::Pause => now = now.max(my_end[c]),
            Action::Release => {
                if let Some((h, end)) = lock
                    && h == c && end > now {
                        lock = None;
                    }
                now += 1;
            }
            _ => now += 1,
        }
    }
    true
}

#[test]
fn the_number_of_orders_agrees_with_a_filtered_multinomial() {
    for clients in [2u8, 3] {
        let progs = programs(clients);
        let all = merges(&progs);
        let lens: Vec<u64> = progs.iter().map(|p| p.len() as u64).collect();
        let multinomial = factorial(lens.iter().sum()) / lens.iter().map(|&l| factorial(l)).product::<u64>();
        assert_eq!(all.len() as u64, multinomial, "the merges are the multinomial count");
        for lease in [2u32, 3, 5, 10, 30] {
            let expected = all.iter().filter(|o| allowed(o, u64::from(lease))).count();
            let orders = enumerate(clients, lease);
            assert_eq!(orders.len(), expected, "{clients} clients, lease {lease} s");
            // The same orders, not just as many.
            let mut ours: Vec<String> = orders.iter().map(|(p, _)| p.iter().map(|m| m.text()).collect::<Vec<_>>().join(",")).collect();
            let mut theirs: Vec<String> = all
                .iter()
                .filter(|o| allowed(o, u64::from(lease)))
                .map(|o| o.iter().map(|&(c, a)| Move::Do(c as u8, a).text()).collect::<Vec<_>>().join(","))
                .collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs);
        }
    }
}

#[test]
fn every_access_fenced_or_a_conditional_write_never_loses_an_update() {
    for clients in [2u8, 3] {
        for (path, e) in enumerate(clients, 10) {
            assert_eq!(e[2], Ending::Correct, "{path:?}");
            assert_eq!(e[3], Ending::Correct, "{path:?}");
            // Write-only fencing never lets the storage go backwards.
            assert_ne!(e[1], Ending::OlderOverwrote, "{path:?}");
        }
    }
    assert_eq!(Protection::ALL[2], Protection::FenceAll);
    assert_eq!(Protection::ALL[3], Protection::Conditional);
}
