## Alles, was reversi-bot zu den Spielern sagt, auf Deutsch.
## Variablen stehen als $name; Spieler, Felder und Zeiten kommen bereits formatiert an.

## Die Seiten, wie jedes Brettdesign sie färbt.

side-black = { $theme ->
    [ravensburger] Gold
    [redblue] Rot
   *[other] Schwarz
}
side-white = { $theme ->
    [ravensburger] Schwarz
    [redblue] Blau
   *[other] Weiß
}
player-side = { $player } ({ $side })
language-name = Deutsch

## Die Stufen des Bots.

level-1 = Anfänger
level-2 = Gelegenheitsspieler
level-3 = Vereinsspieler
level-4 = Experte
level-5 = Meister

## Die Regeln, wie Fußzeile und Herausforderungen sie nennen.

rules-standard = Standard-Othello
rules-size = { $size }x{ $size }
rules-parallel = paralleler Start
rules-free-centre = freier Start in der Mitte
rules-one-line = Umdrehen in nur einer Linie
rules-limited = { $discs } Steine je Seite
rules-tie-second = bei Gleichstand gewinnt der zweite Spieler
rules-tie-side = bei Gleichstand gewinnt { $side }
rules-wof = WOF-Wertung
rules-no-gift = { $discs } Steine je Seite, keine werden abgegeben
rules-first-chooses = der erste Spieler wählt die Startaufstellung
rules-preset = { $preset }: { $rules }
preset-othello = Othello
preset-ravensburger = Ravensburger
preset-ravensburger-children = Ravensburger für Kinder
preset-jacques-sons = Jacques & Sons
preset-brainking = BrainKing
preset-ravensburger-start = Ravensburger-Start (Lexikon)

## Was gerade passiert ist, je eine Zeile.

event-moved = { $flipped ->
    [0] { $player } hat { $square } gespielt.
    [one] { $player } hat { $square } gespielt und 1 Stein umgedreht.
   *[other] { $player } hat { $square } gespielt und { $flipped } Steine umgedreht.
}
event-borrowed = { $player } hatte keine Steine mehr und hat einen von { $opponent } bekommen.
event-passed = { $player } hat keinen gültigen Zug und passt.
event-board-over = Keine Seite kann mehr ziehen: Die Partie ist vorbei.
event-last-move = Letzter Zug: { $square } von { $player }.
event-bot-game = { $player } spielt gegen mich auf Stufe { $level } ({ $level-name }) als { $side }. Eine ungewertete Partie: Die Wertung ändert sich nicht.
event-resigned = { $player } hat aufgegeben.
event-resigned-early = { $player } hat aufgegeben, bevor beide Seiten zwei Züge gemacht hatten.
event-moderator-ended = { $player } hat die Partie als Moderator beendet.
event-lost-on-time = { $player } hat nicht rechtzeitig gezogen und verliert auf Zeit.
event-back-online = Wieder online. Hier ist mein Zug:
event-late-move = Entschuldige die Wartezeit. Hier ist mein Zug:
event-bot-delayed = Ich konnte meinen Zug gerade nicht speichern (die Datenbank ist ausgelastet): Er folgt in Kürze.
event-challenge-withdrawn-for-bot = { $player } hat die offene Herausforderung zurückgezogen, um stattdessen gegen mich zu spielen.
event-start-cross = { $player } hat das Kreuz gewählt, wie bei Othello.
event-start-parallel = { $player } hat die parallele Aufstellung gewählt.
event-no-typed-moves = Ich kann diesen Chat nicht lesen, getippte Züge gehen hier also nicht: Spiel über das Menü oder mit /zug.
event-took-back = { $other } ist einverstanden: { $player } nimmt { $moves } zurück.
event-took-back-bot = Ich lasse { $player } { $moves } zurücknehmen.
takeback-question = { $player } möchte { $moves } zurücknehmen. { $other }, einverstanden?
takeback-declined = { $other } lehnt ab: { $moves } von { $player } bleibt stehen.
button-takeback = Zurücknehmen
button-takeback-accept = Annehmen
button-takeback-decline = Ablehnen
event-accepted = { $player } hat die Herausforderung angenommen. { $rated ->
    [yes] Eine gewertete Partie beginnt.
   *[no] Eine ungewertete Partie beginnt.
}

## Das Brett.

games-title = Partien auf diesem Server
games-none = Gerade spielt niemand auf diesem Server. Starte eine Partie mit /herausfordern oder /bot.
games-live-heading = Laufende Partien: { $count }
games-line-live = #{ $id } { $black } gegen { $white } · { $rules } · Zug { $move } · { $player } ist am Zug · { $rated ->
    [yes] gewertet
   *[no] freundschaftlich
} · { $channel }
games-watch-hint = Verfolge eine von hier aus mit /zuschauen partie:<ID>.
games-finished-heading = Heute beendet
games-line-finished = #{ $id } { $black } { $blackdiscs }–{ $whitediscs } { $white } · { $rules } · { $channel }
games-page = Seite { $page } von { $pages }
button-games-newer = Neuere
button-games-older = Ältere
live-board-live = 🔴 Live: Partie #{ $id }, { $black } gegen { $white }, gespielt in { $channel }. Dieses Brett folgt jedem Zug.
live-board-ended = Partie #{ $id }, { $black } gegen { $white }, ist zu Ende: die Schlussstellung.
live-board-stopped = Partie #{ $id }, { $black } gegen { $white }: Dieses Brett folgt ihr nicht mehr.
button-stop-watching = Nicht mehr zuschauen
watch-posted = Das Live-Brett der Partie #{ $id } steht unten. Sein Knopf „Nicht mehr zuschauen“ gehört dir.
turn-notice = Du bist am Zug in Partie #{ $id } gegen { $opponent }, in { $channel }.
notify-on = Ich schicke dir eine DM, wenn du am Zug bist und { $minutes } Minuten nicht gezogen hast, einmal pro Zug. /benachrichtigen züge:False beendet das.
notify-off = Keine DMs mehr, wenn du am Zug bist.
notify-state-on = DMs, wenn du am Zug bist, sind an: eine pro Zug, nach { $minutes } Minuten.
notify-state-off = DMs, wenn du am Zug bist, sind aus. /benachrichtigen züge:True schaltet sie ein.

board-title = { $black } gegen { $white }
board-your-move = { $player }, du bist am Zug.
board-choose-start = { $player }, du beginnst: Wähle die Startaufstellung, das Kreuz (wie bei Othello) oder parallel.
board-to-move = { $player } ist am Zug.
board-deadline = Die Bedenkzeit endet { $time }.
board-field-move = Zug
board-field-in-hand = Steine übrig
board-footer-game = Partie #{ $id }
board-footer-rated = gewertet
board-footer-opening = Eröffnung „{ $name }“ (der englische Name)
board-footer-casual = ungewertet
board-footer-bot = Bot-Stufe { $level }
board-menu-one = Wähle einen Zug ({ $count } möglich)
board-menu-part = Züge { $first } bis { $last }
board-option-opening = Eröffnung: füllt die Mitte
board-option-flips = { $count ->
    [one] dreht 1 Stein um
   *[other] dreht { $count } Steine um
}
board-option-flips-line = { $count ->
    [one] dreht 1 nach { $direction } um
   *[other] dreht { $count } nach { $direction } um
}
button-resign = Aufgeben
button-start-cross = Das Kreuz
button-start-parallel = Parallel
button-rematch = Revanche
button-confirm-resign = Ja, aufgeben
button-confirm-end = Ja, beenden
button-confirm-delete = Meine Daten löschen
button-cancel = Abbrechen

## Richtungen, für das Umdrehen in nur einer Linie.

direction-n = Norden
direction-ne = Nordosten
direction-e = Osten
direction-se = Südosten
direction-s = Süden
direction-sw = Südwesten
direction-w = Westen
direction-nw = Nordwesten

## Ergebnisse: der Stand des Siegers zuerst.

