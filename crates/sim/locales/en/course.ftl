# The course layer's panels: everything they say, in English, the source every translation is made
# from. The syntax is locklab's subset of Fluent (crates/sim/locales/en/shared.ftl names it); a key
# never changes meaning once released: a changed sentence gets a new key. Only a widget built with
# the course layer carries these (a plain widget has no challenge or prediction panel).
# A challenge is a goal a learner meets by moving the controls, or answers "It can't be done".
# Its prompt, hints and explanation are the challenge set's own text (an author's), not messages.

## The challenge panel.

challenge-loading = Loading the challenges…
# The panel's heading while it is folded, when a teacher hides the score.
challenge-summary = Challenges
# $met of $total challenges met.
challenge-summary-count = Challenges: { INT($met) } of { INT($total) } met
# $n: the challenge shown; $total: how many.
challenge-count = Challenge { INT($n) } of { INT($total) }
challenge-met = Met.
# $attempts: how many answers of "It can't be done" it took.
challenge-met-after = Met after { INT($attempts) ->
    [one] { INT($attempts) } try
   *[other] { INT($attempts) } tries
}.
challenge-not-met = Not met yet: change the settings, or answer that it can't be done.
# Said aloud when a challenge is met. $prompt: the challenge's own text.
challenge-met-said = Challenge met: { $prompt }
challenge-right = Right: it can't be done.
challenge-not-so = Not so: some setting meets this goal. Keep looking.
challenge-used-up = No answers of “It can't be done” left for this challenge; it can still be met by changing the settings.
challenge-no-hints = No hints
challenge-no-more-hints = No more hints
# $n: the next hint; $total: how many there are.
challenge-hint = Hint ({ INT($n) } of { INT($total) })
challenge-cannot = It can't be done
# $left: how many answers of "It can't be done" a teacher still allows.
challenge-cannot-left = It can't be done ({ INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left)
challenge-previous = Previous
challenge-next = Next
# On paper. $n: the challenge's place; $prompt: its text.
challenge-paper = Challenge { INT($n) }. { $prompt }

## Notices from the challenge panel.

# $why: what was wrong with it, in English (the course checker's words, as its errors about a
# challenge set an author wrote are: those stay English for now).
challenge-discarded = Saved progress for these challenges was discarded: { $why }. Starting afresh.
challenge-save-platform = Your challenge progress could not be saved in your course's record (it holds 4,096 characters): what was saved before is kept, and the challenges met since count on this page but will be forgotten when you leave it.
challenge-save-browser = Your challenge progress could not be saved in this browser (its storage is full or blocked): what was saved before is kept, and the challenges met since count on this page but will be forgotten when you leave it.
challenge-no-storage = This browser offers no storage to this page: your challenge progress counts here but will be forgotten when you leave it.

## The prediction panel ("predict, then see"). A prediction's question, its options, its unit and
## its explanation are the prediction set's own text (an author's), not messages.

predict-loading = Loading the predictions…
# The panel's name for a screen reader; $title: the set's own title.
predict-region = Predictions
predict-region-titled = Predictions: { $title }
predict-done = Predictions done: the widget is back at this page's settings, yours to explore.
# $right of $total answered right at the first answer.
predict-done-score = Predictions done: { INT($right) } of { INT($total) } right at the first answer. The widget is back at this page's settings, yours to explore.
# $n: the prediction asked; $total: how many.
predict-asking = Prediction { INT($n) } of { INT($total) }: the results stay hidden until you answer
predict-count = Prediction { INT($n) } of { INT($total) }
# The answer's field. $min, $max: the range an answer may take; $unit: the set's unit.
predict-field = Your prediction ({ $min } to { $max })
predict-field-unit = Your prediction, in { $unit } ({ $min } to { $max })
predict-field-choice = Your prediction
predict-give-number = Give a number from { $min } to { $max }.
predict-choose = Choose one of the answers.
# $left: how many answers a teacher still allows.
predict-left = Not quite. { INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left.
predict-again = Not quite. Try again.
# $n: how many answers a teacher allows before the run is shown.
predict-answers-before = { INT($n) } answers before the run is shown.
predict-commit = Commit and show the run
predict-right = Right.
predict-wrong = Not this time.
# $said: the learner's answer; $actual: what the run gave; $exact: the exact mean.
predict-run = You said { $said }. The run: { $actual }.
predict-run-exact = You said { $said }. The run: { $actual } (exactly { $exact } on average).
predict-next = Next prediction
predict-explore = Done: explore freely
# Said aloud after a wrong answer. $left: answers left.
predict-said-left = Not quite. { INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left; the run stays hidden until then.
# $attempts: answers so far (each wrong answer is said in other words).
predict-said-again = Not quite ({ INT($attempts) ->
    [one] { INT($attempts) } answer
   *[other] { INT($attempts) } answers
} so far). Try again: the run stays hidden until your answer is right.
predict-not-saved = Your predictions could not be saved in this browser: they count on this page but will be forgotten when you leave it.
# $why: what was wrong with them, in English (the course checker's words).
predict-discarded = Saved predictions were discarded: { $why }. Starting afresh.
# On paper. $n: the prediction's place; $question: its text; $unit: its unit (may be empty).
predict-paper = Prediction { INT($n) }. { $question }
predict-paper-room = Your prediction: ____________ { $unit }
