# Die Webseiten (WEB_ADDR) und was Discord über sie sagt.

button-web-page = Im Web ansehen
settings-web = Webseiten
settings-web-off = aus
settings-web-public = öffentlich: { $link }
settings-web-link-only = nur per Link: { $link }
settings-web-unavailable = aus: Der Bot läuft ohne Webadresse (PUBLIC_URL)

web-site-name = reversi-bot
web-skip = Zum Inhalt springen
web-language = Sprache
web-footer = Seiten von reversi-bot, dem Discord-Bot für Reversi und Othello. Hier erscheinen nur Server, die ins Web wollten.
web-home-title = Reversi und Othello auf Discord
web-home = Partien, Spieler, Ranglisten und Turniere der Discord-Server, die sie ins Web stellen. Die Links dazu gibt der Bot in Discord.
web-not-found-title = Seite nicht gefunden
web-not-found = Diese Seite gibt es nicht, oder ihr Server zeigt sie nicht im Web.
web-too-many-title = Zu viele Anfragen
web-too-many = Du hast schneller Seiten angefragt, als wir sie beantworten. Versuch es in einer Minute wieder.

web-game-title = { $black } gegen { $white }
web-board = Brett
web-steps = Durch die Partie gehen
web-first = Anfang
web-previous = Zurück
web-next = Vor
web-last = Ende
web-keys = Tasten: ← und → gehen Zug um Zug, Pos1 und Ende springen an den Anfang und ans Ende.
web-status-start = Ausgangsstellung
web-status-move = Zug { $number }: { $side } spielte { $move }
web-status-pass = Zug { $number }: { $side } musste passen
web-status-counts = { $blackSide } { $black }, { $whiteSide } { $white }
web-status-to-move = { $side } am Zug
web-status-over = Partie beendet
web-pass = passt
web-black = Schwarz
web-white = Weiß
web-rules = Regeln
web-opening = Eröffnung
web-played = Gespielt
web-kind = Partie
web-rated = gewertet
web-friendly = freundschaftlich
web-moves = Züge
web-download = Partie herunterladen (GGF)
web-review = Die Analyse der Engine
web-not-reviewed = Diese Partie wurde noch nicht analysiert. Drück in Discord unter ihrem Brett auf Analyse, dann erscheint sie hier.
web-chart-caption = Wert jeder Stellung in Steinen bei bestem Spiel, aus Sicht von { $side } (Balken nach oben: { $side } vorn), bis ±{ $top }.
web-chart-hint = Zeig auf einen Balken oder klick ihn an, um die Stellung zu sehen.
web-chart-start = Anfang: { $value }
web-chart-value = Nach { $number }. { $move }: { $value }
web-mistakes = Fehler
web-no-mistakes = Kein Zug hat zwei Steine oder mehr gekostet.
web-mistake = { $number }. { $played } ({ $side }): { $best } war um { $discs ->
    [one] einen Stein
   *[other] { $discs } Steine
} besser
web-bye = spielfrei
web-unplayed = nicht gespielt

web-ratings = Wertungen
web-no-ratings = Noch keine gewerteten Partien.
web-record = { $games ->
    [one] Eine gewertete Partie
   *[other] { $games } gewertete Partien
}: { $wins } gewonnen, { $draws } remis, { $losses } verloren
web-rating-chart = Wertung von { $name } in { $ladder } über { $games ->
    [one] eine Partie
   *[other] { $games } Partien
}, von { $first } bis { $last }
web-rating-point = { $day }: { $rating }
web-puzzle-rating = Rätselwertung
web-recent-games = Letzte Partien
web-no-games = Noch keine Partien auf Servern, die sie im Web zeigen.
web-game-line = { $outcome ->
    [win] Gewonnen
    [loss] Verloren
   *[draw] Remis
} gegen { $opponent }, { $mine }–{ $theirs }
web-tournaments = Turniere
web-tournament-place = { $name }: Platz { $place } von { $players }
web-tournament-entered = { $name }: { $players } Teilnehmer

web-leaderboard-title = Rangliste
web-ladder = Spielart
web-empty-leaderboard = Hier hat noch niemand eine gewertete Partie gespielt.
web-rank = #
web-player = Spieler
web-rating = Wertung
web-games = Partien
web-wins = Gewonnen
web-draws = Remis
web-losses = Verloren

web-standings = Tabelle
web-signup = Die Anmeldung läuft: Die Tabelle beginnt mit der ersten Runde.
web-crosstable = Kreuztabelle
web-round = Runde { $round }