score-pair = { $first }:{ $second }
result-wins = { $winner } gewinnt mit { $score }
result-wins-tie-rule = { $winner } gewinnt durch die Gleichstandsregel, { $score }
result-draw = Unentschieden, { $score }
result-resignation = { $winner } gewinnt durch Aufgabe, { $score } auf dem Brett
result-timeout = { $winner } gewinnt auf Zeit ({ $loser } hat die Bedenkzeit überschritten), { $score } auf dem Brett
result-aborted = Partie abgebrochen: kein Ergebnis, keine Wertungsänderung
result-over = Partie vorbei
rating-change = { $player }: { $before } → { $after } ({ $delta })

## Das Bild: die Statusleiste und ihre Worte für Screenreader.

picture-to-move = am Zug
picture-passed = gepasst
picture-in-hand = übrig
picture-move-number = { $number ->
    [0] Anfang
   *[other] Zug { $number }
}
picture-counts = { $black-side } { $black }, { $white-side } { $white }.
picture-to-move-sentence = { $side } ist am Zug.
picture-result = Partie vorbei: { $result }.
picture-last-move = { $flipped ->
    [0] Letzter Zug { $square } von { $side }.
   *[other] Letzter Zug { $square } von { $side }, umgedreht: { $squares }.
}
picture-passed-sentence = { $side } musste passen.
picture-in-hand-sentence = Steine übrig: { $black-side } { $black }, { $white-side } { $white }.
picture-legal = Gültige Züge: { $squares }.
list-and = { $first } und { $last }

## Herausforderungen.

challenge-content-to = { $target }: { $challenger } fordert dich zu einer { $rated ->
    [yes] gewerteten
   *[no] ungewerteten
} Partie heraus.
challenge-content-open = { $challenger } fordert alle hier zu einer { $rated ->
    [yes] gewerteten
   *[no] ungewerteten
} Partie heraus: Drück auf „Annehmen“, um zu spielen.
challenge-content-rematch = { $target }: { $challenger } bietet dir eine Revanche an, eine { $rated ->
    [yes] gewertete
   *[no] ungewertete
} Partie mit getauschten Farben.
challenge-title-to = { $challenger } fordert { $target } heraus
challenge-title-open = Eine offene Herausforderung von { $challenger }
challenge-title-rematch = Ein Revanche-Angebot von { $challenger }
challenge-description = { $rated ->
    [yes] Gewertete
   *[no] Ungewertete
} Partie, { $rules }: { $sides }.
challenge-sides-black = { $challenger } spielt { $side } und beginnt
challenge-sides-white = { $challenger } spielt { $side }
challenge-sides-random = Die Farben werden beim Annehmen ausgelost
challenge-sides-japanese = die japanische Regel entscheidet die Farben: einer von euch, ausgelost, bestimmt, ob ein Gleichstand für { $black } oder für { $white } zählt, der andere wählt dann die Farbe
challenge-lapses = Die Herausforderung verfällt { $time }.
challenge-footer = Herausforderung #{ $id }
button-accept = Annehmen
button-decline = Ablehnen
challenge-withdrawn = { $player } hat die Herausforderung zurückgezogen.
challenge-declined = { $player } hat die Herausforderung von { $challenger } abgelehnt.
challenge-lapsed = Die Herausforderung von { $player } ist verfallen: Niemand hat sie rechtzeitig angenommen.

## Erinnerungen und Rückfragen.

reminder = { $player }, du bist in Partie #{ $id } am Zug (als { $side }). Deine Bedenkzeit endet { $time }, danach verlierst du auf Zeit.
resign-question = Partie #{ $id } aufgeben? Das lässt sich nicht rückgängig machen.
resign-question-moderator = Partie #{ $id } als Moderator beenden? Sie wird als abgebrochen gespeichert, ohne Wertungsänderung.

## Rangliste, Statistik, Verlauf.

leaderboard-title-global = Globale Rangliste: { $ladder }
leaderboard-title-server = Server-Rangliste: { $ladder }
ladder-custom = angepasste Regeln
ladder-sized = { $ladder } { $size }x{ $size }
leaderboard-line = { $rank }. { $player } — { $rating } ({ $wins }S { $losses }N { $draws }U)
leaderboard-you = ← du
leaderboard-you-of = ← du, von { $count }
leaderboard-empty = Noch keine gewerteten Partien. Spiel eine mit /herausfordern (gewertet: true).
leaderboard-unranked = Du stehst noch nicht in der Rangliste: Spiel eine gewertete Partie.
leaderboard-footer = Glicko-2-Wertungen; ? kennzeichnet eine vorläufige Wertung.
stats-title = Statistik von { $player }: { $ladder }
stats-scope-server = Dieser Server
stats-scope-global = Überall
stats-rating = { $rating }{ $provisional ->
    [yes] {" "}(vorläufig)
   *[no] {""}
}
stats-record = { $games ->
    [one] 1 gewertete Partie
   *[other] { $games } gewertete Partien
}: { $wins }S { $losses }N { $draws }U
stats-streak-wins = { $count ->
    [one] 1 Sieg in Folge
   *[other] { $count } Siege in Folge
}
stats-streak-losses = { $count ->
    [one] 1 Niederlage in Folge
   *[other] { $count } Niederlagen in Folge
}
stats-no-rated = Noch keine gewerteten Partien
stats-casual = Ungewertet gegen Menschen
stats-bot = Ungewertet gegen den Bot
stats-tournaments = Turniere
stats-tournament = Nr. { $id } { $name }: { $state ->
    [signup] angemeldet, bisher { $players } Spieler
    [running] { $place }. von { $players } in Runde { $round }
    [finished] { $place ->
        [1] 🥇 Sieger
        [2] 🥈 Zweiter
        [3] 🥉 Dritter
       *[other] { $place }.
    } von { $players }
    [withdrawn] zurückgezogen
   *[cancelled] abgesagt
}
stats-none = noch keine
stats-tally = { $wins }S { $losses }N { $draws }U
stats-head-to-head = { $player } gegen dich
history-title = Letzte Partien von { $player }
history-line = { $id } { $outcome ->
    [won] gewonnen
    [lost] verloren
    [drew] unentschieden
   *[aborted] abgebrochen
} als { $side } gegen { $opponent }{ $score } ({ $kind }, { $rules }{ $opening }) · { $time }
history-score = {" "}{ $score }
history-opening = {", "}„{ $name }“
history-empty = { $player } hat hier noch keine beendeten Partien.
history-footer = Exportiere eine mit /export partie:<id>
kind-rated = gewertet
kind-casual = ungewertet
kind-bot = gegen den Bot

## Export.

export-content = Partie #{ $id }: { $black } gegen { $white }, { $status }.
export-transcript = Zugfolge: { $transcript }
export-no-moves = (noch keine Züge)
export-live = wird noch gespielt
export-ggf-place = reversi-bot auf Discord
export-ggf-description = Die Partie im GGF-Format, für NBoard und andere Othello-Programme
export-gif-description = Eine Wiedergabe der Partie, ein Bild pro Zug

## /datenschutz: die Daten der Spieler in ihrer eigenen Hand.
player-deleted = Gelöschter Spieler
privacy-exported = Hier ist alles, was reversi-bot über dich speichert, als JSON-Datei: deine Partien, deine Wertungen und ihr Verlauf, deine Solospiele und Plätze in den Tagestabellen, die Analysen deiner Partien und deine Herausforderungen. Nur du siehst diese Nachricht. Um alles zu löschen, nutze /datenschutz löschen.
privacy-export-description = Alles, was reversi-bot über dich speichert, als JSON
privacy-delete-question = Alles löschen, was reversi-bot über dich speichert? Dein Name und deine Discord-ID werden aus allen Partien entfernt, die du gespielt hast, und aus jedem Turnier, in dem du gespielt oder das du veranstaltet hast, und aus jeder Abschlusstabelle einer Saison, in der du stehst: Deine Gegner behalten diese Partien und Tabellen, mit einem „Gelöschten Spieler“ an deiner Stelle; Anmeldungen zu noch nicht begonnenen Turnieren werden zurückgezogen. Deine Wertungen und ihr Verlauf, deine Solospiele und Plätze in den Tagestabellen, deine Rätselwertung und Rätselversuche und deine Herausforderungen werden gelöscht. Das lässt sich nicht rückgängig machen; mit /datenschutz exportieren bekommst du vorher eine Kopie.
privacy-deleted = Deine Daten sind gelöscht. In deinen Partien steht jetzt ein „Gelöschter Spieler“ an deiner Stelle. Wenn du den Bot wieder nutzt, fängt er mit dir bei null an.
privacy-kept = Es wurde nichts gelöscht.

