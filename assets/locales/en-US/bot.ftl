## Everything reversi-bot says to players, in English (the fallback language).
## Variables are written $name; players, squares and times arrive already marked up.

## The sides, as each board theme paints them.

side-black = { $theme ->
    [ravensburger] Gold
    [redblue] Red
   *[other] Black
}
side-white = { $theme ->
    [ravensburger] Black
    [redblue] Blue
   *[other] White
}
player-side = { $player } ({ $side })
language-name = English

## The bot's levels.

level-1 = Beginner
level-2 = Casual
level-3 = Club
level-4 = Expert
level-5 = Master

## Rules, as the footer and challenges name them.

rules-standard = standard Othello
rules-size = { $size }x{ $size }
rules-parallel = parallel start
rules-free-centre = free centre start
rules-one-line = one-line flips
rules-limited = { $discs } discs each
rules-tie-second = a tie goes to the second player
rules-tie-side = a tie is a win for { $side }
rules-wof = WOF scoring
rules-no-gift = { $discs } discs each, none given when out
rules-first-chooses = the first player chooses the start
rules-preset = { $preset }: { $rules }
preset-othello = Othello
preset-ravensburger = Ravensburger
preset-ravensburger-children = Ravensburger for children
preset-jacques-sons = Jacques & Sons
preset-brainking = BrainKing
preset-ravensburger-start = Ravensburger start (encyclopedia)

## What just happened, one line each.

event-moved = { $flipped ->
    [0] { $player } played { $square }.
    [one] { $player } played { $square }, flipping 1 disc.
   *[other] { $player } played { $square }, flipping { $flipped } discs.
}
event-borrowed = { $player } had no discs left and received one from { $opponent }.
event-passed = { $player } has no legal move and passes.
event-board-over = Neither side can move: the game is over.
event-last-move = Last move: { $square } by { $player }.
event-bot-game = { $player } plays me at level { $level } ({ $level-name }), as { $side }. A casual game: no rating change.
event-resigned = { $player } resigned.
event-resigned-early = { $player } resigned before both sides had made two moves.
event-moderator-ended = { $player } ended the game as a moderator.
event-lost-on-time = { $player } did not move in time and loses on time.
event-back-online = Back online. Here is my move:
event-late-move = Sorry for the wait. Here is my move:
event-bot-delayed = I could not save my move just now (the database is busy): it follows shortly.
event-challenge-withdrawn-for-bot = { $player } withdrew their open challenge to play me instead.
event-start-cross = { $player } chose the cross, as in Othello.
event-start-parallel = { $player } chose the parallel grid.
event-no-typed-moves = I cannot read this chat, so typed moves do not work here: play from the menu or with /move.
event-took-back = { $other } agreed: { $player }'s { $moves } is taken back.
event-took-back-bot = I let { $player } take back { $moves }.
takeback-question = { $player } asks to take back { $moves }. { $other }, do you agree?
takeback-declined = { $other } declined: { $player }'s { $moves } stands.
button-takeback = Take back
button-takeback-accept = Accept
button-takeback-decline = Decline
event-accepted = { $player } accepted the challenge. { $rated ->
    [yes] A rated game begins.
   *[no] A casual game begins.
}

games-title = Games on this server
games-none = Nobody is playing on this server right now. Start a game with /challenge or /bot.
games-live-heading = Playing now: { $count }
games-line-live = #{ $id } { $black } vs { $white } · { $rules } · move { $move } · { $player } to move · { $rated ->
    [yes] rated
   *[no] friendly
} · { $channel }
games-watch-hint = Follow one from here with /watch game:<id>.
games-finished-heading = Finished today
games-line-finished = #{ $id } { $black } { $blackdiscs }–{ $whitediscs } { $white } · { $rules } · { $channel }
games-page = Page { $page } of { $pages }
button-games-newer = Newer
button-games-older = Older
live-board-live = 🔴 Live: game #{ $id }, { $black } vs { $white }, played in { $channel }. This board follows every move.
live-board-ended = Game #{ $id }, { $black } vs { $white }, is over: the final position.
live-board-stopped = Game #{ $id }, { $black } vs { $white }: this board no longer follows it.
button-stop-watching = Stop watching
watch-posted = The live board of game #{ $id } is below. Its Stop watching button is yours.
turn-notice = It is your turn in game #{ $id } against { $opponent }, in { $channel }.
notify-on = I will send you a DM when it is your turn and you have not moved for { $minutes } minutes, once a turn. /notify turns:False stops it.
notify-off = No more your-turn DMs.
notify-state-on = Your-turn DMs are on: one a turn, after { $minutes } minutes.
notify-state-off = Your-turn DMs are off. /notify turns:True turns them on.

## The board.

board-title = { $black } vs { $white }
board-your-move = { $player }, your move.
board-choose-start = { $player }, you begin: choose the start, the cross (as in Othello) or the parallel grid.
board-to-move = { $player } to move.
board-deadline = Deadline { $time }.
board-field-move = Move
board-field-in-hand = Discs in hand
board-footer-game = Game #{ $id }
board-footer-rated = rated
board-footer-opening = opening: { $name }
board-footer-casual = casual
board-footer-bot = bot level { $level }
board-menu-one = Choose a move ({ $count } legal)
board-menu-part = Moves { $first } to { $last }
board-option-opening = opening: fills the centre
board-option-flips = { $count ->
    [one] flips 1 disc
   *[other] flips { $count } discs
}
board-option-flips-line = { $count ->
    [one] flips 1 toward { $direction }
   *[other] flips { $count } toward { $direction }
}
button-resign = Resign
button-start-cross = The cross
button-start-parallel = The parallel grid
button-rematch = Rematch
button-confirm-resign = Yes, resign
button-confirm-end = Yes, end it
button-confirm-delete = Delete my data
button-cancel = Cancel

## Directions, for one-line flips.

direction-n = north
direction-ne = north-east
direction-e = east
direction-se = south-east
direction-s = south
direction-sw = south-west
direction-w = west
direction-nw = north-west

