## Die Slash-Befehle: Namen, Beschreibungen, Optionen und Auswahlwerte, wie Discord sie zeigt.
## Namen müssen kleingeschrieben sein und ohne Leerzeichen (Discords Regel); Beschreibungen höchstens 100 Zeichen.

command-challenge = herausfordern
command-challenge-description = Fordere ein Mitglied oder alle hier zu einer Partie heraus
option-challenge-opponent = gegner
option-challenge-opponent-description = Wen du herausforderst (leer lassen für eine offene Herausforderung)
option-challenge-color = farbe
option-challenge-color-description = Deine Farbe (Standard: zufällig ausgelost)
option-challenge-rated = gewertet
option-challenge-rated-description = Ob die Partie für die Rangliste zählt (Standard: ja)
option-challenge-rules = regeln
option-challenge-rules-description = Nach wessen Regelblatt gespielt wird (Standard: Othello)
option-challenge-size = größe
option-challenge-size-description = Brettgröße (Standard: die des Regelblatts, 8x8)
option-challenge-start = start
option-challenge-start-description = Andere Startaufstellung (Standard: die des Regelblatts)
option-challenge-flips = umdrehen
option-challenge-flips-description = Welche Reihen umgedreht werden (Standard: wie im Regelblatt)
option-challenge-supply = steine
option-challenge-supply-description = Wie viele Steine jeder hat (Standard: wie im Regelblatt)
option-challenge-tie = gleichstand
option-challenge-tie-description = Wer bei Gleichstand gewinnt (Standard: wie im Regelblatt)
option-challenge-scoring = wertung
option-challenge-scoring-description = Wie das Ergebnis gezählt wird (Standard: wie im Regelblatt)

command-bot = bot
command-bot-description = Spiel in diesem Kanal gegen mich
option-bot-level = stufe
option-bot-level-description = 1 (Anfänger) bis 5 (Meister); Standard: die Bot-Stufe dieses Servers
option-bot-color = farbe
option-bot-color-description = Deine Farbe (Standard: Schwarz)
option-bot-rules = regeln
option-bot-rules-description = Nach wessen Regelblatt gespielt wird (Standard: Othello)
option-bot-size = größe
option-bot-size-description = Brettgröße (Standard: die des Regelblatts, 8x8)
option-bot-start = start
option-bot-start-description = Andere Startaufstellung (Standard: die des Regelblatts)
option-bot-flips = umdrehen
option-bot-flips-description = Welche Reihen umgedreht werden (Standard: wie im Regelblatt)
option-bot-supply = steine
option-bot-supply-description = Wie viele Steine jeder hat (Standard: wie im Regelblatt)
option-bot-tie = gleichstand
option-bot-tie-description = Wer bei Gleichstand gewinnt (Standard: wie im Regelblatt)
option-bot-scoring = wertung
option-bot-scoring-description = Wie das Ergebnis gezählt wird (Standard: wie im Regelblatt)

command-move = zug
command-move-description = Spiel einen Zug, zum Beispiel d3
option-move-square = feld
option-move-square-description = Das Feld, zum Beispiel d3 (die Liste bietet die gültigen Züge an)

command-board = brett
command-board-description = Zeig die Partie in diesem Kanal noch einmal

command-resign = aufgeben
command-resign-description = Gib die Partie in diesem Kanal auf (du wirst um Bestätigung gebeten)

command-leaderboard = rangliste
command-leaderboard-description = Die Rangliste dieses Servers oder aller Spieler
option-leaderboard-scope = bereich
option-leaderboard-scope-description = Dieser Server (Standard) oder alle
option-leaderboard-rules = regeln
option-leaderboard-rules-description = Welche Art von Partie (Standard: Othello)
option-leaderboard-size = größe
option-leaderboard-size-description = Brettgröße (Standard: 8x8)

command-stats = statistik
command-stats-description = Wertung, Bilanz und direkter Vergleich eines Spielers mit dir
option-stats-player = spieler
option-stats-player-description = Wessen Statistik (Standard: deine)
option-stats-rules = regeln
option-stats-rules-description = Welche Art von Partie (Standard: Othello)
option-stats-size = größe
option-stats-size-description = Brettgröße (Standard: 8x8)

