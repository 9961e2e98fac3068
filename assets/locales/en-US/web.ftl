# The web pages (WEB_ADDR) and what Discord says of them.

button-web-page = View on the web
settings-web = Web pages
settings-web-off = off
settings-web-public = public: { $link }
settings-web-link-only = by link only: { $link }
settings-web-unavailable = off: the bot runs without a web address (PUBLIC_URL)

web-site-name = reversi-bot
web-skip = Skip to the page
web-language = Language
web-footer = Pages of reversi-bot, the Discord bot for Reversi and Othello. Only servers that chose to be on the web are shown here.
web-home-title = Reversi and Othello on Discord
web-home = Games, players, leaderboards and tournaments of the Discord servers that put them on the web. Links to them come from the bot in Discord.
web-not-found-title = Page not found
web-not-found = There is no such page, or its server does not show it on the web.
web-too-many-title = Too many requests
web-too-many = You asked for pages faster than we answer them. Try again in a minute.

web-game-title = { $black } vs { $white }
web-board = Board
web-steps = Step through the game
web-first = Start
web-previous = Back
web-next = Forward
web-last = End
web-keys = Keys: ← and → step through the moves, Home and End jump to the start and the end.
web-status-start = Starting position
web-status-move = Move { $number }: { $side } played { $move }
web-status-pass = Move { $number }: { $side } had to pass
web-status-counts = { $blackSide } { $black }, { $whiteSide } { $white }
web-status-to-move = { $side } to move
web-status-over = Game over
web-pass = pass
web-black = Black
web-white = White
web-rules = Rules
web-opening = Opening
web-played = Played
web-kind = Game
web-rated = rated
web-friendly = friendly
web-moves = Moves
web-download = Download the game (GGF)
web-review = The engine's review
web-not-reviewed = This game has not been reviewed. Press Review under its board in Discord, and the review appears here.
web-chart-caption = Each position's value in discs with best play, from { $side }'s side (bars up: { $side } ahead), up to ±{ $top }.
web-chart-hint = Point at a bar, or click it to see the position.
web-chart-start = Start: { $value }
web-chart-value = After { $number }. { $move }: { $value }
web-mistakes = Mistakes
web-no-mistakes = No move lost two discs or more.
web-mistake = { $number }. { $played } ({ $side }): { $best } was better by { $discs ->
    [one] one disc
   *[other] { $discs } discs
}
web-bye = bye
web-unplayed = not played

web-ratings = Ratings
web-no-ratings = No rated games yet.
web-record = { $games ->
    [one] One rated game
   *[other] { $games } rated games
}: { $wins } won, { $draws } drawn, { $losses } lost
web-rating-chart = { $name }'s rating on { $ladder } over { $games ->
    [one] one game
   *[other] { $games } games
}, from { $first } to { $last }
web-rating-point = { $day }: { $rating }
web-puzzle-rating = Puzzle rating
web-recent-games = Recent games
web-no-games = No games on servers that show them on the web yet.
web-game-line = { $outcome ->
    [win] Won
    [loss] Lost
   *[draw] Drew
} against { $opponent }, { $mine }–{ $theirs }
web-tournaments = Tournaments
web-tournament-place = { $name }: place { $place } of { $players }
web-tournament-entered = { $name }: { $players } players

web-leaderboard-title = Leaderboard
web-ladder = Kind of game
web-empty-leaderboard = Nobody has played a rated game here yet.
web-rank = #
web-player = Player
web-rating = Rating
web-games = Games
web-wins = Won
web-draws = Drawn
web-losses = Lost

web-standings = Standings
web-signup = Players are signing up: the standings begin with the first round.
web-crosstable = Crosstable
web-round = Round { $round }