## Results: the winner's score first.

score-pair = { $first }-{ $second }
result-wins = { $winner } wins { $score }
result-wins-tie-rule = { $winner } wins on the tie rule, { $score }
result-draw = Draw, { $score }
result-resignation = { $winner } wins by resignation, { $score } on the board
result-timeout = { $winner } wins on time ({ $loser } ran out of time), { $score } on the board
result-aborted = Game aborted: no result, no rating change
result-over = Game over
rating-change = { $player }: { $before } → { $after } ({ $delta })

## The picture: the status bar and its words for screen readers.

picture-to-move = to move
picture-passed = passed
picture-in-hand = in hand
picture-move-number = { $number ->
    [0] Start
   *[other] Move { $number }
}
picture-counts = { $black-side } { $black }, { $white-side } { $white }.
picture-to-move-sentence = { $side } to move.
picture-result = Game over: { $result }.
picture-last-move = { $flipped ->
    [0] Last move { $square } by { $side }.
   *[other] Last move { $square } by { $side }, flipping { $squares }.
}
picture-passed-sentence = { $side } had to pass.
picture-in-hand-sentence = Discs in hand: { $black-side } { $black }, { $white-side } { $white }.
picture-legal = Legal moves: { $squares }.
list-and = { $first } and { $last }

## Challenges.

challenge-content-to = { $target }: { $challenger } challenges you to a { $rated ->
    [yes] rated
   *[no] casual
} game.
challenge-content-open = { $challenger } challenges anyone here to a { $rated ->
    [yes] rated
   *[no] casual
} game: press Accept to play.
challenge-content-rematch = { $target }: { $challenger } offers you a rematch, a { $rated ->
    [yes] rated
   *[no] casual
} game with colours swapped.
challenge-title-to = { $challenger } challenges { $target }
challenge-title-open = An open challenge from { $challenger }
challenge-title-rematch = A rematch offer from { $challenger }
challenge-description = A { $rated ->
    [yes] rated
   *[no] casual
} game of { $rules }: { $sides }.
challenge-sides-black = { $challenger } plays { $side } and moves first
challenge-sides-white = { $challenger } plays { $side }
challenge-sides-random = colours are drawn when it is accepted
challenge-sides-japanese = the Japanese rule settles the colours: one of you, drawn by lot, decides whether a tie wins for { $black } or for { $white }, the other then picks a colour
challenge-lapses = The challenge lapses { $time }.
challenge-footer = Challenge #{ $id }
button-accept = Accept
button-decline = Decline
challenge-withdrawn = { $player } withdrew the challenge.
challenge-declined = { $player } declined the challenge from { $challenger }.
challenge-lapsed = The challenge from { $player } lapsed: nobody accepted it in time.

## Reminders and questions.

reminder = { $player }, it's your move in game #{ $id } (as { $side }). Your time runs out { $time }: move before then, or you lose on time.
resign-question = Resign game #{ $id }? This cannot be undone.
resign-question-moderator = End game #{ $id } as a moderator? It will be recorded as aborted, with no rating change.

## Leaderboard, stats, history.

leaderboard-title-global = Global leaderboard: { $ladder }
leaderboard-title-server = Server leaderboard: { $ladder }
ladder-custom = adjusted rules
ladder-sized = { $ladder } { $size }x{ $size }
leaderboard-line = { $rank }. { $player } — { $rating } ({ $wins }W { $losses }L { $draws }D)
leaderboard-you = ← you
leaderboard-you-of = ← you, of { $count }
leaderboard-empty = No rated games yet. Play one with /challenge (rated: true).
leaderboard-unranked = You are not ranked yet: play a rated game.
leaderboard-footer = Glicko-2 ratings; ? marks a provisional rating.
stats-title = Stats of { $player }: { $ladder }
stats-scope-server = This server
stats-scope-global = Everywhere
stats-rating = { $rating }{ $provisional ->
    [yes] {" "}(provisional)
   *[no] {""}
}
stats-record = { $games ->
    [one] 1 rated game
   *[other] { $games } rated games
}: { $wins }W { $losses }L { $draws }D
stats-streak-wins = { $count ->
    [one] 1 win in a row
   *[other] { $count } wins in a row
}
stats-streak-losses = { $count ->
    [one] 1 loss in a row
   *[other] { $count } losses in a row
}
stats-no-rated = No rated games yet
stats-casual = Casual games against people
stats-bot = Casual games against the bot
stats-tournaments = Tournaments
stats-tournament = #{ $id } { $name }: { $state ->
    [signup] signed up, { $players } players so far
    [running] place { $place } of { $players } in round { $round }
    [finished] { $place ->
        [1] 🥇 champion
        [2] 🥈 second
        [3] 🥉 third
       *[other] place { $place }
    } of { $players }
    [withdrawn] withdrew
   *[cancelled] cancelled
}
stats-none = none yet
stats-tally = { $wins }W { $losses }L { $draws }D
stats-head-to-head = { $player } against you
history-title = Recent games of { $player }
history-line = { $id } { $outcome ->
    [won] won
    [lost] lost
    [drew] drew
   *[aborted] aborted
} as { $side } vs { $opponent }{ $score } ({ $kind }, { $rules }{ $opening }) · { $time }
history-score = {" "}{ $score }
history-opening = {", "}{ $name }
history-empty = { $player } has no finished games here yet.
history-footer = Export one with /export game:<id>
kind-rated = rated
kind-casual = casual
kind-bot = against the bot

## Export.

export-content = Game #{ $id }: { $black } vs { $white }, { $status }.
export-transcript = Transcript: { $transcript }
export-no-moves = (no moves yet)
export-live = still being played
export-ggf-place = reversi-bot on Discord
export-ggf-description = The game in GGF, for NBoard and other Othello programs
export-gif-description = A replay of the game, one frame per move