## Einstellungen.

settings-title = Einstellungen dieses Servers
settings-title-saved = Einstellungen gespeichert
settings-typed-moves = Getippte Züge
settings-typed-on = an: Eine Nachricht wie d3 spielt den Zug
settings-typed-off = aus
settings-typed-unavailable = aus: Der Bot läuft ohne TYPED_MOVES; wer ihn betreibt, muss das zuerst einschalten
settings-deadline = Bedenkzeit pro Zug
settings-deadline-hours = { $hours ->
    [one] 1 Stunde pro Zug
   *[other] { $hours } Stunden pro Zug
}
settings-deadline-minutes = { $minutes ->
    [one] 1 Minute pro Zug
   *[other] { $minutes } Minuten pro Zug
}
settings-deadline-none = keine Frist
settings-theme = Brettdesign
settings-bot-level = Bot-Stufe für /bot
settings-bot-takebacks = Zugrücknahmen beim Bot
settings-bot-takebacks-lenient = Stufe 1 bis 3
settings-bot-takebacks-all = Jede Stufe
settings-language = Sprache
settings-language-auto = { $language } (die Sprache des Servers; ändern mit /einstellungen sprache)
settings-organisers = Turnierveranstalter
settings-organisers-role = Mitglieder von { $role } und wer den Server verwaltet
settings-organisers-managers = Mitglieder, die den Server verwalten
settings-footer = Neue Fristen gelten ab dem nächsten Zug jeder Partie. Mitglieder mit der Berechtigung „Server verwalten“ können das ändern.
theme-classic = Klassisch Grün
theme-ravensburger = Ravensburger Gold und Schwarz
theme-redblue = Rot und Blau
theme-dark = Dunkel
theme-colorblind = Für Farbenblinde geeignet

## Hilfe.

help-title = So spielst du Reversi / Othello
help-rules = Setze einen Stein so, dass er eine gerade Linie (waagerecht, senkrecht oder diagonal) gegnerischer Steine zwischen sich und einem anderen deiner Steine einschließt: Jede eingeschlossene Linie wird in deine Farbe umgedreht. Kannst du nichts einschließen, passt du automatisch. Kann keine Seite mehr ziehen, endet die Partie, und wer mehr Steine hat, gewinnt. { $first } beginnt. Die Felder heißen nach Spalte (Buchstabe) und Reihe (Zahl): a1 ist die Ecke oben links.
help-commands = Befehle
help-variants = Regelblätter
help-variants-text = Wähle ein Regelblatt mit regeln: Othello, Ravensburger (32 Steine je Seite, Gold beginnt, Gleichstand gewinnt der Zweite), Ravensburger für Kinder (nur eine Reihe wird umgedreht: nenne sie, c4:ne), Jacques & Sons, BrainKing oder den Ravensburger-Start (der erste Spieler wählt die Aufstellung). Jeden Teil ändern größe, start, umdrehen, steine, gleichstand und wertung.
help-levels = Die Stufen des Bots
help-levels-text = /bot 1 (Anfänger) bis 5 (Meister). Stufe 5 darf { $seconds } Sekunden pro Zug nachdenken und nutzt im Mittelspiel den größten Teil davon, um weiter vorauszurechnen; sie antwortet sofort, wenn ein Zug erzwungen oder das Ende ausgerechnet ist. Die unteren Stufen denken kürzer und rechnen weniger weit.
help-footer = Eine Partie pro Kanal: Eröffne einen Thread, um mehrere gleichzeitig zu spielen.

## Abgelehnt: was schiefging und was zu tun ist.

error-no-game = In diesem Kanal läuft keine Partie. Starte eine mit /herausfordern oder /bot, oder löse ein Rätsel mit /rätsel.
error-not-your-turn = Du bist nicht am Zug: { $player } ist dran.
error-not-your-choice = Diese Wahl trifft { $player }.
error-not-a-player = Du spielst in dieser Partie nicht mit.
error-channel-busy = In diesem Kanal läuft schon eine Partie. Spiel sie erst zu Ende oder eröffne einen Thread für eine neue.
error-rate-limited = Du bist etwas zu schnell für mich: Bitte warte { $seconds ->
        [one] eine Sekunde
       *[other] { $seconds } Sekunden
    } bis zum nächsten Befehl. Es wurde nichts ausgeführt.
error-too-many-challenges = Du hast schon { $count ->
        [one] eine offene Herausforderung
       *[other] { $count } offene Herausforderungen
    }, mehr gehen nicht auf einmal. Warte auf eine Antwort oder zieh eine mit ihrem Ablehnen-Knopf zurück, bevor du erneut herausforderst.
error-channel-game-limit = In diesem Kanal { $count ->
        [one] hat in der letzten Stunde schon eine Partie begonnen
       *[other] haben in der letzten Stunde schon { $count } Partien begonnen
    }, mehr nimmt er nicht. Spiel bitte in einem Thread oder einem anderen Kanal weiter oder komm etwas später wieder.
error-challenge-pending = In diesem Kanal gibt es schon eine offene Herausforderung. Warte auf eine Antwort oder eröffne einen Thread.
error-challenge-pending-from = { $player } hat in diesem Kanal eine offene Herausforderung: Nimm sie an, warte, bis sie verfällt, oder eröffne einen Thread für deine Partie.
error-challenge-yourself = Du kannst dich nicht selbst herausfordern. Probier /bot, um gegen mich zu spielen.
error-challenge-other-bot = { $player } ist ein Bot und kann nicht spielen. Um gegen mich zu spielen, nutze /bot.
error-challenge-closed = Diese Herausforderung ist nicht mehr offen.
error-challenge-not-for-you = Diese Herausforderung gilt { $player }.
error-challenge-open-decline = Diese Herausforderung ist für alle offen: Drück auf „Annehmen“, um sie anzunehmen. Nur { $player } kann sie zurückziehen.
error-own-challenge = Du kannst deine eigene Herausforderung nicht annehmen.
error-stale = Dieses Brett ist veraltet: Die Partie ist weitergegangen. Nutze das neueste Brett.
error-raced = Jemand anderes hat zuerst gezogen, daher wurde nichts geändert. Den aktuellen Stand zeigt dir /brett.
error-no-such-game = Es gibt keine Partie #{ $id }.
error-game-not-over = Partie #{ $id } wird noch gespielt.
error-nothing-to-export = In diesem Kanal gibt es noch keine Partie zum Exportieren. Gib eine Partie-ID an: /export partie:<id>
error-bot-thinking = Ich denke noch über meinen Zug nach. Einen Moment!
error-needs-manage-server = Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Einstellungen dieses Servers ändern.
error-settings-need-server = Einstellungen gehören zu einem Server: Nutze /einstellungen auf einem Server.
error-busy = Die Spieldatenbank ist gerade ausgelastet, deshalb wurde nichts geändert. Bitte versuch es gleich noch einmal.
error-delete-while-playing = Du spielst noch { $count ->
        [one] die Partie { $games }
       *[other] die Partien { $games }
    }. Spiel sie zu Ende oder gib mit /aufgeben in { $count ->
        [one] ihrem Kanal
       *[other] ihren Kanälen
    } auf, dann frag noch einmal.
error-not-your-confirmation = Diese Frage gilt jemand anderem: Nur diese Person kann sie beantworten.
error-internal = Bei mir ist etwas schiefgegangen. Deine Partie ist sicher; bitte versuch es gleich noch einmal.
error-legal-moves = Gültige Züge: { $moves }.
error-legal-moves-more = Gültige Züge: { $moves } und { $more } weitere.

