# The pieces every widget shares, in English: the source every translation is made from. The syntax
# is locklab's subset of Fluent (crates/sim/src/messages.rs); a key never changes meaning once
# released. Control labels and options are in params.ftl, made from the parameter specs.

## A control's value.

value-on = on
value-off = off
# After a control's label when a teacher fixed it (the control is shown but cannot be changed).
control-fixed = { " " }(fixed)

## The controls' panel.

controls-more-settings = More settings
controls-new-seed = New seed
# Before the seed's number: "seed 42".
controls-seed = seed
controls-reset = Reset

## The narrative, in the slide layout: the rest of it on demand.

narrative-more = More
narrative-less = Less

## A page's translation that could not be used. $locale: the language tag asked for.

locale-unreadable = The { $locale } translation could not be read ({ $why }), so this widget speaks English.

## A page's own wording (`data-messages`). $file: the file's address as the page wrote it.

messages-unreadable = The wording file { $file } could not be read ({ $why }), so this widget keeps its own words.
# $keys: the keys, separated by commas; $count: how many.
messages-unknown = The wording file { $file } names { INT($count) ->
    [one] a message this widget does not have: { $keys }. It is left out.
   *[other] messages this widget does not have: { $keys }. They are left out.
}
# $key: a message; $names: the placeables it uses that the widget does not give it ("$x, $y").
messages-placeables = In the wording file { $file }, { $key } uses { $names }, which this widget does not give that message; it is left out.
# $other: a message that $key names and that cannot be said there.
messages-reference = In the wording file { $file }, { $key } names { $other }, which cannot be said there: this widget has no such message, or it leads back to { $key } or through too many others. It is left out.

## "Run it for real": the lab's panel, for a widget whose story the lab replays on real servers.

lab-summary = Run it for real
lab-loading = Loading the lab’s panel…
lab-left-out = The bundle this page loaded leaves out the lab’s panel (the command, what the lab measured, running it on your computer), and no locklab.js on the page can load it. Load the full locklab.js bundle for it.
# Then a setup command, then lab-intro-run, then the lab's command for this state.
lab-intro = This story, in this state, on the real servers it is about (Redis, PostgreSQL or etcd, as the story needs), which the lab starts and stops itself: in a clone of locklab, after
lab-intro-run = , run
# Around two commands: "(cargo run … in place of locklab-lab when it is not installed)."
lab-cargo-before = (
lab-cargo-instead = { " " }in place of{ " " }
lab-cargo-after = { " " }when it is not installed). It prints each result, simulated and real, side by side.
lab-what-is-real = What is real there is the lock service and the database: their expiry, refusals, locks and replication. The story’s random parts (stalls, pauses, lag, work times) are this widget’s own draws, played as sleeps and delays, so the lab tests what the servers do with them, not the draws.
lab-not-loaded = What the lab measured could not be loaded: { $why }.

## The timeline player (the widgets that play a story step by step).

player-label = Timeline player: Space plays or pauses, arrow keys step, Home and End jump
player-back = Step back
player-play = Play
player-pause = Pause
player-forward = Step forward
player-scrub = Time in the story
# $now and $end: times, already written (player-time-* or a clock time).
player-position = { $now } of { $end }
player-speed = Speed
# $speed: a multiple of the widget's own pace (0.5, 1, 2, 4).
player-speed-option = { $speed }×
# A time in the story. $t: seconds, milliseconds, or steps (the fencing sandbox).
player-time-s = { $t } s
player-time-ms = { $t } ms
player-time-steps = { $t ->
    [one] { $t } step
   *[other] { $t } steps
}

## Notices about an author's parameters. $name: the parameter as written; $value: what the page
## gave it; $why: one of the notice-not-*, notice-below-min or notice-above-max phrases; $used:
## the value used instead. Names and values are code: keep them as they are.

notice-using = { $name }=“{ $value }” { $why }; using { $used }.
notice-using-default = { $name }=“{ $value }” { $why }; using the default, { $used }.
# $known: the widget's parameters, comma-separated.
notice-unknown-param = Unknown parameter “{ $name }”: ignored. Known: { $known }.
# $target: the parameter and value the older name stands for (name=value).
notice-alias = { $name }=“{ $value }” is not true or false; ignored (it is an older name for { $target }).
notice-clamped = { $name }: using { $used }.
# $more: notices not shown.
notice-more = { $more ->
    [one] … and { INT($more) } more problem with the parameters, not shown.
   *[other] … and { INT($more) } more problems with the parameters, not shown.
}
# $options: the values the parameter takes, comma-separated.
notice-not-one-of = is not one of { $options }
notice-not-bool = is not true or false
notice-not-clock = is not a time of day like 21:50 or 21:50:30
notice-not-number = is not a number
notice-not-finite = is not a finite number
# $min and $max: the range's ends, with their unit.
notice-below-min = is below the minimum, { $min }
notice-above-max = is above the maximum, { $max }
notice-not-whole = is not a whole number
