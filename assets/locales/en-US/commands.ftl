## The slash commands: their names, descriptions, options and choices as Discord shows them.
## Names must be lower case without spaces (Discord's rule); descriptions at most 100 characters.

command-challenge = challenge
command-challenge-description = Challenge a member, or anyone here, to a game
option-challenge-opponent = opponent
option-challenge-opponent-description = Who you challenge (leave it out for an open challenge)
option-challenge-color = color
option-challenge-color-description = Your colour (default: drawn at random)
option-challenge-rated = rated
option-challenge-rated-description = Whether the game counts for the ladder (default: yes)
option-challenge-rules = rules
option-challenge-rules-description = Whose rule sheet to play by (default: Othello)
option-challenge-size = size
option-challenge-size-description = Board size (default: the rule sheet's, 8x8)
option-challenge-start = start
option-challenge-start-description = Change the start (default: the rule sheet's)
option-challenge-flips = flips
option-challenge-flips-description = Change which lines flip (default: the rule sheet's)
option-challenge-supply = supply
option-challenge-supply-description = Change the discs each player has (default: the rule sheet's)
option-challenge-tie = tie
option-challenge-tie-description = Change who wins a tie (default: the rule sheet's)
option-challenge-scoring = scoring
option-challenge-scoring-description = Change how the score is counted (default: the rule sheet's)

command-bot = bot
command-bot-description = Play against me in this channel
option-bot-level = level
option-bot-level-description = 1 (beginner) to 5 (master); default: this server's bot level
option-bot-color = color
option-bot-color-description = Your colour (default: black)
option-bot-rules = rules
option-bot-rules-description = Whose rule sheet to play by (default: Othello)
option-bot-size = size
option-bot-size-description = Board size (default: the rule sheet's, 8x8)
option-bot-start = start
option-bot-start-description = Change the start (default: the rule sheet's)
option-bot-flips = flips
option-bot-flips-description = Change which lines flip (default: the rule sheet's)
option-bot-supply = supply
option-bot-supply-description = Change the discs each player has (default: the rule sheet's)
option-bot-tie = tie
option-bot-tie-description = Change who wins a tie (default: the rule sheet's)
option-bot-scoring = scoring
option-bot-scoring-description = Change how the score is counted (default: the rule sheet's)

command-move = move
command-move-description = Play a move, such as d3
option-move-square = square
option-move-square-description = The square, such as d3 (the list offers the legal moves)

command-board = board
command-board-description = Show this channel's game again

command-resign = resign
command-resign-description = Resign this channel's game (you will be asked to confirm)

command-leaderboard = leaderboard
command-leaderboard-description = The ladder of this server or of everyone
option-leaderboard-scope = scope
option-leaderboard-scope-description = This server (default) or everyone
option-leaderboard-rules = rules
option-leaderboard-rules-description = Which kind of game (default: Othello)
option-leaderboard-size = size
option-leaderboard-size-description = Board size (default: 8x8)

command-stats = stats
command-stats-description = A player's rating, record and head-to-head with you
option-stats-player = player
option-stats-player-description = Whose stats (default: yours)
option-stats-rules = rules
option-stats-rules-description = Which kind of game (default: Othello)
option-stats-size = size
option-stats-size-description = Board size (default: 8x8)

command-history = history
command-history-description = A player's recent games, with their ids
option-history-player = player
option-history-player-description = Whose games (default: yours)

command-export = export
command-export-description = A game's transcript, GGF file and replay
option-export-game = game
option-export-game-description = The game's id (default: this channel's latest game)

command-review = review
command-review-description = The engine's review of a finished game: a chart, each player's biggest mistakes and why
option-review-game = game
option-review-game-description = The game's id (default: this channel's latest finished game)

command-analyze = analyze
command-analyze-description = Every legal move's score in a position, exact where the engine can solve it
option-analyze-position = position
option-analyze-position-description = Moves from the start (f5d6c3), or a board: 64 squares a1 to h8 (X, O, -) and X or O to move
option-analyze-game = game
option-analyze-game-description = A finished game's id (default: this channel's latest finished game)
option-analyze-move = move
option-analyze-move-description = The position after this many moves (default: just before the game's costliest move)

command-solo = solo
command-solo-description = Reiner Knizia's solo game: win the tiles with discs of both colours
option-solo-action = action
option-solo-action-description = A new deal (default), the daily deal, a hint, stop, or the daily table
option-solo-seed = seed
option-solo-seed-description = The deal's number, to play a deal again or a friend's (default: a new one)

command-help = help
command-help-description = How to play, the rules and the commands

command-settings = settings
command-settings-description = This server's settings (members with Manage Server change them)
option-settings-typed_moves = typed_moves
option-settings-typed_moves-description = Let plain messages such as d3 be moves
option-settings-deadline_hours = deadline_hours
option-settings-deadline_hours-description = Hours per move before losing on time (0: no deadline)
option-settings-theme = theme
option-settings-theme-description = The board's colours
option-settings-bot_level = bot_level
option-settings-bot_level-description = My level when /bot names none
option-settings-language = language
option-settings-language-description = The language of announcements in this server

command-privacy = privacy
command-privacy-description = Your data: a copy of everything kept about you, or its deletion
option-privacy-action = action
option-privacy-action-description = Export (a JSON file only you see) or delete (after a confirmation)

command-tournament = tournament
command-tournament-description = This server's tournaments: sign up, play the rounds, see the standings
option-tournament-action = action
option-tournament-action-description = List (default), create, join, leave, start, standings, withdraw, pause, resume or cancel
option-tournament-id = id
option-tournament-id-description = The tournament's number (default: the newest one open or running here)
option-tournament-name = name
option-tournament-name-description = The new tournament's name
option-tournament-format = format
option-tournament-format-description = Swiss (default), round robin or double round robin
option-tournament-rounds = rounds
option-tournament-rounds-description = A Swiss's rounds (default: enough to find a winner)
option-tournament-rated = rated
option-tournament-rated-description = Whether its games count for the ladder (default: yes)
option-tournament-max_players = max_players
option-tournament-max_players-description = How many may join (default: 16)
option-tournament-move_minutes = move_minutes
option-tournament-move_minutes-description = Minutes a move in its games (default: the server's deadline)
option-tournament-bot_level = bot_level
option-tournament-bot_level-description = Enter me as a player at this level (1 to 5)
option-tournament-player = player
option-tournament-player-description = The player to withdraw (organisers; default: you)
option-tournament-rules = rules
option-tournament-rules-description = The rule sheet of its games (default: Othello)
option-tournament-size = size
option-tournament-size-description = Board size (default: the rule sheet's, 8x8)

## Choices.

choice-color-black = black
choice-color-white = white
choice-color-random = random
choice-size-6 = 6x6
choice-size-8 = 8x8
choice-size-10 = 10x10
choice-scope-server = this server
choice-scope-global = everyone
choice-theme-classic = classic green
choice-theme-ravensburger = Ravensburger gold and black
choice-theme-redblue = red and blue
choice-theme-dark = dark
choice-theme-colorblind = colour-blind safe
choice-language-auto = the server's language
choice-language-en-US = English
choice-language-de = Deutsch
choice-language-sv-SE = Svenska
choice-rules-othello = Othello (Brettspielnetz, the encyclopedia)
choice-rules-ravensburger = Ravensburger (32 discs each, Gold begins, a tie goes to the second player)
choice-rules-ravensburger-children = Ravensburger for children (the same, one line flips)
choice-rules-jacques-sons = Jacques & Sons (free centre start, 32 discs each)
choice-rules-brainking = BrainKing (the first four discs fill the empty centre)
choice-rules-ravensburger-start = Ravensburger start (the first player picks cross or parallel)
choice-start-cross = the cross (Othello)
choice-start-parallel = the parallel grid
choice-start-free-centre = an empty centre the first four discs fill
choice-start-first-chooses = the first player chooses cross or parallel
choice-flips-all = every bracketed line
choice-flips-one-line = one line, named by the mover
choice-supply-unlimited = as many as needed
choice-supply-limited = half the board each; one is given when out
choice-supply-limited-no-gift = half the board each; out of discs, out of moves
choice-tie-draw = a draw
choice-tie-second = a win for the second player
choice-tie-black = a win for the first player's colour
choice-tie-white = a win for the second player's colour
choice-tie-japanese = the Japanese rule: one drawn by lot decides, the other picks a colour
choice-scoring-discs = the discs as they stand
choice-scoring-wof = WOF: empty squares go to the winner
choice-solo-new = new
choice-solo-daily = daily
choice-solo-hint = hint
choice-solo-stop = stop
choice-solo-table = table
choice-privacy-export = export
choice-privacy-delete = delete
choice-tournament-list = list
choice-tournament-create = create
choice-tournament-join = join
choice-tournament-leave = leave
choice-tournament-start = start
choice-tournament-standings = standings
choice-tournament-withdraw = withdraw
choice-tournament-pause = pause
choice-tournament-resume = resume
choice-tournament-cancel = cancel
choice-format-swiss = Swiss
choice-format-round-robin = round robin
choice-format-double-round-robin = double round robin