command-history = verlauf
command-history-description = Die letzten Partien eines Spielers, mit ihren IDs
option-history-player = spieler
option-history-player-description = Wessen Partien (Standard: deine)

command-export = export
command-export-description = Zugfolge, GGF-Datei und Wiedergabe einer Partie
option-export-game = partie
option-export-game-description = Die ID der Partie (Standard: die letzte Partie in diesem Kanal)

command-review = partieanalyse
command-review-description = Die Analyse einer beendeten Partie: ein Verlauf, die größten Fehler beider Spieler und warum
option-review-game = partie
option-review-game-description = Die ID der Partie (Standard: die letzte beendete Partie in diesem Kanal)

command-analyze = bewerten
command-analyze-description = Die Bewertung jedes möglichen Zuges einer Stellung, exakt, wo das Programm sie ausrechnen kann
option-analyze-position = stellung
option-analyze-position-description = Züge vom Anfang (f5d6c3) oder ein Brett: 64 Felder a1 bis h8 (X, O, -) und X oder O am Zug
option-analyze-game = partie
option-analyze-game-description = Die ID einer beendeten Partie (Standard: die letzte beendete Partie in diesem Kanal)
option-analyze-move = zug
option-analyze-move-description = Die Stellung nach so vielen Zügen (Standard: kurz vor dem teuersten Zug der Partie)

command-solo = solo
command-solo-description = Reiner Knizias Solospiel: gewinne die Plättchen mit Steinen beider Farben
option-solo-action = aktion
option-solo-action-description = Neue Verteilung (Standard), Tagesspiel, Tipp, stopp oder die Tagestabelle
option-solo-seed = verteilung
option-solo-seed-description = Die Nummer der Verteilung, um sie oder die eines Freundes zu spielen (Standard: neu)

command-help = hilfe
command-help-description = So spielst du: die Regeln und die Befehle

command-settings = einstellungen
command-settings-description = Die Einstellungen dieses Servers (ändern dürfen Mitglieder mit „Server verwalten“)
option-settings-typed_moves = eingabe_zuege
option-settings-typed_moves-description = Einfache Nachrichten wie d3 als Züge zulassen
option-settings-deadline_hours = frist_stunden
option-settings-deadline_hours-description = Stunden pro Zug, bevor man auf Zeit verliert (0: keine Frist)
option-settings-theme = thema
option-settings-theme-description = Die Farben des Bretts
option-settings-bot_level = bot_stufe
option-settings-bot_level-description = Meine Stufe, wenn /bot keine angibt
option-settings-language = sprache
option-settings-language-description = Die Sprache der Ansagen auf diesem Server

command-privacy = datenschutz
command-privacy-description = Deine Daten: eine Kopie von allem, was über dich gespeichert ist, oder ihre Löschung
option-privacy-action = aktion
option-privacy-action-description = Exportieren (eine JSON-Datei, die nur du siehst) oder löschen (nach einer Rückfrage)

command-tournament = turnier
command-tournament-description = Die Turniere dieses Servers: anmelden, die Runden spielen, die Tabelle sehen
option-tournament-action = aktion
option-tournament-action-description = Liste (Standard), anlegen, beitreten, verlassen, starten, Tabelle, zurückziehen, Pause, absagen
option-tournament-id = nummer
option-tournament-id-description = Die Nummer des Turniers (Standard: das neueste offene oder laufende hier)
option-tournament-name = name
option-tournament-name-description = Der Name des neuen Turniers
option-tournament-format = modus
option-tournament-format-description = Schweizer System (Standard), Rundenturnier oder doppeltes Rundenturnier
option-tournament-rounds = runden
option-tournament-rounds-description = Die Runden im Schweizer System (Standard: genug für einen Sieger)
option-tournament-rated = gewertet
option-tournament-rated-description = Ob seine Partien für die Rangliste zählen (Standard: ja)
option-tournament-max_players = max_spieler
option-tournament-max_players-description = Wie viele beitreten können (Standard: 16)
option-tournament-move_minutes = zug_minuten
option-tournament-move_minutes-description = Minuten pro Zug in seinen Partien (Standard: die Frist des Servers)
option-tournament-bot_level = bot_stufe
option-tournament-bot_level-description = Mich als Spieler auf dieser Stufe anmelden (1 bis 5)
option-tournament-player = spieler
option-tournament-player-description = Wer zurückgezogen wird (nur Veranstalter; Standard: du)
option-tournament-rules = regeln
option-tournament-rules-description = Das Regelblatt seiner Partien (Standard: Othello)
option-tournament-size = größe
option-tournament-size-description = Brettgröße (Standard: die des Regelblatts, 8x8)