## Felder und Züge, die nicht gespielt werden können.

error-empty = Gib ein Feld ein, zum Beispiel d3.
error-not-a-square = „{ $text }“ ist kein Feld: Schreib einen Spaltenbuchstaben und eine Zeilennummer, zum Beispiel d3.
error-no-such-row = { $text } ist kein Feld: Die Zeilen sind ab 1 nummeriert.
error-off-board = { $text } liegt nicht auf dem { $size }x{ $size }-Brett: Spalten a–{ $last-column }, Zeilen 1–{ $size }.
error-not-a-direction = „{ $text }“ ist keine Richtung: Nutze n, ne, e, se, s, sw, w oder nw (englische Abkürzungen: e = Osten, w = Westen).
error-game-over = Die Partie ist vorbei.
error-occupied = { $square } ist schon besetzt.
error-flips-nothing = { $square } dreht nichts um: Ein Zug muss gegnerische Steine zwischen dem neuen Stein und einem deiner Steine einschließen.
error-must-fill-centre = { $square } ist noch nicht erlaubt: Die ersten vier Steine füllen die Mittelfelder ({ $squares }).
error-start-not-chosen = Das Spiel hat noch nicht begonnen: Der erste Spieler wählt mit den Knöpfen unter dem Brett die Startaufstellung (Kreuz oder parallel).
error-line-required = { $square } schließt Steine in mehreren Linien ein ({ $lines }): Gib an, welche umgedreht wird, zum Beispiel { $example }.
error-line-flips-nothing = { $move } dreht nichts um: Dieser Zug schließt nur diese Linien ein: { $lines }.
error-line-not-needed = { $square } braucht keine Linie: Schreib nur das Feld.

## Die Konsole.

