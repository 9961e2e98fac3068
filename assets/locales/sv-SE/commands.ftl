## Snedstreckskommandona: deras namn, beskrivningar, alternativ och val som Discord visar dem.
## Namn måste skrivas med gemener utan mellanslag (Discords regel); beskrivningar högst 100 tecken.

command-challenge = utmana
command-challenge-description = Utmana en medlem, eller vem som helst här, till ett parti
option-challenge-opponent = motståndare
option-challenge-opponent-description = Vem du utmanar (utelämna för en öppen utmaning)
option-challenge-color = färg
option-challenge-color-description = Din färg (standard: lottas)
option-challenge-rated = rankat
option-challenge-rated-description = Om partiet räknas till topplistan (standard: ja)
option-challenge-rules = regler
option-challenge-rules-description = Vems regelblad som gäller (standard: Othello)
option-challenge-size = storlek
option-challenge-size-description = Brädets storlek (standard: regelbladets, 8x8)
option-challenge-start = start
option-challenge-start-description = Ändra startställningen (standard: regelbladets)
option-challenge-flips = vändning
option-challenge-flips-description = Ändra vilka linjer som vänds (standard: regelbladets)
option-challenge-supply = pjäser
option-challenge-supply-description = Ändra hur många pjäser var och en har (standard: regelbladets)
option-challenge-tie = oavgjort
option-challenge-tie-description = Ändra vem som vinner vid oavgjort (standard: regelbladets)
option-challenge-scoring = poäng
option-challenge-scoring-description = Ändra hur resultatet räknas (standard: regelbladets)

command-bot = bot
command-bot-description = Spela mot mig i den här kanalen
option-bot-level = nivå
option-bot-level-description = 1 (Nybörjare) till 5 (Mästare); standard: serverns botnivå
option-bot-color = färg
option-bot-color-description = Din färg (standard: svart)
option-bot-rules = regler
option-bot-rules-description = Vems regelblad som gäller (standard: Othello)
option-bot-size = storlek
option-bot-size-description = Brädets storlek (standard: regelbladets, 8x8)
option-bot-start = start
option-bot-start-description = Ändra startställningen (standard: regelbladets)
option-bot-flips = vändning
option-bot-flips-description = Ändra vilka linjer som vänds (standard: regelbladets)
option-bot-supply = pjäser
option-bot-supply-description = Ändra hur många pjäser var och en har (standard: regelbladets)
option-bot-tie = oavgjort
option-bot-tie-description = Ändra vem som vinner vid oavgjort (standard: regelbladets)
option-bot-scoring = poäng
option-bot-scoring-description = Ändra hur resultatet räknas (standard: regelbladets)

command-move = drag
command-move-description = Gör ett drag, till exempel d3
option-move-square = ruta
option-move-square-description = Rutan, till exempel d3 (listan visar de giltiga dragen)

command-board = bräde
command-board-description = Visa partiet i den här kanalen igen

command-resign = ge-upp
command-resign-description = Ge upp partiet i den här kanalen (du får bekräfta först)

command-leaderboard = topplista
command-leaderboard-description = Topplistan för den här servern eller för alla
option-leaderboard-scope = omfång
option-leaderboard-scope-description = Den här servern (standard) eller alla
option-leaderboard-rules = regler
option-leaderboard-rules-description = Vilken sorts parti (standard: Othello)
option-leaderboard-size = storlek
option-leaderboard-size-description = Brädets storlek (standard: 8x8)

command-stats = statistik
command-stats-description = En spelares rating, resultat och inbördes möten med dig
option-stats-player = spelare
option-stats-player-description = Vems statistik (standard: din)
option-stats-rules = regler
option-stats-rules-description = Vilken sorts parti (standard: Othello)
option-stats-size = storlek
option-stats-size-description = Brädets storlek (standard: 8x8)

command-history = historik
command-history-description = En spelares senaste partier, med deras id
option-history-player = spelare
option-history-player-description = Vems partier (standard: dina)

command-export = exportera
command-export-description = Ett partis dragföljd, GGF-fil och uppspelning
option-export-game = parti
option-export-game-description = Partiets id (standard: det senaste partiet i den här kanalen)

command-review = genomgång
command-review-description = Motorns genomgång av ett avslutat parti: ett diagram, båda spelarnas största misstag och varför
option-review-game = parti
option-review-game-description = Partiets id (standard: det senaste avslutade partiet i den här kanalen)

command-analyze = analysera
command-analyze-description = Varje möjligt drags värde i en ställning, exakt där motorn kan räkna ut den
option-analyze-position = ställning
option-analyze-position-description = Drag från början (f5d6c3) eller ett bräde: 64 rutor a1 till h8 (X, O, -) och X eller O vid draget
option-analyze-game = parti
option-analyze-game-description = Ett avslutat partis id (standard: det senaste avslutade partiet i den här kanalen)
option-analyze-move = drag
option-analyze-move-description = Ställningen efter så många drag (standard: strax före partiets dyraste drag)

command-solo = solo
command-solo-description = Reiner Knizias solospel: vinn brickorna med pjäser i båda färgerna
option-solo-action = val
option-solo-action-description = Ett nytt giv (standard), dagens giv, ett tips, sluta eller dagens tabell
option-solo-seed = giv
option-solo-seed-description = Givets nummer, för att spela det igen eller en väns (standard: ett nytt)

command-help = hjälp
command-help-description = Hur man spelar, reglerna och kommandona