## Auswahlwerte.

choice-color-black = Schwarz
choice-color-white = Weiß
choice-color-random = zufällig
choice-size-6 = 6x6
choice-size-8 = 8x8
choice-size-10 = 10x10
choice-scope-server = dieser Server
choice-scope-global = alle
choice-theme-classic = Klassisch Grün
choice-theme-ravensburger = Ravensburger Gold und Schwarz
choice-theme-redblue = Rot und Blau
choice-theme-dark = Dunkel
choice-theme-colorblind = Für Farbenblinde geeignet
choice-language-auto = die Sprache des Servers
choice-language-en-US = English
choice-language-de = Deutsch
choice-language-sv-SE = Svenska
choice-rules-othello = Othello (Brettspielnetz, das Lexikon)
choice-rules-ravensburger = Ravensburger (32 Steine je Seite, Gold beginnt, Gleichstand gewinnt der Zweite)
choice-rules-ravensburger-children = Ravensburger für Kinder (ebenso, nur eine Reihe wird umgedreht)
choice-rules-jacques-sons = Jacques & Sons (freier Start in der Mitte, 32 Steine je Seite)
choice-rules-brainking = BrainKing (die ersten vier Steine füllen die leere Mitte)
choice-rules-ravensburger-start = Ravensburger-Start (der erste Spieler wählt Kreuz oder parallel)
choice-start-cross = das Kreuz (Othello)
choice-start-parallel = die parallele Aufstellung
choice-start-free-centre = leere Mitte, die die ersten vier Steine füllen
choice-start-first-chooses = der erste Spieler wählt Kreuz oder parallel
choice-flips-all = jede eingeschlossene Reihe
choice-flips-one-line = nur eine Reihe, die der Ziehende nennt
choice-supply-unlimited = so viele wie nötig
choice-supply-limited = je das halbe Brett; wer keine mehr hat, bekommt einen
choice-supply-limited-no-gift = je das halbe Brett; ohne Steine kein Zug mehr
choice-tie-draw = unentschieden
choice-tie-second = Sieg für den zweiten Spieler
choice-tie-black = Sieg für die Farbe des ersten Spielers
choice-tie-white = Sieg für die Farbe des zweiten Spielers
choice-tie-japanese = japanische Regel: einer, ausgelost, entscheidet, der andere wählt die Farbe
choice-scoring-discs = die Steine, wie sie liegen
choice-scoring-wof = WOF: leere Felder gehen an den Sieger
choice-solo-new = neu
choice-solo-daily = tagesspiel
choice-solo-hint = tipp
choice-solo-stop = stopp
choice-solo-table = tabelle
choice-privacy-export = exportieren
choice-privacy-delete = löschen
choice-tournament-list = liste
choice-tournament-create = anlegen
choice-tournament-join = beitreten
choice-tournament-leave = verlassen
choice-tournament-start = starten
choice-tournament-standings = tabelle
choice-tournament-withdraw = zurückziehen
choice-tournament-pause = pause
choice-tournament-resume = weiter
choice-tournament-cancel = absagen
choice-format-swiss = Schweizer System
choice-format-round-robin = Rundenturnier
choice-format-double-round-robin = doppeltes Rundenturnier
