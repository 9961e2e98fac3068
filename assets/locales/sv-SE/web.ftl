# Webbsidorna (WEB_ADDR) och vad Discord säger om dem.

button-web-page = Visa på webben
settings-web = Webbsidor
settings-web-off = av
settings-web-public = offentliga: { $link }
settings-web-link-only = bara via länk: { $link }
settings-web-unavailable = av: boten körs utan webbadress (PUBLIC_URL)

web-site-name = reversi-bot
web-skip = Hoppa till sidan
web-language = Språk
web-footer = Sidor från reversi-bot, Discord-boten för Reversi och Othello. Här visas bara servrar som valt att synas på webben.
web-home-title = Reversi och Othello på Discord
web-home = Partier, spelare, topplistor och turneringar från de Discord-servrar som lägger ut dem på webben. Länkarna får du av boten i Discord.
web-not-found-title = Sidan finns inte
web-not-found = Sidan finns inte, eller så visar dess server den inte på webben.
web-too-many-title = För många förfrågningar
web-too-many = Du bad om sidor fortare än vi hinner svara. Försök igen om en minut.

web-game-title = { $black } mot { $white }
web-board = Bräde
web-steps = Stega genom partiet
web-first = Början
web-previous = Bakåt
web-next = Framåt
web-last = Slut
web-keys = Tangenter: ← och → stegar genom dragen, Home och End hoppar till början och slutet.
web-status-start = Utgångsställning
web-status-move = Drag { $number }: { $side } spelade { $move }
web-status-pass = Drag { $number }: { $side } fick passa
web-status-counts = { $blackSide } { $black }, { $whiteSide } { $white }
web-status-to-move = { $side } att spela
web-status-over = Partiet är slut
web-pass = pass
web-black = Svart
web-white = Vit
web-rules = Regler
web-opening = Öppning
web-played = Spelat
web-kind = Parti
web-rated = rankat
web-friendly = vänskapligt
web-moves = Drag
web-download = Ladda ner partiet (GGF)
web-review = Motorns genomgång
web-not-reviewed = Partiet har inte gåtts igenom än. Tryck på Genomgång under brädet i Discord, så syns den här.
web-chart-caption = Varje ställnings värde i brickor med bästa spel, från { $side }s sida (staplar uppåt: { $side } leder), upp till ±{ $top }.
web-chart-hint = Peka på en stapel, eller klicka på den för att se ställningen.
web-chart-start = Början: { $value }
web-chart-value = Efter { $number }. { $move }: { $value }
web-mistakes = Misstag
web-no-mistakes = Inget drag kostade två brickor eller mer.
web-mistake = { $number }. { $played } ({ $side }): { $best } var bättre med { $discs ->
    [one] en bricka
   *[other] { $discs } brickor
}
web-bye = frilott
web-unplayed = inte spelat

web-ratings = Ranking
web-no-ratings = Inga rankade partier än.
web-record = { $games ->
    [one] Ett rankat parti
   *[other] { $games } rankade partier
}: { $wins } vunna, { $draws } oavgjorda, { $losses } förlorade
web-rating-chart = { $name }s ranking i { $ladder } över { $games ->
    [one] ett parti
   *[other] { $games } partier
}, från { $first } till { $last }
web-rating-point = { $day }: { $rating }
web-puzzle-rating = Problemranking
web-recent-games = Senaste partier
web-no-games = Inga partier än på servrar som visar dem på webben.
web-game-line = { $outcome ->
    [win] Vann
    [loss] Förlorade
   *[draw] Oavgjort
} mot { $opponent }, { $mine }–{ $theirs }
web-tournaments = Turneringar
web-tournament-place = { $name }: plats { $place } av { $players }
web-tournament-entered = { $name }: { $players } spelare

web-leaderboard-title = Topplista
web-ladder = Spelform
web-empty-leaderboard = Ingen har spelat ett rankat parti här än.
web-rank = #
web-player = Spelare
web-rating = Ranking
web-games = Partier
web-wins = Vunna
web-draws = Oavgjorda
web-losses = Förlorade

web-standings = Tabell
web-signup = Anmälan pågår: tabellen börjar med första ronden.
web-crosstable = Korstabell
web-round = Rond { $round }