## /privacy: a player's data in their own hands.
player-deleted = Deleted player
privacy-exported = Here is everything reversi-bot keeps about you, as a JSON file: your games, your ratings and their history, your solo games and daily table places, the reviews of your games and your challenges. Only you can see this. To delete it all, use /privacy delete.
privacy-export-description = Everything reversi-bot keeps about you, in JSON
privacy-delete-question = Delete everything reversi-bot keeps about you? Your name and your Discord id are removed from every game you played and every tournament you played in or organised and every closed season's table you are in: your opponents keep those games, standings and tables, with a “Deleted player” in your place; sign-ups to tournaments not yet started are withdrawn. Your ratings and their history, your solo games and daily table places, your puzzle rating and attempts and your challenges are deleted. This cannot be undone; /privacy export gives you a copy first.
privacy-deleted = Your data is deleted. Your games now show a “Deleted player” in your place. If you use the bot again, it starts a new record for you.
privacy-kept = Nothing was deleted.

## Settings.

settings-title = This server's settings
settings-title-saved = Settings saved
settings-typed-moves = Typed moves
settings-typed-on = on: a message such as d3 plays the move
settings-typed-off = off
settings-typed-unavailable = off: the bot runs without TYPED_MOVES, so whoever runs it must turn them on first
settings-deadline = Move deadline
settings-deadline-hours = { $hours ->
    [one] 1 hour per move
   *[other] { $hours } hours per move
}
settings-deadline-minutes = { $minutes ->
    [one] 1 minute per move
   *[other] { $minutes } minutes per move
}
settings-deadline-none = no deadline
settings-theme = Board theme
settings-bot-level = Bot level for /bot
settings-bot-takebacks = Takebacks from the bot
settings-bot-takebacks-lenient = Levels 1 to 3
settings-bot-takebacks-all = Every level
settings-language = Language
settings-language-auto = { $language } (the server's own; change it with /settings language)
settings-organisers = Tournament organisers
settings-organisers-role = Members of { $role } and those who manage the server
settings-organisers-managers = Members who manage the server
settings-footer = New deadlines apply from each game's next move. Members with Manage Server can change these.
theme-classic = Classic green
theme-ravensburger = Ravensburger gold and black
theme-redblue = Red and blue
theme-dark = Dark
theme-colorblind = Colour-blind safe

## Help.

help-title = How to play Reversi / Othello
help-rules = Place a disc so that it traps a straight line (across, down or diagonal) of your opponent's discs between it and another of your discs: every trapped line flips to your colour. If you cannot trap anything you pass, automatically. When neither side can move the game ends and the side with more discs wins. { $first } moves first. Squares are named by column letter and row number: a1 is the top-left corner.
help-commands = Commands
help-variants = Rule sheets
help-variants-text = Pick a rule sheet with rules: Othello, Ravensburger (32 discs each, Gold begins, a tie goes to the second player), Ravensburger for children (one line flips: name it, c4:ne), Jacques & Sons, BrainKing, or the Ravensburger start (the first player picks the grid). Change any part with size, start, flips, supply, tie and scoring.
help-levels = The bot's levels
help-levels-text = /bot 1 (Beginner) to 5 (Master). Level 5 may think { $seconds } seconds a move and in the middle game uses most of them to look further ahead; it answers at once when a move is forced or the end is solved. The lower levels think less and look less far.
help-footer = One game per channel: open a thread to run several at once.

## Refusals: what went wrong, and what to do.

error-no-game = There is no game in this channel. Start one with /challenge or /bot, or solve a puzzle with /puzzle.
error-not-your-turn = It's not your turn: { $player } is to move.
error-not-your-choice = That choice is for { $player } to make.
error-not-a-player = You are not playing in this game.
error-channel-busy = This channel already has a game in progress. Finish it first, or start a thread for a new one.
error-rate-limited = You are going a little fast for me: please wait { $seconds ->
        [one] a second
       *[other] { $seconds } seconds
    } before the next command. Nothing was done.
error-too-many-challenges = You already have { $count ->
        [one] an open challenge
       *[other] { $count } open challenges
    }, the most at once. Wait for an answer, or withdraw one with its Decline button, before you challenge again.
error-channel-game-limit = { $count ->
        [one] One game has
       *[other] { $count } games have
    } started in this channel in the last hour, the most it takes. Please play on in a thread or another channel, or come back a little later.
error-challenge-pending = This channel already has an open challenge. Wait for an answer, or start a thread.
error-challenge-pending-from = { $player } has an open challenge in this channel: accept it, wait for it to lapse, or start a thread for your game.
error-challenge-yourself = You can't challenge yourself. Try /bot to play against me.
error-challenge-other-bot = { $player } is a bot and can't play. To play against me, use /bot.
error-challenge-closed = That challenge is no longer open.
error-challenge-not-for-you = That challenge is for { $player }.
error-challenge-open-decline = That challenge is open to anyone: press Accept to take it. Only { $player } can withdraw it.
error-own-challenge = You can't accept your own challenge.
error-stale = That board is out of date: the game has moved on. Use the latest board.
error-raced = Someone else moved first, so nothing was changed. /board shows the game as it stands.
error-no-such-game = There is no game #{ $id }.
error-game-not-over = Game #{ $id } is still being played.
error-nothing-to-export = This channel has no game to export yet. Give a game id: /export game:<id>
error-bot-thinking = I'm still thinking about my move. One moment!
error-needs-manage-server = Only members with the Manage Server permission can change this server's settings.
error-settings-need-server = Settings belong to a server: use /settings in one.
error-busy = The games database is busy right now, so nothing was changed. Please try again in a moment.
error-delete-while-playing = You are still playing { $count ->
        [one] game { $games }
       *[other] games { $games }
    }. Finish { $count ->
        [one] it
       *[other] them
    } or resign with /resign in { $count ->
        [one] its channel
       *[other] their channels
    }, then ask again.
error-not-your-confirmation = This question is for someone else: only they can answer it.
error-internal = Something went wrong on my side. Your game is safe; please try again in a moment.
error-legal-moves = Legal moves: { $moves }.
error-legal-moves-more = Legal moves: { $moves } and { $more } more.

## Squares and moves that cannot be played.

error-empty = Type a square, such as d3.
error-not-a-square = “{ $text }” is not a square: write a column letter and a row number, such as d3.
error-no-such-row = { $text } is not a square: rows are numbered from 1.
error-off-board = { $text } is off the { $size }x{ $size } board: columns run a–{ $last-column }, rows 1–{ $size }.
error-not-a-direction = “{ $text }” is not a direction: use n, ne, e, se, s, sw, w or nw.
error-game-over = The game is over.
error-occupied = { $square } is already taken.
error-flips-nothing = { $square } flips nothing: a move must trap your opponent's discs between the new disc and one of yours.
error-must-fill-centre = { $square } is not allowed yet: the first four discs fill the centre squares ({ $squares }).
error-start-not-chosen = The game has not started yet: the first player chooses the start (the cross or the parallel grid) with the buttons under the board.
error-line-required = { $square } traps discs in several lines ({ $lines }): say which one flips, such as { $example }.
error-line-flips-nothing = { $move } flips nothing: the lines this move traps are { $lines }.
error-line-not-needed = { $square } needs no line: write just the square.

## The console.

console-welcome = reversi-bot console: play the bot or a friend at this keyboard. Type /help for the commands.
console-database = Games are kept in { $file } (choose another with --database-url; the bot's DATABASE_URL is left alone).
console-thinking = Thinking…
console-wrote = (wrote { $path })
console-no-control = There is no control { $control } to press: the numbers are shown under the replies (#14.2 is reply 14's second).
console-no-choice = { $choice } is not in that menu: choose { $choices }.
console-menu-needs-choice = { $control } is a menu: add your choice after it, one of { $choices }.
console-help-button = Press a control under the latest reply (1, 2, …) or an older one (#14.2); after a menu's number, your choice (3 d3)
console-help-options = Options go by name (game:12, rules:ravensburger) or, where it is clear, by place (/export 12, /bot 3 white); names and choices in any of our languages.
console-press = { $number }: { $label }
console-help-local = Two players at this keyboard
console-help-move = Play a move (the player to move plays it)
console-help-quit = Leave the console
console-player = Player { $number }
console-thread = — { $name } —
console-back = — Back at the console's own table —
console-to-move = { $side } to move
console-legal = legal moves are marked +

japanese-tie-ask = The Japanese rule: by lot, { $decider } decides whether a tie counts as a win for { $black } or for { $white }; then { $chooser } picks a colour.
japanese-color-ask = { $decider } decided that a tie counts as a win for { $side }. { $chooser }, pick your colour.
button-japanese-tie = A tie wins for { $side }
button-japanese-color = I play { $side }
event-japanese = The Japanese rule: { $decider } decided that a tie wins for { $tie }, and { $chooser } chose { $side }.

## Reiner Knizia's solo game.

solo-gold = gold
solo-black = black
solo-move = { $square } { $color }
solo-tile = { $color } { $number }
solo-tile-blank = { $color } blank
solo-title = Solo game · { $deal }
solo-title-deal = deal { $seed }
solo-title-daily = daily deal { $day }
solo-started = { $player }, your solo game: put a gold or black disc on a free square so that it traps discs of the other colour or wins a tile. A single face-up tile lying between your new disc and a disc of its colour is won; tiles beside the new disc turn face up. Pick a move below or type one, such as d3 gold.
solo-played = { $player } plays { $move }.
solo-flipped = { $count ->
    [one] One disc turns.
   *[other] { $count } discs turn.
}
solo-turned-up = Turned face up: { $tiles }.
solo-won = Won: { $tiles }!
solo-score = { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} · value { $value }
solo-score-doubled = { $tiles } tiles · value { $value } ({ $sum } doubled: all four blanks)
solo-over-all-won = Every tile is won!
solo-over-no-move = No disc can be placed any more.
solo-over-shut-in = The tiles left are shut in: none can be won any more.
solo-over-stopped = { $player } stopped.
solo-banner = Game over: { $score }
solo-daily-practice = Only your first finished daily deal of the day counts: this one was practice.
solo-daily-counted = Your first finished daily deal today: it counts.
solo-daily-place-server = Place { $place } of { $players } on this server.
solo-daily-place-global = Place { $place } of { $players } everywhere.
solo-field-score = Score
solo-field-left = Tiles left
solo-left = { $left } ({ $down } face down)
solo-field-moves = Moves
solo-footer = Reiner Knizia's solo game from Ravensburger's rule book · /solo hint suggests a move
solo-footer-over = Reiner Knizia's solo game from Ravensburger's rule book · the tiles left are shown face up · /solo deals a new game
solo-tray = Won
solo-legend = X gold disc · O black disc · # face-down tile · g7, b7 face-up gold or black tile (g_, b_ blank)
solo-alt = Solo game board: { $gold } gold and { $black } black discs, { $down } tiles face down, { $up } face up, { $won } won.
solo-option-wins = wins { $tiles }
solo-option-turns-up = { $count ->
    [one] turns up a tile
   *[other] turns up { $count } tiles
}
solo-option-flips = { $count ->
    [one] turns a disc
   *[other] turns { $count } discs
}
solo-menu-gold = A gold disc ({ $count } moves)
solo-menu-black = A black disc ({ $count } moves)
solo-button-hint = Hint
solo-button-stop = Stop here
solo-hint = Try { $move }.
solo-hint-wins = { $count ->
    [one] It wins a tile at once.
   *[other] It wins { $count } tiles at once.
}
solo-hint-turns-up = { $count ->
    [one] It turns up a tile.
   *[other] It turns up { $count } tiles.
}
solo-table-title = Daily deal { $day }
solo-table-how = Everyone gets the same deal today: /solo daily deals it.
solo-table-server = This server
solo-table-global = Everyone
solo-table-empty = Nobody has finished today's deal yet.
solo-table-line = { $place }. { $player }: { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
}, value { $value }
solo-table-footer = Each player's first finished game of the day's deal counts. A new deal every day at midnight UTC.
error-no-solo-game = You have no solo game in this channel: /solo starts one.
error-solo-live = You already have a solo game in this channel: /solo shows it again; play on, or end it with /solo stop.
error-not-your-solo-game = This is { $player }'s solo game: /solo starts your own.
error-solo-missing-color = Say which colour the disc shows, gold or black, such as d3 gold.
error-solo-not-a-color = “{ $word }” is not a colour: the discs are gold or black.
error-solo-game-over = That solo game is over: /solo starts a new one.
error-solo-off-board = { $square } is off the board: columns run a-h, rows 1-8.
error-solo-occupied = { $square } already holds a disc.
error-solo-on-tile = { $square } holds a tile: a disc goes on a free square.
error-solo-traps-nothing = A { $color ->
    [gold] gold
   *[black] black
} disc on { $square } traps no { $other ->
    [gold] gold
   *[black] black
} disc and wins no tile.
console-help-solo = A solo move: a square and a colour

## The coach: reviews and analyses.
review-title = Review of game #{ $id }: { $black } against { $white }
review-opening = Opening: { $name }
review-how-exact = Every move solved exactly: the costs are perfect play's.
review-how-both = Scored by searching { $depth } plies deep, and solved exactly from move { $from } on.
review-how-search = Scored by searching { $depth } plies deep (the game ended too early to solve).
review-accuracy = Average loss: { $loss } discs a move
review-no-moves = No move made, so nothing to score
review-no-mistakes = No move lost { $discs } discs or more.
review-mistake = { $number }. { $played } instead of { $best }: { $discs ->
    [one] one disc
   *[other] { $discs } discs
} lost.
review-mistake-again = { $number }. { $played } instead of { $best }: { $discs ->
    [one] one disc
   *[other] { $discs } discs
} lost, again { $ideas }.
review-footer = Losses are in discs against the engine's best move. The chart shows the score with best play from { $side }'s side; the moves listed are marked on it.
review-chart-title = Score with best play
review-chart-side = { $side }: { $player }
review-chart-exact = exact
review-chart-moves = move
review-chart-alt = Chart of the score with best play, move by move, from { $side }'s side: { $start } at the start, { $end } at the end. { $count ->
    [0] No mistake is marked.
    [one] Marked: move { $moves }.
   *[other] Marked: moves { $moves }.
}
motif-corner-given = It gave the corner { $corner } away through the { $kind ->
    [x] X-square
   *[c] C-square
} { $via }: the opponent { $how ->
    [now] can take it at once
    [forced] can force it within two moves
   *[threatened] can threaten it with their next move
}.
motif-wall = It built a wall of discs facing the empty squares: fewer moves for the player, more for the opponent.
motif-quiet-move = The best move was a quiet one, turning few discs, all inside, and opening nothing new.
motif-parity = It lost parity: it played into an even region of empty squares when the best move took the last move of an odd one.
motif-unbalanced-edge = It left an unbalanced edge on the { $edge ->
    [north] top
    [south] bottom
    [west] left
   *[east] right
} that the opponent can attack.
motif-stoner-trap = It walked into a Stoner trap on the { $edge ->
    [north] top
    [south] bottom
    [west] left
   *[east] right
} edge: the opponent can force the corner.
motif-edge-given = It let the opponent onto the { $edge ->
    [north] top
    [south] bottom
    [west] left
   *[east] right
} edge at { $at }, { $wedge ->
    [yes] wedging in between two of the player's discs
   *[no] turning the player's discs along it
}.
motif-stable = The best move would have left { $best } of the player's discs stable, never to be turned again; this one { $played ->
    [0] none
   *[other] { $played }
}.
motif-mobility = Afterwards the opponent had { $theirs ->
    [0] no moves
    [one] one move
   *[other] { $theirs } moves
} and the player { $mine ->
    [0] none
    [one] one
   *[other] { $mine }
}; after the best move they would have had { $best-theirs } and { $best-mine }. Fewer moves, fewer good ones.
motif-potential-mobility = It left { $played } empty squares next to the player's discs, where the best move left { $best }: each may become a move for the opponent.
motif-frontier = It left { $played } of the player's discs next to empty squares, where the best move left { $best }: such frontier discs give the opponent moves.
motif-seen = { $idea } (see move { $number })
motif-name-corner-given = a corner given away
motif-name-edge-given = an edge opened to the opponent
motif-name-unbalanced-edge = an unbalanced edge
motif-name-stoner-trap = a Stoner trap
motif-name-parity = parity lost
motif-name-wall = a wall
motif-name-stable = fewer stable discs
motif-name-mobility = lost mobility
motif-name-potential-mobility = more empty squares next to the player's discs
motif-name-quiet-move = a quiet move missed
motif-name-frontier = more frontier discs
analysis-title-game = Game #{ $id } after { $moves ->
    [one] one move
   *[other] { $moves } moves
}: { $player } to move
analysis-title-position = A position with { $empties ->
    [one] one empty square
   *[other] { $empties } empty squares
}: { $player } to move
analysis-title-transcript = After { $moves ->
    [one] one move
   *[other] { $moves } moves
}: { $player } to move
analysis-line = { $square } { $score }{ $exact ->
    [yes] {""}
   *[other] {" "}(estimate)
}
analysis-footer = Each move's score is the final disc difference for { $side } with best play after it; exact unless marked as an estimate.
analysis-alt = Board with every legal move's score for { $player }; best: { $best }.
button-review = Review
error-nothing-to-review = This channel has no finished game yet. Give a game id: /review game:<id>
error-review-unsupported = The engine reviews 8x8 games whose discs flip in every line and never run out; it cannot search this game's rules ({ $rules }).
error-analysis-rated = Analysis is off while you play a rated game, and in a channel that has one, so nobody gets help during a game. It works again once the game is over.
error-bad-transcript = { $transcript } is neither a game from the start nor a board: write the moves one after another, such as f5d6c3, or the 64 squares from a1 to h8 (X black, O white, - empty) and X or O for the side to move.
error-position-length = { $position } has { $count ->
    [one] one square
   *[other] { $count } squares
}, but a board has 64: write them row by row from a1 to h8 (X black, O white, - empty), then X or O for the side to move.
error-position-side = { $position } does not end in a side to move: after the 64 squares write X if Black moves or O if White moves.
error-transcript-illegal = In { $transcript }, move { $number } ({ $move }) cannot be played: { $why }
error-transcript-bad-move = In { $transcript }, move { $number } is not a move: { $why }
error-option-unknown-command = There is no command { $command }. Type /help for the commands.
error-option-unknown = { $command } has no option { $option }. Its options: { $options }.
error-option-none = { $command } takes nothing after it, so { $value } means nothing to it.
error-option-no-option-for = No option of { $command } takes { $value }. Its options: { $options }.
error-option-bad-value = { $value } does not fit { $option } of { $command }: it takes { $accepts }.
error-option-repeated = { $option } is given twice: give it once.
error-option-missing = { $command } needs { $option }: { $accepts }.
error-option-only-with = { $option } goes only with { $other } { $choice }.
error-option-exclusive = Give { $option } or { $other }, not both.
option-accepts-integer = a whole number from { $min } to { $max }
option-accepts-integer-from = a whole number from { $min } up
option-accepts-boolean = yes or no
option-accepts-user = a player
option-accepts-role = a role
option-accepts-text = some text
error-no-such-move = Game #{ $id } has { $count ->
    [one] one move
   *[other] { $count } moves
}: give a move number from 0 to { $count }.
error-nothing-to-analyse = Nobody can move in that position: the game is over there.