command-settings = inställningar
command-settings-description = Serverns inställningar (medlemmar med Hantera server kan ändra dem)
option-settings-typed_moves = skrivna_drag
option-settings-typed_moves-description = Låt vanliga meddelanden som d3 räknas som drag
option-settings-deadline_hours = tidsgräns_timmar
option-settings-deadline_hours-description = Timmar per drag innan man förlorar på tid (0: ingen tidsgräns)
option-settings-theme = tema
option-settings-theme-description = Brädets färger
option-settings-bot_level = botnivå
option-settings-bot_level-description = Min nivå när /bot inte anger någon
option-settings-language = språk
option-settings-language-description = Språket för meddelanden på den här servern

command-privacy = integritet
command-privacy-description = Dina uppgifter: en kopia av allt som sparas om dig, eller att radera det
option-privacy-action = val
option-privacy-action-description = Exportera (en JSON-fil som bara du ser) eller radera (efter en bekräftelse)

command-tournament = turnering
command-tournament-description = Serverns turneringar: anmäl dig, spela ronderna, se tabellen
option-tournament-action = åtgärd
option-tournament-action-description = Lista (standard), skapa, gå med, lämna, starta, tabell, dra dig ur, pausa, fortsätt, ställ in
option-tournament-id = nummer
option-tournament-id-description = Turneringens nummer (standard: den nyaste öppna eller pågående här)
option-tournament-name = namn
option-tournament-name-description = Den nya turneringens namn
option-tournament-format = format
option-tournament-format-description = Schweizer (standard), allsvensk eller dubbel allsvensk
option-tournament-rounds = ronder
option-tournament-rounds-description = Ronderna i schweizer (standard: tillräckligt för en vinnare)
option-tournament-rated = rankad
option-tournament-rated-description = Om partierna räknas på rankningen (standard: ja)
option-tournament-max_players = max_spelare
option-tournament-max_players-description = Hur många som kan gå med (standard: 16)
option-tournament-move_minutes = dragminuter
option-tournament-move_minutes-description = Minuter per drag i partierna (standard: serverns tidsgräns)
option-tournament-bot_level = bot_nivå
option-tournament-bot_level-description = Anmäl mig som spelare på den här nivån (1 till 5)
option-tournament-player = spelare
option-tournament-player-description = Vem som dras ur (bara arrangören; standard: du)
option-tournament-rules = regler
option-tournament-rules-description = Partiernas regelblad (standard: Othello)
option-tournament-size = storlek
option-tournament-size-description = Brädets storlek (standard: regelbladets, 8x8)

## Val.

choice-color-black = svart
choice-color-white = vit
choice-color-random = slumpvis
choice-size-6 = 6x6
choice-size-8 = 8x8
choice-size-10 = 10x10
choice-scope-server = den här servern
choice-scope-global = alla
choice-theme-classic = klassisk grön
choice-theme-ravensburger = Ravensburger guld och svart
choice-theme-redblue = röd och blå
choice-theme-dark = mörk
choice-theme-colorblind = anpassad för färgblinda
choice-language-auto = serverns språk
choice-language-en-US = English
choice-language-de = Deutsch
choice-language-sv-SE = Svenska
choice-rules-othello = Othello (Brettspielnetz, uppslagsverket)
choice-rules-ravensburger = Ravensburger (32 pjäser var, Guld börjar, oavgjort vinner andra spelaren)
choice-rules-ravensburger-children = Ravensburger för barn (samma, bara en linje vänds)
choice-rules-jacques-sons = Jacques & Sons (fri start i mitten, 32 pjäser var)
choice-rules-brainking = BrainKing (de fyra första pjäserna fyller den tomma mitten)
choice-rules-ravensburger-start = Ravensburger-start (första spelaren väljer kors eller parallell)
choice-start-cross = korset (Othello)
choice-start-parallel = parallell ställning
choice-start-free-centre = tom mitt som de fyra första pjäserna fyller
choice-start-first-chooses = första spelaren väljer kors eller parallell
choice-flips-all = varje innesluten linje
choice-flips-one-line = en linje, som den som drar väljer
choice-supply-unlimited = så många som behövs
choice-supply-limited = halva brädet var; den som saknar pjäs får en
choice-supply-limited-no-gift = halva brädet var; utan pjäser inga drag
choice-tie-draw = oavgjort
choice-tie-second = vinst för andra spelaren
choice-tie-black = vinst för första spelarens färg
choice-tie-white = vinst för andra spelarens färg
choice-tie-japanese = japansk regel: en lottad bestämmer, den andra väljer färg
choice-scoring-discs = pjäserna som de ligger
choice-scoring-wof = WOF: tomma rutor går till vinnaren
choice-solo-new = ny
choice-solo-daily = dagens
choice-solo-hint = tips
choice-solo-stop = sluta
choice-solo-table = tabell
choice-privacy-export = exportera
choice-privacy-delete = radera
choice-tournament-list = lista
choice-tournament-create = skapa
choice-tournament-join = gå med
choice-tournament-leave = lämna
choice-tournament-start = starta
choice-tournament-standings = tabell
choice-tournament-withdraw = dra dig ur
choice-tournament-pause = pausa
choice-tournament-resume = fortsätt
choice-tournament-cancel = ställ in
choice-format-swiss = schweizer
choice-format-round-robin = allsvensk
choice-format-double-round-robin = dubbel allsvensk