console-welcome = reversi-bot-Konsole: Spiel an dieser Tastatur gegen den Bot oder gegen jemanden neben dir. Gib /help ein, um die Befehle zu sehen.
console-database = Die Partien stehen in { $file } (eine andere Datei mit --database-url; die DATABASE_URL des Bots bleibt unberührt).
console-thinking = Denke nach…
console-wrote = ({ $path } geschrieben)
console-no-control = Ein Bedienelement { $control } gibt es nicht: die Nummern stehen unter den Antworten (#14.2 ist das zweite der Antwort 14).
console-no-choice = { $choice } steht nicht in diesem Menü: wähle { $choices }.
console-menu-needs-choice = { $control } ist ein Menü: schreib deine Wahl dahinter, eines von { $choices }.
console-help-button = Ein Bedienelement unter der letzten Antwort drücken (1, 2, …) oder unter einer älteren (#14.2); nach der Nummer eines Menüs deine Wahl (3 d3)
console-help-options = Optionen mit Namen (partie:12, regeln:ravensburger) oder, wo es eindeutig ist, nach Stelle (/export 12, /bot 3 weiß); Namen und Auswahl in jeder unserer Sprachen.
console-press = { $number }: { $label }
console-help-local = Zwei Spieler an dieser Tastatur
console-help-move = Einen Zug spielen (es zieht, wer am Zug ist)
console-help-quit = Die Konsole verlassen
console-player = Spieler { $number }
console-thread = — { $name } —
console-back = — Zurück am eigenen Tisch der Konsole —
console-to-move = { $side } ist am Zug
console-legal = gültige Züge sind mit + markiert

japanese-tie-ask = Die japanische Regel: Ausgelost ist { $decider } und bestimmt, ob ein Gleichstand als Sieg für { $black } oder für { $white } zählt; danach wählt { $chooser } die Farbe.
japanese-color-ask = { $decider } hat bestimmt: Ein Gleichstand zählt als Sieg für { $side }. { $chooser }, wähle deine Farbe.
button-japanese-tie = Gleichstand gewinnt { $side }
button-japanese-color = Ich spiele { $side }
event-japanese = Die japanische Regel: { $decider } hat bestimmt, dass ein Gleichstand für { $tie } zählt, und { $chooser } hat { $side } gewählt.

## Reiner Knizias Solospiel.

solo-gold = Gold
solo-black = Schwarz
solo-move = { $square } { $color }
solo-tile = { $color } { $number }
solo-tile-blank = { $color } leer
solo-title = Solospiel · { $deal }
solo-title-deal = Verteilung { $seed }
solo-title-daily = Tagesspiel { $day }
solo-started = { $player }, dein Solospiel: Setze einen goldenen oder schwarzen Stein auf ein freies Feld, sodass er Steine der anderen Farbe einschließt oder ein Plättchen gewinnt. Ein einzelnes offenes Plättchen zwischen dem neuen Stein und einem Stein seiner Farbe ist gewonnen; Plättchen neben dem neuen Stein werden aufgedeckt. Wähle unten einen Zug oder tippe ihn, zum Beispiel d3 Gold.
solo-played = { $player } setzt { $move }.
solo-flipped = { $count ->
    [one] Ein Stein wird umgedreht.
   *[other] { $count } Steine werden umgedreht.
}
solo-turned-up = Aufgedeckt: { $tiles }.
solo-won = Gewonnen: { $tiles }!
solo-score = { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
} · Wert { $value }
solo-score-doubled = { $tiles } Plättchen · Wert { $value } ({ $sum } verdoppelt: alle vier leeren)
solo-over-all-won = Alle Plättchen sind gewonnen!
solo-over-no-move = Es lässt sich kein Stein mehr setzen.
solo-over-shut-in = Die übrigen Plättchen sind eingeschlossen: keines kann mehr gewonnen werden.
solo-over-stopped = { $player } hat aufgehört.
solo-banner = Spielende: { $score }
solo-daily-practice = Nur dein erstes beendetes Tagesspiel zählt: dieses war Übung.
solo-daily-counted = Dein erstes beendetes Tagesspiel heute: es zählt.
solo-daily-place-server = Platz { $place } von { $players } auf diesem Server.
solo-daily-place-global = Platz { $place } von { $players } insgesamt.
solo-field-score = Wertung
solo-field-left = Plättchen übrig
solo-left = { $left } ({ $down } verdeckt)
solo-field-moves = Züge
solo-footer = Reiner Knizias Solospiel aus der Ravensburger Spielregel · /solo tipp schlägt einen Zug vor
solo-footer-over = Reiner Knizias Solospiel aus der Ravensburger Spielregel · die übrigen Plättchen liegen offen · /solo gibt ein neues Spiel
solo-tray = Gewonnen
solo-legend = X goldener Stein · O schwarzer Stein · # verdecktes Plättchen · g7, b7 offenes goldenes oder schwarzes Plättchen (g_, b_ leer)
solo-alt = Brett des Solospiels: { $gold } goldene und { $black } schwarze Steine, { $down } Plättchen verdeckt, { $up } offen, { $won } gewonnen.
solo-option-wins = gewinnt { $tiles }
solo-option-turns-up = { $count ->
    [one] deckt ein Plättchen auf
   *[other] deckt { $count } Plättchen auf
}
solo-option-flips = { $count ->
    [one] dreht einen Stein um
   *[other] dreht { $count } Steine um
}
solo-menu-gold = Ein goldener Stein ({ $count } Züge)
solo-menu-black = Ein schwarzer Stein ({ $count } Züge)
solo-button-hint = Tipp
solo-button-stop = Hier aufhören
solo-hint = Versuch { $move }.
solo-hint-wins = { $count ->
    [one] Er gewinnt sofort ein Plättchen.
   *[other] Er gewinnt sofort { $count } Plättchen.
}
solo-hint-turns-up = { $count ->
    [one] Er deckt ein Plättchen auf.
   *[other] Er deckt { $count } Plättchen auf.
}
solo-table-title = Tagesspiel { $day }
solo-table-how = Heute bekommen alle dieselbe Verteilung: /solo tagesspiel teilt sie aus.
solo-table-server = Dieser Server
solo-table-global = Alle
solo-table-empty = Noch niemand hat das heutige Spiel beendet.
solo-table-line = { $place }. { $player }: { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
}, Wert { $value }
solo-table-footer = Es zählt das erste beendete Tagesspiel jedes Spielers. Jeden Tag um Mitternacht UTC eine neue Verteilung.
error-no-solo-game = Du hast kein Solospiel in diesem Kanal: /solo beginnt eines.
error-solo-live = Du hast schon ein Solospiel in diesem Kanal: /solo zeigt es wieder; spiel weiter oder beende es mit /solo stopp.
error-not-your-solo-game = Das ist das Solospiel von { $player }: /solo beginnt dein eigenes.
error-solo-missing-color = Sag, welche Farbe der Stein zeigt, Gold oder Schwarz, zum Beispiel d3 Gold.
error-solo-not-a-color = „{ $word }“ ist keine Farbe: die Steine sind golden oder schwarz.
error-solo-game-over = Dieses Solospiel ist vorbei: /solo beginnt ein neues.
error-solo-off-board = { $square } liegt nicht auf dem Brett: Spalten a-h, Reihen 1-8.
error-solo-occupied = Auf { $square } liegt schon ein Stein.
error-solo-on-tile = Auf { $square } liegt ein Plättchen: ein Stein kommt auf ein freies Feld.
error-solo-traps-nothing = { $color ->
    [gold] Ein goldener
   *[black] Ein schwarzer
} Stein auf { $square } schließt keinen { $other ->
    [gold] goldenen
   *[black] schwarzen
} Stein ein und gewinnt kein Plättchen.
console-help-solo = Ein Zug im Solospiel: Feld und Farbe

## Der Trainer: Analysen und Bewertungen.
review-title = Analyse der Partie #{ $id }: { $black } gegen { $white }
review-opening = Eröffnung „{ $name }“ (der englische Name)
review-how-exact = Jeder Zug exakt ausgerechnet: die Verluste sind die des perfekten Spiels.
review-how-both = Bewertet mit einer Suche { $depth } Halbzüge tief und ab Zug { $from } exakt ausgerechnet.
review-how-search = Bewertet mit einer Suche { $depth } Halbzüge tief (die Partie endete zu früh, um sie auszurechnen).
review-accuracy = Durchschnittlicher Verlust: { $loss } Steine pro Zug
review-no-moves = Kein Zug gemacht, also nichts zu bewerten
review-no-mistakes = Kein Zug kostete { $discs } Steine oder mehr.
review-mistake = { $number }. { $played } statt { $best }: { $discs ->
    [one] ein Stein
   *[other] { $discs } Steine
} verloren.
review-mistake-again = { $number }. { $played } statt { $best }: { $discs ->
    [one] ein Stein
   *[other] { $discs } Steine
} verloren, wieder { $ideas }.
review-footer = Verluste in Steinen gegenüber dem besten Zug des Programms. Der Verlauf zeigt die Bewertung bei bestem Spiel aus Sicht von { $side }; die genannten Züge sind darin markiert.
review-chart-title = Bewertung bei bestem Spiel
review-chart-side = { $side }: { $player }
review-chart-exact = exakt
review-chart-moves = Zug
review-chart-alt = Verlauf der Bewertung bei bestem Spiel, Zug für Zug, aus Sicht von { $side }: { $start } zu Beginn, { $end } am Ende. { $count ->
    [0] Kein Fehler markiert.
    [one] Markiert: Zug { $moves }.
   *[other] Markiert: Züge { $moves }.
}
motif-corner-given = Er gab die Ecke { $corner } über das { $kind ->
    [x] X-Feld
   *[c] C-Feld
} { $via } her: der Gegner { $how ->
    [now] kann sie sofort nehmen
    [forced] kann sie innerhalb von zwei Zügen erzwingen
   *[threatened] kann sie mit seinem nächsten Zug bedrohen
}.
motif-wall = Er baute eine Mauer aus Steinen an den leeren Feldern: weniger Züge für den Spieler, mehr für den Gegner.
motif-quiet-move = Der beste Zug war ein leiser Zug: wenige Steine gedreht, alle im Inneren, nichts Neues geöffnet.
motif-parity = Er verlor die Parität: er spielte in eine gerade Region leerer Felder, während der beste Zug den letzten Zug einer ungeraden nahm.
motif-unbalanced-edge = Er hinterließ einen unausgewogenen Rand { $edge ->
    [north] oben
    [south] unten
    [west] links
   *[east] rechts
}, den der Gegner angreifen kann.
motif-stoner-trap = Er lief in eine Stoner-Falle am Rand { $edge ->
    [north] oben
    [south] unten
    [west] links
   *[east] rechts
}: der Gegner kann die Ecke erzwingen.
motif-edge-given = Er öffnete dem Gegner bei { $at } den { $edge ->
    [north] oberen
    [south] unteren
    [west] linken
   *[east] rechten
} Rand: { $wedge ->
    [yes] Der Gegner kann sich dort zwischen zwei Steine des Spielers setzen.
   *[no] Der Gegner kann dort Steine des Spielers entlang des Randes drehen.
}
motif-stable = Der beste Zug hätte { $best } Steine des Spielers stabil gemacht, sodass sie nie mehr gedreht werden können; dieser Zug { $played ->
    [0] keinen
   *[other] nur { $played }
}.
motif-mobility = Danach hatte der Gegner { $theirs ->
    [0] keinen Zug
    [one] einen Zug
   *[other] { $theirs } Züge
} und der Spieler { $mine ->
    [0] keinen
    [one] einen
   *[other] { $mine }
}; nach dem besten Zug wären es { $best-theirs } und { $best-mine } gewesen. Wer weniger Züge hat, hat weniger gute.
motif-potential-mobility = Danach lagen { $played } leere Felder neben Steinen des Spielers, nach dem besten Zug nur { $best }: Jedes davon kann dem Gegner einen Zug geben.
motif-frontier = Danach hatte der Spieler { $played } Steine neben leeren Feldern, nach dem besten Zug nur { $best }: Solche Frontsteine geben dem Gegner Züge.
motif-seen = { $idea } (siehe Zug { $number })
motif-name-corner-given = eine hergegebene Ecke
motif-name-edge-given = ein dem Gegner geöffneter Rand
motif-name-unbalanced-edge = ein unausgewogener Rand
motif-name-stoner-trap = eine Stoner-Falle
motif-name-parity = verlorene Parität
motif-name-wall = eine Mauer
motif-name-stable = weniger stabile Steine
motif-name-mobility = verlorene Beweglichkeit
motif-name-potential-mobility = mehr leere Felder neben Steinen des Spielers
motif-name-quiet-move = ein verpasster leiser Zug
motif-name-frontier = mehr Frontsteine
analysis-title-game = Partie #{ $id } nach { $moves ->
    [one] einem Zug
   *[other] { $moves } Zügen
}: { $player } am Zug
analysis-title-position = Eine Stellung mit { $empties ->
    [one] einem leeren Feld
   *[other] { $empties } leeren Feldern
}: { $player } am Zug
analysis-title-transcript = Nach { $moves ->
    [one] einem Zug
   *[other] { $moves } Zügen
}: { $player } am Zug
analysis-line = { $square } { $score }{ $exact ->
    [yes] {""}
   *[other] {" "}(geschätzt)
}
analysis-footer = Die Bewertung jedes Zuges ist der Steinunterschied am Ende für { $side } bei bestem Spiel danach; exakt, wenn nicht als geschätzt markiert.
analysis-alt = Brett mit der Bewertung jedes möglichen Zuges für { $player }; am besten: { $best }.
button-review = Analyse
error-nothing-to-review = In diesem Kanal gibt es noch keine beendete Partie. Gib eine Partie-ID an: /partieanalyse partie:<id>
error-review-unsupported = Das Programm analysiert Partien auf 8x8, in denen alle Linien umgedreht werden und die Steine nie ausgehen; die Regeln dieser Partie ({ $rules }) kann es nicht durchsuchen.
error-analysis-rated = Während du eine gewertete Partie spielst, und in einem Kanal mit einer solchen, gibt es keine Bewertungen, damit niemand während einer Partie Hilfe bekommt. Nach dem Ende der Partie geht es wieder.
error-bad-transcript = { $transcript } ist weder eine Partie vom Anfang noch ein Brett: schreibe die Züge hintereinander, etwa f5d6c3, oder die 64 Felder von a1 bis h8 (X schwarz, O weiß, - leer) und X oder O für die Seite am Zug.
error-position-length = { $position } hat { $count ->
    [one] ein Feld
   *[other] { $count } Felder
}, ein Brett aber 64: schreibe sie Reihe für Reihe von a1 bis h8 (X schwarz, O weiß, - leer), dann X oder O für die Seite am Zug.
error-position-side = { $position } endet nicht mit der Seite am Zug: schreibe nach den 64 Feldern X, wenn Schwarz zieht, oder O, wenn Weiß zieht.
error-transcript-illegal = In { $transcript } kann Zug { $number } ({ $move }) nicht gespielt werden: { $why }
error-transcript-bad-move = In { $transcript } ist Zug { $number } kein Zug: { $why }
error-option-unknown-command = Einen Befehl { $command } gibt es nicht. Mit /hilfe siehst du alle Befehle.
error-option-unknown = { $command } hat keine Option { $option }. Seine Optionen: { $options }.
error-option-none = { $command } nimmt nichts dahinter, mit { $value } kann er nichts anfangen.
error-option-no-option-for = Keine Option von { $command } nimmt { $value }. Seine Optionen: { $options }.
error-option-bad-value = { $value } passt nicht zu { $option } von { $command }: erlaubt ist { $accepts }.
error-option-repeated = { $option } steht zweimal da: gib es nur einmal an.
error-option-missing = { $command } braucht { $option }: { $accepts }.
error-option-only-with = { $option } geht nur zusammen mit { $other } { $choice }.
error-option-exclusive = Gib { $option } oder { $other } an, nicht beides.
option-accepts-integer = eine ganze Zahl von { $min } bis { $max }
option-accepts-integer-from = eine ganze Zahl ab { $min }
option-accepts-boolean = ja oder nein
option-accepts-user = ein Spieler
option-accepts-role = eine Rolle
option-accepts-text = ein Text
error-no-such-move = Die Partie #{ $id } hat { $count ->
    [one] einen Zug
   *[other] { $count } Züge
}: gib eine Zugnummer von 0 bis { $count } an.
error-nothing-to-analyse = In dieser Stellung kann niemand ziehen: dort ist die Partie zu Ende.