## Tournaments.
error-tournament-needs-server = Tournaments are run in a server: use /tournament in one.
error-no-tournament = This server has no tournament open for sign-ups or running. An organiser starts one with /tournament action:create.
error-no-such-tournament = This server has no tournament #{ $id }.
error-not-organiser = Only the tournament's organiser, a member with the Manage Server permission, or one of the server's organiser role can do that.
error-tournament-needs-name = A tournament needs a name: add name:… to /tournament action:create.
error-already-entered = You have already joined this tournament.
error-tournament-full = This tournament is full: it takes { $max } players.
error-tournament-closed = This tournament no longer takes sign-ups.
error-not-entered = That player is not playing in this tournament.
error-too-few-players = A tournament needs at least two players to start.
error-tournament-not-running = That cannot be done now: the tournament is not running (or is already paused or resumed).
tournament-title = 🏆 { $name } (#{ $id })
tournament-bot = { $name } ({ $level })
tournament-format = { $format ->
    [round-robin] Round robin
    [double-round-robin] Double round robin
    [knockout] Knockout
   *[swiss] Swiss
}{ $rounds ->
    [0] {""}
    [one] , one round
   *[other] , { $rounds } rounds
}
tournament-rated = Rated: its games count for the ladder.
tournament-unrated = Not rated.
tournament-move-time = { $minutes ->
    [one] One minute a move.
   *[other] { $minutes } minutes a move.
}
tournament-organiser = Organiser: { $player }
tournament-players = Players ({ $count } of { $max })
tournament-nobody = Nobody yet.
tournament-more = and { $count } more
tournament-card-signup = Join with the button or /tournament action:join id:{ $id }. The organiser starts it.
tournament-card-running = Round { $round } of { $rounds } is being played.
tournament-card-finished = Finished.
tournament-card-cancelled = Cancelled.
button-tournament-join = Join
button-tournament-leave = Leave
button-tournament-start = Start
tournament-list-title = Tournaments on this server
tournament-list-line = #{ $id } { $name }: { $format }, { $players ->
    [one] one player
   *[other] { $players } players
}, { $state ->
    [signup] open for sign-ups
    [running] round { $round } of { $rounds }
    [paused] paused in round { $round }
    [finished] finished
   *[cancelled] cancelled
}
tournament-list-empty = No tournaments yet. An organiser creates one with /tournament action:create.
tournament-list-footer = /tournament action:standings id:… shows one's standings.
tournament-round-title = { $name }: round { $round } of { $rounds }
tournament-board = Board { $board }: { $black } (black) against { $white } (white)
tournament-bye = { $player } has a bye: a win, 32 discs to 0.
tournament-forfeit = { $winner } wins without playing: { $loser } withdrew.
tournament-round-footer = { $format ->
    [knockout] Each game has a thread of its own. A match is two games with colours swapped; when it is level, deciding games follow until one is won.
   *[other] Each game has a thread of its own. The next round is paired when every game is over.
}
tournament-standings-title = { $name }: standings after round { $round } of { $rounds }
tournament-standings-live-title = { $name }: standings during round { $round } of { $rounds }
tournament-final-title = { $name }: final standings
tournament-standing = { $rank }. { $player }: { $points } { $plural ->
    [one] point
   *[other] points
} ({ $wins }–{ $draws }–{ $losses }), Brightwell { $brightwell }, discs { $discs }{ $withdrawn ->
    [yes] , withdrawn
   *[no] {""}
}
tournament-standings-footer = { $format ->
    [knockout] Players are ranked by how far they went, then by points, the Brightwell quotient and the disc count.
   *[other] Ties are broken by the Brightwell quotient, then the disc count, as at the World Othello Championship.
}
tournament-podium = Podium
tournament-podium-line = { $place ->
    [1] 🥇 Champion
    [2] 🥈 Second
   *[3] 🥉 Third
}: { $player } with { $points } { $plural ->
    [one] point
   *[other] points
}
tournament-picture-description = The standings of { $name }: rank, player, games, points and tie-breaks
tournament-picture-withdrawn = withdrawn
tournament-picture-final = Final standings
tournament-picture-round = After round { $round } of { $rounds }
tournament-picture-live = During round { $round } of { $rounds }
tournament-picture-rank = #
tournament-picture-player = Player
tournament-picture-games = G
tournament-picture-points = Pts
tournament-picture-brightwell = BQ
tournament-picture-discs = Discs
tournament-picture-footnote = { $format ->
    [knockout] Ranked by the round reached; then Brightwell quotient (BQ) and discs.
   *[other] Ties: Brightwell quotient (BQ), then the disc count.
}
tournament-thread = { $name } · round { $round }, board { $board }: { $black } – { $white }
tournament-game-intro = { $name }, round { $round }, board { $board }: { $black } plays black against { $white }. Good luck!
tournament-withdrawn = { $player } { $started ->
    [yes] has withdrawn from { $name }: no further games, and a game still open is lost.
   *[no] has left { $name }.
}
tournament-paused = { $name } is paused: no round is paired until it is resumed.
tournament-resumed = { $name } goes on.
tournament-export = { $name }: { $games ->
    [one] its game
   *[other] its { $games } games
} as one GGF file, and the crosstable as text.
tournament-export-place = reversi-bot, { $name }, round { $round }, board { $board }, game { $game }
tournament-export-table-description = The crosstable: places, points, tie-breaks and each round's result
tournament-export-round = R{ $round }
tournament-export-legend = Each round: + win, = draw, - loss, then the opponent's line and colour (b black, w white); F: decided without play; +BYE: a bye (a win, 32-0).
tournament-cancelled = { $name } is cancelled.
error-start-in-past = That start time has passed: give one in the future, or leave starts out and start it yourself.
error-result-incomplete = To set a result, name the player and their result: /tournament action:result player:@someone result:win (or loss, or draw).
error-no-game-to-decide = That player has no game of round { $round } left to decide in this tournament.
tournament-round-time = { $hours ->
    [one] One hour a round: games still open then are lost on time by the player to move.
   *[other] { $hours } hours a round: games still open then are lost on time by the player to move.
}
tournament-starts = Starts { $when }.
tournament-log = Organiser's log
tournament-log-line = { $when }: { $actor } { $action ->
    [started] started the tournament
    [paused] paused it
    [resumed] resumed it
    [removed] removed { $subject }
    [result] set the result of game { $game }: { $result ->
        [black] Black won
        [white] White won
       *[draw] a draw
    }
   *[cancelled] cancelled it
}
tournament-match = Match { $board }: { $black } against { $white } ({ $black } has black in the first game)
tournament-decider = { $name }, round { $round }, match { $board } is level: deciding game { $game }, { $black } plays black against { $white }.
tournament-adjudicated = { $name }, round { $round }, board { $board }: the organiser set the result, { $result ->
    [black] { $black } (black) wins against { $white }
    [white] { $white } (white) wins against { $black }
   *[draw] a draw between { $black } and { $white }
}.

