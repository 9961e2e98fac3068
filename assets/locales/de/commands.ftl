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
option-challenge-size = größe
option-challenge-size-description = Brettgröße (Standard: 8x8)
option-challenge-variant = variante
option-challenge-variant-description = Regelvariante (Standard: Othello)

command-bot = bot
command-bot-description = Spiel in diesem Kanal gegen mich
option-bot-level = stufe
option-bot-level-description = 1 (Anfänger) bis 5 (Meister); Standard: die Bot-Stufe dieses Servers
option-bot-color = farbe
option-bot-color-description = Deine Farbe (Standard: Schwarz)
option-bot-size = größe
option-bot-size-description = Brettgröße (Standard: 8x8)
option-bot-variant = variante
option-bot-variant-description = Regelvariante (Standard: Othello)

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

command-stats = statistik
command-stats-description = Wertung, Bilanz und direkter Vergleich eines Spielers mit dir
option-stats-player = spieler
option-stats-player-description = Wessen Statistik (Standard: deine)

command-history = verlauf
command-history-description = Die letzten Partien eines Spielers, mit ihren IDs
option-history-player = spieler
option-history-player-description = Wessen Partien (Standard: deine)

command-export = export
command-export-description = Zugfolge, GGF-Datei und Wiedergabe einer Partie
option-export-game = partie
option-export-game-description = Die ID der Partie (Standard: die letzte Partie in diesem Kanal)

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
choice-variant-othello = Othello
choice-variant-ravensburger = Ravensburger (32 Steine je Seite, bei Gleichstand gewinnt der zweite Spieler)
choice-variant-one-line = Umdrehen in nur einer Linie
choice-variant-free-centre = freier Start in der Mitte
choice-variant-wof = WOF-Wertung
choice-variant-tie-black = bei Gleichstand gewinnt Schwarz