## Turniere.
error-tournament-needs-server = Turniere finden auf einem Server statt: Nutze /turnier dort.
error-no-tournament = Auf diesem Server ist kein Turnier zur Anmeldung offen oder im Gange. Veranstalter legen eines mit /turnier aktion:anlegen an.
error-no-such-tournament = Dieser Server hat kein Turnier Nr. { $id }.
error-not-organiser = Das darf nur der Veranstalter des Turniers, ein Mitglied mit der Berechtigung „Server verwalten“ oder eines mit der Veranstalterrolle des Servers.
error-tournament-needs-name = Ein Turnier braucht einen Namen: Ergänze name:… bei /turnier aktion:anlegen.
error-already-entered = Du bist diesem Turnier schon beigetreten.
error-tournament-full = Dieses Turnier ist voll: Es nimmt { $max } Spieler auf.
error-tournament-closed = Dieses Turnier nimmt keine Anmeldungen mehr an.
error-not-entered = Diese Person spielt in diesem Turnier nicht mit.
error-too-few-players = Ein Turnier braucht mindestens zwei Spieler, um zu beginnen.
error-tournament-not-running = Das geht jetzt nicht: Das Turnier läuft nicht (oder ist schon pausiert oder fortgesetzt).
tournament-title = 🏆 { $name } (Nr. { $id })
tournament-bot = { $name } ({ $level })
tournament-format = { $format ->
    [round-robin] Rundenturnier
    [double-round-robin] Doppeltes Rundenturnier
    [knockout] K.-o.-System
   *[swiss] Schweizer System
}{ $rounds ->
    [0] {""}
    [one] , eine Runde
   *[other] , { $rounds } Runden
}
tournament-rated = Gewertet: Die Partien zählen für die Rangliste.
tournament-unrated = Ungewertet.
tournament-move-time = { $minutes ->
    [one] Eine Minute pro Zug.
   *[other] { $minutes } Minuten pro Zug.
}
tournament-organiser = Veranstalter: { $player }
tournament-players = Spieler ({ $count } von { $max })
tournament-nobody = Noch niemand.
tournament-more = und { $count } weitere
tournament-card-signup = Tritt mit dem Knopf bei oder mit /turnier aktion:beitreten nummer:{ $id }. Der Veranstalter startet es.
tournament-card-running = Runde { $round } von { $rounds } wird gespielt.
tournament-card-finished = Beendet.
tournament-card-cancelled = Abgesagt.
button-tournament-join = Beitreten
button-tournament-leave = Verlassen
button-tournament-start = Starten
tournament-list-title = Turniere auf diesem Server
tournament-list-line = Nr. { $id } { $name }: { $format }, { $players ->
    [one] ein Spieler
   *[other] { $players } Spieler
}, { $state ->
    [signup] Anmeldung offen
    [running] Runde { $round } von { $rounds }
    [paused] pausiert in Runde { $round }
    [finished] beendet
   *[cancelled] abgesagt
}
tournament-list-empty = Noch keine Turniere. Veranstalter legen eines mit /turnier aktion:anlegen an.
tournament-list-footer = /turnier aktion:tabelle nummer:… zeigt die Tabelle eines Turniers.
tournament-round-title = { $name }: Runde { $round } von { $rounds }
tournament-board = Brett { $board }: { $black } (Schwarz) gegen { $white } (Weiß)
tournament-bye = { $player } hat spielfrei: ein Sieg, 32 zu 0 Steine.
tournament-forfeit = { $winner } gewinnt kampflos: { $loser } hat sich zurückgezogen.
tournament-round-footer = { $format ->
    [knockout] Jede Partie hat einen eigenen Thread. Ein Duell sind zwei Partien mit getauschten Farben; bei Gleichstand folgen Entscheidungspartien, bis eine gewonnen ist.
   *[other] Jede Partie hat einen eigenen Thread. Die nächste Runde wird ausgelost, sobald alle Partien vorbei sind.
}
tournament-standings-title = { $name }: Tabelle nach Runde { $round } von { $rounds }
tournament-standings-live-title = { $name }: Tabelle während Runde { $round } von { $rounds }
tournament-final-title = { $name }: Endstand
tournament-standing = { $rank }. { $player }: { $points } { $plural ->
    [one] Punkt
   *[other] Punkte
} ({ $wins }–{ $draws }–{ $losses }), Brightwell { $brightwell }, Steine { $discs }{ $withdrawn ->
    [yes] , zurückgezogen
   *[no] {""}
}
tournament-standings-footer = { $format ->
    [knockout] Die Spieler stehen danach, wie weit sie gekommen sind, dann nach Punkten, Brightwell-Quotient und Steindifferenz.
   *[other] Bei Punktgleichheit entscheidet der Brightwell-Quotient, dann die Steindifferenz, wie bei der Othello-Weltmeisterschaft.
}
tournament-podium = Siegertreppchen
tournament-podium-line = { $place ->
    [1] 🥇 Sieger
    [2] 🥈 Zweiter Platz
   *[3] 🥉 Dritter Platz
}: { $player } mit { $points } { $plural ->
    [one] Punkt
   *[other] Punkten
}
tournament-picture-description = Die Tabelle von { $name }: Platz, Spieler, Partien, Punkte und Feinwertungen
tournament-picture-withdrawn = zurückgezogen
tournament-picture-final = Endstand
tournament-picture-round = Nach Runde { $round } von { $rounds }
tournament-picture-live = Während Runde { $round } von { $rounds }
tournament-picture-rank = Pl.
tournament-picture-player = Spieler
tournament-picture-games = Sp.
tournament-picture-points = Pkt.
tournament-picture-brightwell = BQ
tournament-picture-discs = Steine
tournament-picture-footnote = { $format ->
    [knockout] Nach erreichter Runde; dann Brightwell-Quotient (BQ) und Steine.
   *[other] Gleichstand: Brightwell-Quotient (BQ), dann die Steindifferenz.
}
tournament-thread = { $name } · Runde { $round }, Brett { $board }: { $black } – { $white }
tournament-game-intro = { $name }, Runde { $round }, Brett { $board }: { $black } spielt Schwarz gegen { $white }. Viel Erfolg!
tournament-withdrawn = { $player } { $started ->
    [yes] hat sich aus { $name } zurückgezogen: keine weiteren Partien, und eine noch offene Partie ist verloren.
   *[no] hat { $name } verlassen.
}
tournament-paused = { $name } ist pausiert: Bis zur Fortsetzung wird keine Runde ausgelost.
tournament-resumed = { $name } geht weiter.
tournament-export = { $name }: { $games ->
    [one] seine Partie
   *[other] seine { $games } Partien
} als eine GGF-Datei und die Kreuztabelle als Text.
tournament-export-place = reversi-bot, { $name }, Runde { $round }, Brett { $board }, Partie { $game }
tournament-export-table-description = Die Kreuztabelle: Plätze, Punkte, Feinwertungen und das Ergebnis jeder Runde
tournament-export-round = R{ $round }
tournament-export-legend = Je Runde: + Sieg, = remis, - Niederlage, dann die Zeile und Farbe des Gegners (b Schwarz, w Weiß); F: kampflos entschieden; +BYE: spielfrei (ein Sieg, 32-0).
tournament-cancelled = { $name } ist abgesagt.
error-start-in-past = Dieser Beginn ist schon vorbei: Gib einen in der Zukunft an, oder lass beginn weg und starte es selbst.
error-result-incomplete = Um ein Ergebnis zu setzen, nenne den Spieler und sein Ergebnis: /turnier aktion:ergebnis spieler:@jemand ergebnis:Sieg (oder Niederlage, oder remis).
error-no-game-to-decide = Dieser Spieler hat in Runde { $round } dieses Turniers keine Partie mehr, die zu entscheiden wäre.
tournament-round-time = { $hours ->
    [one] Eine Stunde pro Runde: Dann noch offene Partien verliert auf Zeit, wer am Zug ist.
   *[other] { $hours } Stunden pro Runde: Dann noch offene Partien verliert auf Zeit, wer am Zug ist.
}
tournament-starts = Beginnt { $when }.
tournament-log = Protokoll des Veranstalters
tournament-log-line = { $when }: { $actor } { $action ->
    [started] hat das Turnier gestartet
    [paused] hat es pausiert
    [resumed] hat es fortgesetzt
    [removed] hat { $subject } herausgenommen
    [result] hat das Ergebnis von Partie { $game } gesetzt: { $result ->
        [black] Sieg für Schwarz
        [white] Sieg für Weiß
       *[draw] remis
    }
   *[cancelled] hat es abgesagt
}
tournament-match = Duell { $board }: { $black } gegen { $white } ({ $black } hat in der ersten Partie Schwarz)
tournament-decider = { $name }, Runde { $round }, Duell { $board } steht unentschieden: Entscheidungspartie { $game }, { $black } spielt Schwarz gegen { $white }.
tournament-adjudicated = { $name }, Runde { $round }, Brett { $board }: Der Veranstalter hat das Ergebnis gesetzt, { $result ->
    [black] { $black } (Schwarz) gewinnt gegen { $white }
    [white] { $white } (Weiß) gewinnt gegen { $black }
   *[draw] remis zwischen { $black } und { $white }
}.

