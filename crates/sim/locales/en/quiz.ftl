# The quiz: everything its frame says, in English, the source every translation is made from. The
# syntax is locklab's subset of Fluent (crates/sim/locales/en/shared.ftl names it); a key never
# changes meaning once released: a changed sentence gets a new key.
# A deck's own text (its title, introduction, questions, options and why each is right or not) is
# an author's content, not messages. XP: experience points, a card's score.

quiz-title = Quiz
quiz-loading = Loading the deck…
# The line above the card. $n: the card shown; $total: cards in the round; $xp: points so far.
quiz-status = Card { INT($n) } of { INT($total) }
quiz-status-xp = Card { INT($n) } of { INT($total) } · { INT($xp) } XP
# $xp: the points this answer earned.
quiz-correct-xp = Correct: +{ INT($xp) } XP.
quiz-correct = Correct.
quiz-wrong = Not quite: see why under each option.
# Before each option's reason, once the card is answered.
quiz-why-right = Right:{ " " }
quiz-why-not = Not this one:{ " " }
quiz-next = Next card
quiz-see-summary = See the summary
# $max: the highest option key.
quiz-keys = Keys, while the quiz has focus: 1 to { INT($max) } to answer, Enter for the next card.
# $xp: the points a card earns.
quiz-keys-xp = { " " }{ INT($xp) } XP for each card answered correctly at the first try.

## The end of a round.

quiz-done-all = You have answered every card.
quiz-done-round = You have answered every card of this round.
# $correct of $cards; $xp: points in all.
quiz-score-first = You answered { INT($correct) } of { INT($cards) } correctly at the first try, and have { INT($xp) } XP.
quiz-score-round = You answered { INT($correct) } of { INT($cards) } correctly this round, and have { INT($xp) } XP.
quiz-retry = Retry the ones I missed
# $n: how many can be retried.
quiz-retry-count = Retry the ones I missed ({ INT($n) })
quiz-start-over = Start over
# A teacher's limit. $tries: how many times each card can be answered.
quiz-tries = Each card can be answered { INT($tries) ->
    [one] once
   *[other] { INT($tries) } times
}.
# The same, with $out missed cards that have no tries left.
quiz-tries-out = Each card can be answered { INT($tries) ->
    [one] once
   *[other] { INT($tries) } times
}; { INT($out) ->
    [one] { INT($out) } missed card has
   *[other] { INT($out) } missed cards have
} no tries left.
quiz-recorded-start-over = In this course the first finished round is what is recorded; starting over is practice.
quiz-recorded-retry = In this course the first finished round is what is recorded; retrying is practice.

## Notices about saving progress.

# $why: what was wrong with it, in English (the checker's words).
quiz-discarded = Saved progress for this deck was discarded: { $why }. Starting afresh.
quiz-save-platform = Your progress could not be saved in your course's record (it holds 4,096 characters): it will be lost when you leave the page.
quiz-save-browser = Your progress could not be saved in this browser (its storage is full or blocked): it will be lost when you leave the page.
quiz-no-storage = This browser keeps no storage for this page: your progress will be lost when you leave it.