## Leaderboard seasons.

season-current-word = current
season-title-running = Season { $season } so far: { $ladder }
season-title-closed = Season { $season }, final table: { $ladder }
season-line = { $rank }. { $player } — { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
season-empty-running = Nobody has played { $min } rated games on this server this season yet.
season-empty-closed = Nobody played the { $min } rated games needed in this season.
season-your-games = You have played { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
} this season: { $min } put you in the table.
season-your-games-enough = You have played { $games } rated games this season: enough for the table.
season-footer-running = Ranked by rating among players with at least { $min } rated games on this server this season. It ends { $end }; ratings carry on into the next one.
season-footer-closed = Ranked by rating at the season's end ({ $end }) among players with at least { $min } rated games on this server in it.
season-closed-title = 🏆 Season { $season } is over!
season-closed-champion = { $player } is the champion of { $ladder } with a rating of { $rating }.
season-closed-podiums = Season { $season }: podium
season-closed-footer = Ranked by rating at the season's end among players with at least { $min } rated games on this server. The whole table: /leaderboard season:{ $season }. Ratings carry on into the next season.
leaderboard-season-running = Season { $season } runs until { $end }: /leaderboard season:current shows its table.
settings-season = Seasons
settings-season-off = off
settings-season-on = { $cadence ->
    [monthly] monthly
   *[quarterly] quarterly
}: season { $season } ends { $end }; its results are announced in the channel where seasons were turned on
error-not-offered-here-dm = { $command } works in a server or in your DM with me, not in this chat.
error-not-offered-here-chat = { $command } needs someone to play: use it in a server, or in a group chat or DM with them.
error-not-offered-here-server = { $command } belongs to a server: use it in one.
error-bot-not-in-server = I am not in this server, so I cannot play here. Ask someone who runs it to add me, or play in your DM with me or in a group chat.
error-not-in-chat = { $player } is not in this chat: challenge someone who is.
error-watch-in-its-channel = Game #{ $id } is played in this channel: /board shows it.
error-game-private = Game #{ $id } is private: it can be followed only in its own channel.
error-watch-over = Game #{ $id } is over: /export and /review show it.
error-watch-already = A live board of game #{ $id } is in this channel already.
error-live-board-stopped = This board no longer follows its game.
error-not-your-live-board = Only { $player }, who asked for this board, or a server manager can stop it.
error-takeback-rated = Takebacks are for friendly games: this one is rated.
error-takeback-tournament = Tournament games have no takebacks.
error-nothing-to-take-back = You have not moved yet: there is nothing to take back.
error-takeback-after-reply = { $player } has replied already: only your last move, before the reply, can be taken back.
error-bot-refuses-takeback = At level { $level } I do not grant takebacks on this server (/settings bot_takebacks).
error-own-takeback = You asked for this takeback: { $player } answers it.
error-takeback-answered = That takeback was answered already.
error-takeback-lapsed = Too late: a move was played since, so the takeback lapsed.
error-season-needs-server = Seasons belong to a server: use /leaderboard season: in one.
error-seasons-off = This server has no seasons. A member with Manage Server can turn them on with /settings season.
error-bad-season = { $season } is not a season: name a month such as 2026-10, a quarter such as 2026-Q4, or current.
error-no-such-season = Season { $season } has not closed on this server. Closed seasons: { $closed }.
error-no-such-season-none = Season { $season } has not closed on this server, and no season has closed here yet.

## Puzzles: positions whose answer the exact solver proved.

puzzle-title = Puzzle #{ $number }
puzzle-title-streak = Puzzle #{ $number } · streak, puzzle { $streak }
puzzle-title-daily = Puzzle of the day { $day } · #{ $number }
puzzle-opponent = Puzzle
puzzle-to-play = { $side } to play · { $empties ->
    [one] 1 empty square
   *[other] { $empties } empty squares
}
puzzle-task-win = Find a move that wins.
puzzle-task-best = Find the best move: the one that keeps the best result.
puzzle-task-corner = Win the corner: find the best move.
puzzle-task-sweep = Sweep: find the move that wipes out every one of the opponent's discs.
puzzle-task-line = Find the best line: { $steps } moves, and the bot answers each with the best reply.
puzzle-hint = Hint: { $themes }.
puzzle-theme-corner = a corner
puzzle-theme-edge = an edge move
puzzle-theme-parity = parity (play in an odd region)
puzzle-theme-tempo = tempo (a quiet or waiting move)
puzzle-theme-sweep = a wipe-out
puzzle-theme-stoner = a Stoner trap to avoid
puzzle-theme-only-move = the only move
puzzle-theme-none = no named idea: count it out
puzzle-value-win = { $discs ->
    [one] a win by 1 disc
   *[other] a win by { $discs } discs
}
puzzle-value-draw = a draw
puzzle-value-loss = { $discs ->
    [one] a loss by 1 disc
   *[other] a loss by { $discs } discs
}
puzzle-right-go-on = ✅ { $square } is right: with best play it leads to { $value }. The bot answers { $reply }: your move again.
puzzle-solved = ✅ Solved! { $square } leads to { $value } with best play, as good as it gets.
puzzle-missed = ❌ Not this time: { $square } leads to { $value }; the best, { $best }, leads to { $best-value }.
puzzle-gave-up = You gave up on this one.
puzzle-solution = Solution: { $line } ({ $value }).
puzzle-reply-mark = { $square } (reply)
puzzle-themes = Ideas: { $themes }.
puzzle-rating-change = Your puzzle rating: { $before } → { $after } ({ $change }).
puzzle-not-rated = Not rated: only your first try at a puzzle moves your puzzle rating.
puzzle-streak-so-far = { $solved ->
    [0] Streak: no puzzle solved yet. One miss ends it.
    [one] Streak: 1 solved so far. One miss ends it.
   *[other] Streak: { $solved } solved so far. One miss ends it.
}
puzzle-streak-solved = { $solved ->
    [one] Streak: 1 solved. The next one is harder.
   *[other] Streak: { $solved } solved. The next one is harder.
}
puzzle-streak-over = { $solved ->
    [one] Your streak ends with 1 solved. Your best: { $best }.
   *[other] Your streak ends with { $solved } solved. Your best: { $best }.
}
puzzle-banner-solved = Solved
puzzle-banner-solution = The solution
puzzle-field-rating = Puzzle's rating
puzzle-field-difficulty = Difficulty
puzzle-field-empties = Empty squares
puzzle-footer = Proven by the exact endgame solver: every move as good as the best is accepted · pick a move or type one, such as d3
puzzle-footer-over = The numbers on the board show the solution's moves · /puzzle stats shows your record
button-puzzle-hint = Hint
button-puzzle-give-up = Give up
button-puzzle-next = Next puzzle
button-puzzle-streak-next = Next in the streak
button-puzzle-streak-new = New streak
puzzle-stats-title = Puzzles · { $player }
puzzle-field-your-rating = Puzzle rating
puzzle-field-solved = Solved
puzzle-field-best-streak = Best streak
puzzle-stats-unrated = not yet rated
puzzle-stats-provisional = { $rating }? (provisional)
puzzle-stats-solved = { $solved } of { $attempts } ({ $percent } %)
puzzle-streaks-title = This server's best streaks
puzzle-streaks-line = { $place }. { $player }: { $best }
puzzle-streaks-none = Nobody on this server has solved a streak puzzle yet: /puzzle streak starts one.
puzzle-stats-footer = Your first try at each puzzle moves your puzzle rating, apart from your game ratings; streaks are not rated.
error-no-puzzle = You have no puzzle in this channel: /puzzle gives you one.
error-puzzle-live = You already have a puzzle of that kind here: answer it, or give it up with /puzzle give-up, first.
error-not-your-puzzle = This is { $player }'s puzzle: /puzzle gives you your own.
error-puzzle-bad-square = { $text } is not a square: name one by column and row, such as d3.
error-puzzle-illegal = { $square } is not a legal move here: pick one from the menu.
error-puzzle-over = That puzzle is over: the Next button or /puzzle gives you another.
error-no-such-puzzle = There is no puzzle #{ $number }: they are numbered 1 to { $count }.
error-no-puzzle-left = You have tried every puzzle near your rating there is. Well played! /puzzle number: plays any one again.
settings-daily-puzzle = Daily puzzle
settings-daily-puzzle-off = off
settings-daily-puzzle-on = in { $channel } at { $hour }:00 UTC
daily-puzzle-private = Press Solve: the puzzle opens for you alone, and your answer stays private until tomorrow's post.
daily-puzzle-yesterday = Yesterday's puzzle #{ $number }: { $line } ({ $value }).
daily-puzzle-solved-by = { $count ->
    [one] Solved by { $players }.
   *[other] Solved by { $count }: { $players }.
}
daily-puzzle-solved-by-nobody = Nobody here solved it.
daily-puzzle-footer = A new puzzle every day, the same for everyone · your first try moves your puzzle rating
button-daily-puzzle-solve = Solve