## Ranglisten-Saisons.

season-current-word = aktuell
season-title-running = Saison { $season } bisher: { $ladder }
season-title-closed = Saison { $season }, Abschlusstabelle: { $ladder }
season-line = { $rank }. { $player } — { $rating } ({ $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
})
season-empty-running = In dieser Saison hat noch niemand { $min } gewertete Partien auf diesem Server gespielt.
season-empty-closed = Niemand hat in dieser Saison die nötigen { $min } gewerteten Partien gespielt.
season-your-games = Du hast in dieser Saison { $games ->
    [one] { $games } gewertete Partie
   *[other] { $games } gewertete Partien
} gespielt: Mit { $min } stehst du in der Tabelle.
season-your-games-enough = Du hast in dieser Saison { $games } gewertete Partien gespielt: genug für die Tabelle.
season-footer-running = Nach Wertung geordnet, unter allen mit mindestens { $min } gewerteten Partien auf diesem Server in dieser Saison. Sie endet am { $end }; die Wertungen gehen in die nächste über.
season-footer-closed = Nach der Wertung am Saisonende ({ $end }) geordnet, unter allen mit mindestens { $min } gewerteten Partien auf diesem Server in dieser Saison.
season-closed-title = 🏆 Die Saison { $season } ist vorbei!
season-closed-champion = { $player } gewinnt { $ladder } mit einer Wertung von { $rating }.
season-closed-podiums = Saison { $season }: Podium
season-closed-footer = Nach der Wertung am Saisonende geordnet, unter allen mit mindestens { $min } gewerteten Partien auf diesem Server. Die ganze Tabelle: /rangliste saison:{ $season }. Die Wertungen gehen in die nächste Saison über.
leaderboard-season-running = Die Saison { $season } läuft bis { $end }: /rangliste saison:aktuell zeigt ihre Tabelle.
settings-season = Saisons
settings-season-off = aus
settings-season-on = { $cadence ->
    [monthly] monatlich
   *[quarterly] vierteljährlich
}: Die Saison { $season } endet am { $end }; die Sieger werden in dem Kanal verkündet, in dem die Saisons eingeschaltet wurden
error-not-offered-here-dm = { $command } geht auf einem Server oder in deiner DM mit mir, nicht in diesem Chat.
error-not-offered-here-chat = { $command } braucht jemanden zum Spielen: Nutze es auf einem Server oder in einem Gruppenchat oder einer DM mit der Person.
error-not-offered-here-server = { $command } gehört zu einem Server: Nutze es dort.
error-bot-not-in-server = Ich bin nicht auf diesem Server und kann hier nicht spielen. Bitte jemanden, der ihn betreibt, mich hinzuzufügen, oder spiel in deiner DM mit mir oder in einem Gruppenchat.
error-not-in-chat = { $player } ist nicht in diesem Chat: Fordere jemanden heraus, der hier ist.
error-watch-in-its-channel = Partie #{ $id } wird in diesem Kanal gespielt: /brett zeigt sie.
error-game-private = Partie #{ $id } ist privat: Man kann sie nur in ihrem eigenen Kanal verfolgen.
error-watch-over = Partie #{ $id } ist zu Ende: /export und /partieanalyse zeigen sie.
error-watch-already = Ein Live-Brett der Partie #{ $id } ist schon in diesem Kanal.
error-live-board-stopped = Dieses Brett folgt seiner Partie nicht mehr.
error-not-your-live-board = Nur { $player }, der dieses Brett bestellt hat, oder wer den Server verwaltet, kann es beenden.
error-takeback-rated = Zugrücknahmen gibt es nur in freundschaftlichen Partien: Diese ist gewertet.
error-takeback-tournament = In Turnierpartien gibt es keine Zugrücknahmen.
error-nothing-to-take-back = Du hast noch nicht gezogen: Es gibt nichts zurückzunehmen.
error-takeback-after-reply = { $player } hat schon geantwortet: Nur dein letzter Zug vor der Antwort kann zurückgenommen werden.
error-bot-refuses-takeback = Auf Stufe { $level } erlaube ich auf diesem Server keine Zugrücknahmen (/einstellungen bot_zurücknahmen).
error-own-takeback = Du hast um diese Zugrücknahme gebeten: { $player } entscheidet.
error-takeback-answered = Diese Zugrücknahme ist schon beantwortet.
error-takeback-lapsed = Zu spät: Inzwischen wurde gezogen, die Zugrücknahme ist verfallen.
error-season-needs-server = Saisons gehören zu einem Server: Nutze /rangliste saison: auf einem Server.
error-seasons-off = Dieser Server hat keine Saisons. Mitglieder mit der Berechtigung „Server verwalten“ schalten sie mit /einstellungen saison ein.
error-bad-season = { $season } ist keine Saison: Nenne einen Monat wie 2026-10, ein Quartal wie 2026-Q4 oder aktuell.
error-no-such-season = Die Saison { $season } ist auf diesem Server nicht abgeschlossen worden. Abgeschlossene Saisons: { $closed }.
error-no-such-season-none = Die Saison { $season } ist auf diesem Server nicht abgeschlossen worden, und hier ist noch keine Saison abgeschlossen.

## Rätsel: Stellungen, deren Lösung der exakte Löser bewiesen hat.

puzzle-title = Rätsel #{ $number }
puzzle-title-streak = Rätsel #{ $number } · Serie, Rätsel { $streak }
puzzle-title-daily = Rätsel des Tages { $day } · #{ $number }
puzzle-opponent = Rätsel
puzzle-to-play = { $side } am Zug · { $empties ->
    [one] 1 freies Feld
   *[other] { $empties } freie Felder
}
puzzle-task-win = Finde einen Zug, der gewinnt.
puzzle-task-best = Finde den besten Zug: den, der das beste Ergebnis hält.
puzzle-task-corner = Gewinne die Ecke: finde den besten Zug.
puzzle-task-sweep = Abräumen: finde den Zug, der dem Gegner keinen einzigen Stein lässt.
puzzle-task-line = Finde die beste Zugfolge: { $steps } Züge, und der Bot antwortet jeweils mit dem besten Gegenzug.
puzzle-hint = Tipp: { $themes }.
puzzle-theme-corner = eine Ecke
puzzle-theme-edge = ein Randzug
puzzle-theme-parity = Parität (spiel in eine ungerade Region)
puzzle-theme-tempo = Tempo (ein ruhiger oder abwartender Zug)
puzzle-theme-sweep = alles abräumen
puzzle-theme-stoner = eine Stoner-Falle, die zu meiden ist
puzzle-theme-only-move = der einzige Zug
puzzle-theme-none = keine benannte Idee: zähl es aus
puzzle-value-win = { $discs ->
    [one] einem Sieg mit 1 Stein
   *[other] einem Sieg mit { $discs } Steinen
}
puzzle-value-draw = einem Unentschieden
puzzle-value-loss = { $discs ->
    [one] einer Niederlage mit 1 Stein
   *[other] einer Niederlage mit { $discs } Steinen
}
puzzle-right-go-on = ✅ { $square } ist richtig: Bei bestem Spiel führt es zu { $value }. Der Bot antwortet { $reply }: Du bist wieder am Zug.
puzzle-solved = ✅ Gelöst! { $square } führt bei bestem Spiel zu { $value }, besser geht es nicht.
puzzle-missed = ❌ Diesmal nicht: { $square } führt zu { $value }; der beste Zug, { $best }, führt zu { $best-value }.
puzzle-gave-up = Du hast dieses Rätsel aufgegeben.
puzzle-solution = Lösung: { $line } (führt zu { $value }).
puzzle-reply-mark = { $square } (Antwort)
puzzle-themes = Ideen: { $themes }.
puzzle-rating-change = Deine Rätselwertung: { $before } → { $after } ({ $change }).
puzzle-not-rated = Nicht gewertet: Nur dein erster Versuch an einem Rätsel zählt für deine Rätselwertung.
puzzle-streak-so-far = { $solved ->
    [0] Serie: noch kein Rätsel gelöst. Ein Fehler beendet sie.
    [one] Serie: bisher 1 gelöst. Ein Fehler beendet sie.
   *[other] Serie: bisher { $solved } gelöst. Ein Fehler beendet sie.
}
puzzle-streak-solved = { $solved ->
    [one] Serie: 1 gelöst. Das nächste wird schwerer.
   *[other] Serie: { $solved } gelöst. Das nächste wird schwerer.
}
puzzle-streak-over = { $solved ->
    [one] Deine Serie endet mit 1 gelösten Rätsel. Deine beste: { $best }.
   *[other] Deine Serie endet mit { $solved } gelösten Rätseln. Deine beste: { $best }.
}
puzzle-banner-solved = Gelöst
puzzle-banner-solution = Die Lösung
puzzle-field-rating = Wertung des Rätsels
puzzle-field-difficulty = Schwierigkeit
puzzle-field-empties = Freie Felder
puzzle-footer = Vom exakten Endspiel-Löser bewiesen: Jeder Zug, der so gut ist wie der beste, zählt · wähle einen Zug oder tippe einen, etwa d3
puzzle-footer-over = Die Zahlen auf dem Brett zeigen die Züge der Lösung · /rätsel statistik zeigt deine Bilanz
button-puzzle-hint = Tipp
button-puzzle-give-up = Aufgeben
button-puzzle-next = Nächstes Rätsel
button-puzzle-streak-next = Weiter in der Serie
button-puzzle-streak-new = Neue Serie
puzzle-stats-title = Rätsel · { $player }
puzzle-field-your-rating = Rätselwertung
puzzle-field-solved = Gelöst
puzzle-field-best-streak = Beste Serie
puzzle-stats-unrated = noch nicht gewertet
puzzle-stats-provisional = { $rating }? (vorläufig)
puzzle-stats-solved = { $solved } von { $attempts } ({ $percent } %)
puzzle-streaks-title = Die besten Serien dieses Servers
puzzle-streaks-line = { $place }. { $player }: { $best }
puzzle-streaks-none = Auf diesem Server hat noch niemand ein Serienrätsel gelöst: /rätsel serie startet eine.
puzzle-stats-footer = Dein erster Versuch an jedem Rätsel zählt für deine Rätselwertung, getrennt von deinen Partiewertungen; Serien werden nicht gewertet.
error-no-puzzle = Du hast in diesem Kanal kein Rätsel: /rätsel gibt dir eines.
error-puzzle-live = Du hast hier schon ein Rätsel dieser Art: Löse es erst, oder gib es mit /rätsel aufgeben auf.
error-not-your-puzzle = Das ist das Rätsel von { $player }: /rätsel gibt dir dein eigenes.
error-puzzle-bad-square = { $text } ist kein Feld: Nenne Spalte und Reihe, etwa d3.
error-puzzle-illegal = { $square } ist hier kein erlaubter Zug: Wähle einen aus dem Menü.
error-puzzle-over = Dieses Rätsel ist vorbei: Der Knopf „Nächstes Rätsel“ oder /rätsel gibt dir ein neues.
error-no-such-puzzle = Es gibt kein Rätsel #{ $number }: Sie sind von 1 bis { $count } nummeriert.
error-no-puzzle-left = Du hast jedes Rätsel in der Nähe deiner Wertung schon versucht. Gut gespielt! Mit /rätsel nummer: spielst du jedes noch einmal.
settings-daily-puzzle = Rätsel des Tages
settings-daily-puzzle-off = aus
settings-daily-puzzle-on = in { $channel } um { $hour }:00 Uhr UTC
daily-puzzle-private = Drück auf Lösen: Das Rätsel öffnet sich nur für dich, und deine Antwort bleibt bis zum Beitrag von morgen privat.
daily-puzzle-yesterday = Das Rätsel von gestern, #{ $number }: { $line } ({ $value }).
daily-puzzle-solved-by = { $count ->
    [one] Gelöst von { $players }.
   *[other] Gelöst von { $count }: { $players }.
}
daily-puzzle-solved-by-nobody = Hier hat es niemand gelöst.
daily-puzzle-footer = Jeden Tag ein neues Rätsel, für alle dasselbe · dein erster Versuch zählt für deine Rätselwertung
button-daily-puzzle-solve = Lösen
