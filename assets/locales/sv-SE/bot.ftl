## Allt som reversi-bot säger till spelarna, på svenska.
## Variabler skrivs $namn; spelare, rutor och tider kommer redan formaterade.

## Sidorna, som varje brädtema färgar dem.

side-black = { $theme ->
    [ravensburger] Guld
    [redblue] Röd
   *[other] Svart
}
side-white = { $theme ->
    [ravensburger] Svart
    [redblue] Blå
   *[other] Vit
}
player-side = { $player } ({ $side })
language-name = Svenska

## Botens nivåer.

level-1 = Nybörjare
level-2 = Vardagsspelare
level-3 = Klubbspelare
level-4 = Expert
level-5 = Mästare

## Reglerna, som sidfoten och utmaningarna benämner dem.

rules-standard = standard-Othello
rules-size = { $size }x{ $size }
rules-parallel = parallell start
rules-free-centre = fri start i mitten
rules-one-line = vändning i bara en linje
rules-limited = { $discs } pjäser var
rules-tie-second = vid oavgjort vinner andra spelaren
rules-tie-side = vid oavgjort vinner { $side }
rules-wof = WOF-poängräkning
rules-no-gift = { $discs } pjäser var, inga ges bort
rules-first-chooses = första spelaren väljer startställningen
rules-preset = { $preset }: { $rules }
preset-othello = Othello
preset-ravensburger = Ravensburger
preset-ravensburger-children = Ravensburger för barn
preset-jacques-sons = Jacques & Sons
preset-brainking = BrainKing
preset-ravensburger-start = Ravensburger-start (uppslagsverket)

## Vad som just hände, en rad var.

event-moved = { $flipped ->
    [0] { $player } spelade { $square }.
    [one] { $player } spelade { $square } och vände 1 pjäs.
   *[other] { $player } spelade { $square } och vände { $flipped } pjäser.
}
event-borrowed = { $player } hade inga pjäser kvar och fick en av { $opponent }.
event-passed = { $player } har inget giltigt drag och passar.
event-board-over = Ingen sida kan dra: partiet är slut.
event-last-move = Senaste drag: { $square } av { $player }.
event-bot-game = { $player } spelar mot mig på nivå { $level } ({ $level-name }) som { $side }. Ett orankat parti: ratingen ändras inte.
event-resigned = { $player } gav upp.
event-resigned-early = { $player } gav upp innan båda sidor hade gjort två drag.
event-moderator-ended = { $player } avslutade partiet som moderator.
event-lost-on-time = { $player } drog inte i tid och förlorar på tid.
event-back-online = Tillbaka online. Här är mitt drag:
event-late-move = Förlåt att du fick vänta. Här är mitt drag:
event-bot-delayed = Jag kunde inte spara mitt drag just nu (databasen är upptagen): det kommer strax.
event-challenge-withdrawn-for-bot = { $player } drog tillbaka sin öppna utmaning för att spela mot mig i stället.
event-start-cross = { $player } valde korset, som i Othello.
event-start-parallel = { $player } valde parallell ställning.
event-no-typed-moves = Jag kan inte läsa den här chatten, så skrivna drag fungerar inte här: spela från menyn eller med /drag.
event-took-back = { $other } gick med på det: { $player } ångrar { $moves }.
event-took-back-bot = Jag låter { $player } ångra { $moves }.
takeback-question = { $player } vill ångra { $moves }. { $other }, går du med på det?
takeback-declined = { $other } sa nej: { $player }s { $moves } står kvar.
button-takeback = Ångra
button-takeback-accept = Godkänn
button-takeback-decline = Avböj
event-accepted = { $player } antog utmaningen. { $rated ->
    [yes] Ett rankat parti börjar.
   *[no] Ett orankat parti börjar.
}

## Brädet.

games-title = Partier på den här servern
games-none = Ingen spelar på den här servern just nu. Starta ett parti med /utmana eller /bot.
games-live-heading = Pågående partier: { $count }
games-line-live = #{ $id } { $black } mot { $white } · { $rules } · drag { $move } · { $player } på tur · { $rated ->
    [yes] rankat
   *[no] vänskapsparti
} · { $channel }
games-watch-hint = Följ ett härifrån med /följ parti:<id>.
games-finished-heading = Avslutade i dag
games-line-finished = #{ $id } { $black } { $blackdiscs }–{ $whitediscs } { $white } · { $rules } · { $channel }
games-page = Sida { $page } av { $pages }
button-games-newer = Nyare
button-games-older = Äldre
live-board-live = 🔴 Live: parti #{ $id }, { $black } mot { $white }, spelas i { $channel }. Det här brädet följer varje drag.
live-board-ended = Parti #{ $id }, { $black } mot { $white }, är slut: slutställningen.
live-board-stopped = Parti #{ $id }, { $black } mot { $white }: det här brädet följer det inte längre.
button-stop-watching = Sluta följa
watch-posted = Livebrädet för parti #{ $id } finns nedan. Dess knapp Sluta följa är din.
turn-notice = Det är din tur i parti #{ $id } mot { $opponent }, i { $channel }.
notify-on = Jag skickar ett DM när det är din tur och du inte har dragit på { $minutes } minuter, en gång per drag. /avisera tur:False stänger av det.
notify-off = Inga fler DM när det är din tur.
notify-state-on = DM när det är din tur är på: ett per drag, efter { $minutes } minuter.
notify-state-off = DM när det är din tur är av. /avisera tur:True slår på dem.

board-title = { $black } mot { $white }
board-your-move = { $player }, det är ditt drag.
board-choose-start = { $player }, du börjar: välj startställning, korset (som i Othello) eller parallell.
board-to-move = { $player } står på tur.
board-deadline = Tiden för draget går ut { $time }.
board-field-move = Drag
board-field-in-hand = Pjäser kvar
board-footer-game = Parti #{ $id }
board-footer-rated = rankat
board-footer-opening = öppningen ”{ $name }” (det engelska namnet)
board-footer-casual = orankat
board-footer-bot = botnivå { $level }
board-menu-one = { $count ->
    [one] Välj ett drag (1 giltigt)
   *[other] Välj ett drag ({ $count } giltiga)
}
board-menu-part = Drag { $first } till { $last }
board-option-opening = öppning: fyller mitten
board-option-flips = { $count ->
    [one] vänder 1 pjäs
   *[other] vänder { $count } pjäser
}
board-option-flips-line = { $count ->
    [one] vänder 1 åt { $direction }
   *[other] vänder { $count } åt { $direction }
}
button-resign = Ge upp
button-start-cross = Korset
button-start-parallel = Parallell
button-rematch = Returmatch
button-confirm-resign = Ja, ge upp
button-confirm-end = Ja, avsluta
button-confirm-delete = Radera mina uppgifter
button-cancel = Avbryt

## Riktningar, för vändning i bara en linje.

direction-n = norr
direction-ne = nordost
direction-e = öster
direction-se = sydost
direction-s = söder
direction-sw = sydväst
direction-w = väster
direction-nw = nordväst

## Resultat: vinnarens poäng först.

score-pair = { $first }–{ $second }
result-wins = { $winner } vinner med { $score }
result-wins-tie-rule = { $winner } vinner enligt regeln för oavgjort, { $score }
result-draw = Oavgjort, { $score }
result-resignation = { $winner } vinner, motståndaren gav upp, { $score } på brädet
result-timeout = { $winner } vinner på tid (tiden tog slut för { $loser }), { $score } på brädet
result-aborted = Partiet avbröts: inget resultat, ingen ratingändring
result-over = Partiet är slut
rating-change = { $player }: { $before } → { $after } ({ $delta })

## Bilden: statusfältet och dess ord för skärmläsare.

picture-to-move = på tur
picture-passed = passade
picture-in-hand = kvar
picture-move-number = { $number ->
    [0] Start
   *[other] Drag { $number }
}
picture-counts = { $black-side } { $black }, { $white-side } { $white }.
picture-to-move-sentence = { $side } står på tur.
picture-result = Partiet är slut: { $result }.
picture-last-move = { $flipped ->
    [0] Senaste drag { $square } av { $side }.
   *[other] Senaste drag { $square } av { $side }, vände { $squares }.
}
picture-passed-sentence = { $side } fick passa.
picture-in-hand-sentence = Pjäser kvar: { $black-side } { $black }, { $white-side } { $white }.
picture-legal = Giltiga drag: { $squares }.
list-and = { $first } och { $last }

## Utmaningar.

challenge-content-to = { $target }: { $challenger } utmanar dig till ett { $rated ->
    [yes] rankat
   *[no] orankat
} parti.
challenge-content-open = { $challenger } utmanar vem som helst här till ett { $rated ->
    [yes] rankat
   *[no] orankat
} parti: tryck på ”Acceptera” för att spela.
challenge-content-rematch = { $target }: { $challenger } erbjuder dig en returmatch, ett { $rated ->
    [yes] rankat
   *[no] orankat
} parti med ombytta färger.
challenge-title-to = { $challenger } utmanar { $target }
challenge-title-open = En öppen utmaning från { $challenger }
challenge-title-rematch = Ett erbjudande om returmatch från { $challenger }
challenge-description = Ett { $rated ->
    [yes] rankat
   *[no] orankat
} parti, { $rules }: { $sides }.
challenge-sides-black = { $challenger } spelar { $side } och börjar
challenge-sides-white = { $challenger } spelar { $side }
challenge-sides-random = färgerna lottas när utmaningen antas
challenge-sides-japanese = den japanska regeln avgör färgerna: en av er, lottad, bestämmer om oavgjort räknas som vinst för { $black } eller för { $white }, den andra väljer sedan färg
challenge-lapses = Utmaningen går ut { $time }.
challenge-footer = Utmaning #{ $id }
button-accept = Acceptera
button-decline = Avböj
challenge-withdrawn = { $player } drog tillbaka utmaningen.
challenge-declined = { $player } avböjde utmaningen från { $challenger }.
challenge-lapsed = Utmaningen från { $player } har gått ut: ingen antog den i tid.

## Påminnelser och frågor.

reminder = { $player }, det är ditt drag i parti #{ $id } (som { $side }). Din tid går ut { $time }, sedan förlorar du på tid.
resign-question = Ge upp parti #{ $id }? Det går inte att ångra.
resign-question-moderator = Avsluta parti #{ $id } som moderator? Det registreras som avbrutet, utan ratingändring.

## Topplista, statistik, historik.

leaderboard-title-global = Global topplista: { $ladder }
leaderboard-title-server = Serverns topplista: { $ladder }
ladder-custom = ändrade regler
ladder-sized = { $ladder } { $size }x{ $size }
leaderboard-line = { $rank }. { $player } — { $rating } ({ $wins }V { $losses }F { $draws }O)
leaderboard-you = ← du
leaderboard-you-of = ← du, av { $count }
leaderboard-empty = Inga rankade partier än. Spela ett med /utmana (rankat: true).
leaderboard-unranked = Du finns inte på topplistan än: spela ett rankat parti.
leaderboard-footer = Glicko-2-rating; ? markerar en preliminär rating.
stats-title = Statistik för { $player }: { $ladder }
stats-scope-server = Den här servern
stats-scope-global = Överallt
stats-rating = { $rating }{ $provisional ->
    [yes] {" "}(preliminär)
   *[no] {""}
}
stats-record = { $games ->
    [one] 1 rankat parti
   *[other] { $games } rankade partier
}: { $wins }V { $losses }F { $draws }O
stats-streak-wins = { $count ->
    [one] 1 vinst i rad
   *[other] { $count } vinster i rad
}
stats-streak-losses = { $count ->
    [one] 1 förlust i rad
   *[other] { $count } förluster i rad
}
stats-no-rated = Inga rankade partier än
stats-casual = Orankat mot människor
stats-bot = Orankat mot boten
stats-tournaments = Turneringar
stats-tournament = Nr { $id } { $name }: { $state ->
    [signup] anmäld, { $players } spelare hittills
    [running] plats { $place } av { $players } i rond { $round }
    [finished] { $place ->
        [1] 🥇 segrare
        [2] 🥈 tvåa
        [3] 🥉 trea
       *[other] plats { $place }
    } av { $players }
    [withdrawn] drog sig ur
   *[cancelled] inställd
}
stats-none = inga än
stats-tally = { $wins }V { $losses }F { $draws }O
stats-head-to-head = { $player } mot dig
history-title = Senaste partier för { $player }
history-line = { $id } { $outcome ->
    [won] vann
    [lost] förlorade
    [drew] oavgjort
   *[aborted] avbrutet
} som { $side } mot { $opponent }{ $score } ({ $kind }, { $rules }{ $opening }) · { $time }
history-score = {" "}{ $score }
history-opening = {", "}”{ $name }”
history-empty = { $player } har inga avslutade partier här än.
history-footer = Exportera ett med /exportera parti:<id>
kind-rated = rankat
kind-casual = orankat
kind-bot = mot boten

## Export.

export-content = Parti #{ $id }: { $black } mot { $white }, { $status }.
export-transcript = Dragföljd: { $transcript }
export-no-moves = (inga drag än)
export-live = spelas fortfarande
export-ggf-place = reversi-bot på Discord
export-ggf-description = Partiet i GGF-format, för NBoard och andra Othelloprogram
export-gif-description = En uppspelning av partiet, en bild per drag

## /integritet: spelarnas uppgifter i deras egna händer.
player-deleted = Borttagen spelare
privacy-exported = Här är allt som reversi-bot sparar om dig, som en JSON-fil: dina partier, dina rankningar och deras historik, dina solospel och placeringar i dagens tabeller, analyserna av dina partier och dina utmaningar. Bara du ser det här. Använd /integritet radera för att radera allt.
privacy-export-description = Allt som reversi-bot sparar om dig, i JSON
privacy-delete-question = Radera allt som reversi-bot sparar om dig? Ditt namn och ditt Discord-id tas bort från alla partier du har spelat och från varje turnering du har spelat i eller arrangerat och från varje avslutad säsongs tabell du finns i: dina motståndare behåller partierna och tabellerna, med en ”Borttagen spelare” i ditt ställe; anmälningar till turneringar som inte har börjat dras tillbaka. Dina rankningar och deras historik, dina solospel och placeringar i dagens tabeller, din problemrating och dina problemförsök och dina utmaningar raderas. Det går inte att ångra; med /integritet exportera får du en kopia först.
privacy-deleted = Dina uppgifter är raderade. I dina partier står nu en ”Borttagen spelare” i ditt ställe. Om du använder boten igen börjar den om från början med dig.
privacy-kept = Ingenting raderades.

## Inställningar.

settings-title = Serverns inställningar
settings-title-saved = Inställningarna har sparats
settings-typed-moves = Skrivna drag
settings-typed-on = på: ett meddelande som d3 spelar draget
settings-typed-off = av
settings-typed-unavailable = av: boten körs utan TYPED_MOVES, så den som driver boten måste först slå på dem
settings-deadline = Tidsgräns per drag
settings-deadline-hours = { $hours ->
    [one] 1 timme per drag
   *[other] { $hours } timmar per drag
}
settings-deadline-minutes = { $minutes ->
    [one] 1 minut per drag
   *[other] { $minutes } minuter per drag
}
settings-deadline-none = ingen tidsgräns
settings-theme = Brädtema
settings-bot-level = Botnivå för /bot
settings-bot-takebacks = Ångrade drag mot boten
settings-bot-takebacks-lenient = Nivå 1 till 3
settings-bot-takebacks-all = Alla nivåer
settings-language = Språk
settings-language-auto = { $language } (serverns eget; ändra med /inställningar språk)
settings-organisers = Turneringsarrangörer
settings-organisers-role = Medlemmar med { $role } och de som hanterar servern
settings-organisers-managers = Medlemmar som hanterar servern
settings-footer = Nya tidsgränser gäller från nästa drag i varje parti. Medlemmar med behörigheten ”Hantera server” kan ändra detta.
theme-classic = Klassisk grön
theme-ravensburger = Ravensburger guld och svart
theme-redblue = Röd och blå
theme-dark = Mörk
theme-colorblind = Anpassad för färgblinda

## Hjälp.

help-title = Så spelar du Reversi / Othello
help-rules = Lägg en pjäs så att den stänger in en rak linje (vågrät, lodrät eller diagonal) av motståndarens pjäser mellan sig och en annan av dina pjäser: varje instängd linje vänds till din färg. Kan du inte stänga in något passar du automatiskt. När ingen sida kan dra är partiet slut, och den som har flest pjäser vinner. { $first } börjar. Rutorna namnges efter kolumn (bokstav) och rad (siffra): a1 är hörnet uppe till vänster.
help-commands = Kommandon
help-variants = Regelblad
help-variants-text = Välj ett regelblad med regler: Othello, Ravensburger (32 pjäser var, Guld börjar, oavgjort vinner andra spelaren), Ravensburger för barn (bara en linje vänds: ange den, c4:ne), Jacques & Sons, BrainKing eller Ravensburger-start (första spelaren väljer ställning). Ändra vilken del som helst med storlek, start, vändning, pjäser, oavgjort och poäng.
help-levels = Botens nivåer
help-levels-text = /bot 1 (Nybörjare) till 5 (Mästare). Nivå 5 får tänka { $seconds } sekunder per drag och använder i mittspelet det mesta av dem för att räkna längre fram; den svarar direkt när ett drag är tvunget eller slutet är uträknat. De lägre nivåerna tänker kortare och räknar inte lika långt.
help-footer = Ett parti per kanal: öppna en tråd för att spela flera samtidigt.

## Nekat: vad som gick fel, och vad du kan göra.

error-no-game = Det finns inget parti i den här kanalen. Starta ett med /utmana eller /bot, eller lös ett problem med /problem.
error-not-your-turn = Det är inte din tur: { $player } står på tur.
error-not-your-choice = Det valet gör { $player }.
error-not-a-player = Du spelar inte i det här partiet.
error-channel-busy = Den här kanalen har redan ett pågående parti. Spela klart det först, eller starta en tråd för ett nytt.
error-rate-limited = Du går lite för fort fram för mig: vänta { $seconds ->
        [one] en sekund
       *[other] { $seconds } sekunder
    } innan nästa kommando. Ingenting gjordes.
error-too-many-challenges = Du har redan { $count ->
        [one] en öppen utmaning
       *[other] { $count } öppna utmaningar
    }, fler går inte på en gång. Vänta på svar, eller dra tillbaka en med dess Avböj-knapp, innan du utmanar igen.
error-channel-game-limit = { $count ->
        [one] Ett parti har
       *[other] { $count } partier har
    } börjat i den här kanalen den senaste timmen, fler tar den inte. Spela vidare i en tråd eller en annan kanal, eller kom tillbaka lite senare.
error-challenge-pending = Den här kanalen har redan en öppen utmaning. Vänta på svar, eller starta en tråd.
error-challenge-pending-from = { $player } har en öppen utmaning i den här kanalen: anta den, vänta tills den går ut, eller starta en tråd för ditt parti.
error-challenge-yourself = Du kan inte utmana dig själv. Prova /bot för att spela mot mig.
error-challenge-other-bot = { $player } är en bot och kan inte spela. Använd /bot för att spela mot mig.
error-challenge-closed = Den utmaningen är inte längre öppen.
error-challenge-not-for-you = Den utmaningen gäller { $player }.
error-challenge-open-decline = Den utmaningen är öppen för alla: tryck på ”Acceptera” för att anta den. Bara { $player } kan dra tillbaka den.
error-own-challenge = Du kan inte anta din egen utmaning.
error-stale = Det brädet är inaktuellt: partiet har gått vidare. Använd det senaste brädet.
error-raced = Någon annan hann dra först, så inget ändrades. Se hur partiet står nu med /bräde.
error-no-such-game = Det finns inget parti #{ $id }.
error-game-not-over = Parti #{ $id } spelas fortfarande.
error-nothing-to-export = Den här kanalen har inget parti att exportera än. Ange ett parti-id: /exportera parti:<id>
error-bot-thinking = Jag funderar fortfarande på mitt drag. Ett ögonblick!
error-needs-manage-server = Bara medlemmar med behörigheten ”Hantera server” kan ändra serverns inställningar.
error-settings-need-server = Inställningar hör till en server: använd /inställningar på en server.
error-busy = Speldatabasen är upptagen just nu, så ingenting ändrades. Försök igen om en liten stund.
error-delete-while-playing = Du spelar fortfarande { $count ->
        [one] parti { $games }
       *[other] partierna { $games }
    }. Spela klart { $count ->
        [one] det
       *[other] dem
    } eller ge upp med /ge-upp i { $count ->
        [one] dess kanal
       *[other] deras kanaler
    } och fråga sedan igen.
error-not-your-confirmation = Den här frågan gäller någon annan: bara den personen kan svara på den.
error-internal = Något gick fel hos mig. Ditt parti är i säkerhet; försök igen om en liten stund.
error-legal-moves = Giltiga drag: { $moves }.
error-legal-moves-more = Giltiga drag: { $moves } och { $more } till.

## Rutor och drag som inte kan spelas.

error-empty = Skriv en ruta, till exempel d3.
error-not-a-square = ”{ $text }” är ingen ruta: skriv en kolumnbokstav och ett radnummer, till exempel d3.
error-no-such-row = { $text } är ingen ruta: raderna numreras från 1.
error-off-board = { $text } ligger utanför { $size }x{ $size }-brädet: kolumnerna går a–{ $last-column }, raderna 1–{ $size }.
error-not-a-direction = ”{ $text }” är ingen riktning: använd n, ne, e, se, s, sw, w eller nw (engelska förkortningar: e = öster, w = väster).
error-game-over = Partiet är slut.
error-occupied = { $square } är redan upptagen.
error-flips-nothing = { $square } vänder ingenting: ett drag måste stänga in motståndarens pjäser mellan den nya pjäsen och en av dina.
error-must-fill-centre = { $square } går inte att spela än: de fyra första pjäserna fyller mittrutorna ({ $squares }).
error-start-not-chosen = Partiet har inte börjat än: första spelaren väljer startställningen (kors eller parallell) med knapparna under brädet.
error-line-required = { $square } stänger in pjäser i flera linjer ({ $lines }): ange vilken som ska vändas, till exempel { $example }.
error-line-flips-nothing = { $move } vänder ingenting: linjerna som draget stänger in är { $lines }.
error-line-not-needed = { $square } behöver ingen linje: skriv bara rutan.

## Konsolen.

console-welcome = reversi-bot-konsol: spela mot boten eller mot en vän vid det här tangentbordet. Skriv /help för kommandona.
console-database = Partierna sparas i { $file } (välj en annan med --database-url; botens DATABASE_URL lämnas orörd).
console-thinking = Tänker…
console-wrote = (skrev { $path })
console-no-control = Det finns ingen kontroll { $control } att trycka på: numren står under svaren (#14.2 är svar 14:s andra).
console-no-choice = { $choice } finns inte i den menyn: välj { $choices }.
console-menu-needs-choice = { $control } är en meny: skriv ditt val efter, ett av { $choices }.
console-help-button = Tryck på en kontroll under det senaste svaret (1, 2, …) eller ett äldre (#14.2); efter en menys nummer, ditt val (3 d3)
console-help-options = Alternativ anges med namn (parti:12, regler:ravensburger) eller, där det är tydligt, med plats (/export 12, /bot 3 vit); namn och val på vilket som helst av våra språk.
console-press = { $number }: { $label }
console-help-local = Två spelare vid det här tangentbordet
console-help-move = Spela ett drag (den som står på tur spelar det)
console-help-quit = Lämna konsolen
console-player = Spelare { $number }
console-thread = — { $name } —
console-back = — Tillbaka vid konsolens eget bord —
console-to-move = { $side } står på tur
console-legal = giltiga drag är markerade med +

japanese-tie-ask = Den japanska regeln: lotten föll på { $decider }, som bestämmer om oavgjort räknas som vinst för { $black } eller för { $white }; sedan väljer { $chooser } färg.
japanese-color-ask = { $decider } bestämde att oavgjort räknas som vinst för { $side }. { $chooser }, välj din färg.
button-japanese-tie = Oavgjort vinner { $side }
button-japanese-color = Jag spelar { $side }
event-japanese = Den japanska regeln: { $decider } bestämde att oavgjort vinner { $tie }, och { $chooser } valde { $side }.

## Reiner Knizias solospel.

solo-gold = guld
solo-black = svart
solo-move = { $square } { $color }
solo-tile = { $color } { $number }
solo-tile-blank = { $color } blank
solo-title = Solospel · { $deal }
solo-title-deal = giv { $seed }
solo-title-daily = dagens giv { $day }
solo-started = { $player }, ditt solospel: lägg en guld- eller svart pjäs på en fri ruta så att den stänger in pjäser av den andra färgen eller vinner en bricka. En ensam uppvänd bricka mellan den nya pjäsen och en pjäs av dess färg vinns; brickor bredvid den nya pjäsen vänds upp. Välj ett drag nedan eller skriv det, till exempel d3 guld.
solo-played = { $player } lägger { $move }.
solo-flipped = { $count ->
    [one] En pjäs vänds.
   *[other] { $count } pjäser vänds.
}
solo-turned-up = Uppvända: { $tiles }.
solo-won = Vunna: { $tiles }!
solo-score = { $tiles ->
    [one] 1 bricka
   *[other] { $tiles } brickor
} · värde { $value }
solo-score-doubled = { $tiles } brickor · värde { $value } ({ $sum } dubblat: alla fyra blanka)
solo-over-all-won = Alla brickor är vunna!
solo-over-no-move = Ingen pjäs kan läggas längre.
solo-over-shut-in = Brickorna som är kvar är instängda: ingen kan vinnas längre.
solo-over-stopped = { $player } slutade.
solo-banner = Spelet är slut: { $score }
solo-daily-practice = Bara ditt första avslutade dagliga giv räknas: det här var träning.
solo-daily-counted = Ditt första avslutade dagliga giv i dag: det räknas.
solo-daily-place-server = Plats { $place } av { $players } på den här servern.
solo-daily-place-global = Plats { $place } av { $players } totalt.
solo-field-score = Poäng
solo-field-left = Brickor kvar
solo-left = { $left } ({ $down } nedvända)
solo-field-moves = Drag
solo-footer = Reiner Knizias solospel ur Ravensburgers regelbok · /solo tips föreslår ett drag
solo-footer-over = Reiner Knizias solospel ur Ravensburgers regelbok · brickorna som är kvar visas uppvända · /solo ger ett nytt spel
solo-tray = Vunna
solo-legend = X guldpjäs · O svart pjäs · # nedvänd bricka · g7, b7 uppvänd guld- eller svart bricka (g_, b_ blank)
solo-alt = Solospelets bräde: { $gold } guld- och { $black } svarta pjäser, { $down } brickor nedvända, { $up } uppvända, { $won } vunna.
solo-option-wins = vinner { $tiles }
solo-option-turns-up = { $count ->
    [one] vänder upp en bricka
   *[other] vänder upp { $count } brickor
}
solo-option-flips = { $count ->
    [one] vänder en pjäs
   *[other] vänder { $count } pjäser
}
solo-menu-gold = En guldpjäs ({ $count } drag)
solo-menu-black = En svart pjäs ({ $count } drag)
solo-button-hint = Tips
solo-button-stop = Sluta här
solo-hint = Pröva { $move }.
solo-hint-wins = { $count ->
    [one] Den vinner en bricka direkt.
   *[other] Den vinner { $count } brickor direkt.
}
solo-hint-turns-up = { $count ->
    [one] Den vänder upp en bricka.
   *[other] Den vänder upp { $count } brickor.
}
solo-table-title = Dagens giv { $day }
solo-table-how = Alla får samma giv i dag: /solo dagens delar ut den.
solo-table-server = Den här servern
solo-table-global = Alla
solo-table-empty = Ingen har avslutat dagens giv än.
solo-table-line = { $place }. { $player }: { $tiles ->
    [one] 1 bricka
   *[other] { $tiles } brickor
}, värde { $value }
solo-table-footer = Varje spelares första avslutade spel av dagens giv räknas. Ett nytt giv varje dag vid midnatt UTC.
error-no-solo-game = Du har inget solospel i den här kanalen: /solo startar ett.
error-solo-live = Du har redan ett solospel i den här kanalen: /solo visar det igen; spela vidare eller avsluta det med /solo sluta.
error-not-your-solo-game = Det här är { $player }s solospel: /solo startar ditt eget.
error-solo-missing-color = Säg vilken färg pjäsen visar, guld eller svart, till exempel d3 guld.
error-solo-not-a-color = ”{ $word }” är ingen färg: pjäserna är guld eller svarta.
error-solo-game-over = Det solospelet är slut: /solo startar ett nytt.
error-solo-off-board = { $square } ligger utanför brädet: kolumner a-h, rader 1-8.
error-solo-occupied = På { $square } ligger redan en pjäs.
error-solo-on-tile = På { $square } ligger en bricka: en pjäs läggs på en fri ruta.
error-solo-traps-nothing = { $color ->
    [gold] En guldpjäs
   *[black] En svart pjäs
} på { $square } stänger inte in någon { $other ->
    [gold] guldpjäs
   *[black] svart pjäs
} och vinner ingen bricka.
console-help-solo = Ett drag i solospelet: ruta och färg

## Tränaren: genomgångar och analyser.
review-title = Genomgång av parti #{ $id }: { $black } mot { $white }
review-opening = Öppningen ”{ $name }” (det engelska namnet)
review-how-exact = Varje drag uträknat exakt: förlusterna är perfekt spels.
review-how-both = Bedömt med en sökning { $depth } halvdrag djupt, och uträknat exakt från drag { $from }.
review-how-search = Bedömt med en sökning { $depth } halvdrag djupt (partiet tog slut för tidigt för att räknas ut).
review-accuracy = Genomsnittlig förlust: { $loss } pjäser per drag
review-no-moves = Inget drag gjort, så inget att bedöma
review-no-mistakes = Inget drag kostade { $discs } pjäser eller mer.
review-mistake = { $number }. { $played } i stället för { $best }: { $discs ->
    [one] en pjäs
   *[other] { $discs } pjäser
} förlorade.
review-mistake-again = { $number }. { $played } i stället för { $best }: { $discs ->
    [one] en pjäs
   *[other] { $discs } pjäser
} förlorade, återigen { $ideas }.
review-footer = Förlusterna är i pjäser mot motorns bästa drag. Diagrammet visar värdet med bästa spel från { $side }s sida; de uppräknade dragen är markerade i det.
review-chart-title = Värde med bästa spel
review-chart-side = { $side }: { $player }
review-chart-exact = exakt
review-chart-moves = drag
review-chart-alt = Diagram över värdet med bästa spel, drag för drag, från { $side }s sida: { $start } i början, { $end } i slutet. { $count ->
    [0] Inget misstag är markerat.
    [one] Markerat: drag { $moves }.
   *[other] Markerade: dragen { $moves }.
}
motif-corner-given = Det gav bort hörnet { $corner } genom { $kind ->
    [x] X-rutan
   *[c] C-rutan
} { $via }: motståndaren { $how ->
    [now] kan ta det direkt
    [forced] kan tvinga till sig det inom två drag
   *[threatened] kan hota det med sitt nästa drag
}.
motif-wall = Det byggde en mur av pjäser mot de tomma rutorna: färre drag för spelaren, fler för motståndaren.
motif-quiet-move = Det bästa draget var ett tyst drag: få pjäser vända, alla inne på brädet, inget nytt öppnat.
motif-parity = Det förlorade pariteten: det spelade i ett jämnt område av tomma rutor när det bästa draget tog sista draget i ett udda.
motif-unbalanced-edge = Det lämnade en obalanserad kant { $edge ->
    [north] upptill
    [south] nedtill
    [west] till vänster
   *[east] till höger
} som motståndaren kan angripa.
motif-stoner-trap = Det gick i en Stoner-fälla på kanten { $edge ->
    [north] upptill
    [south] nedtill
    [west] till vänster
   *[east] till höger
}: motståndaren kan tvinga till sig hörnet.
motif-edge-given = Det öppnade { $edge ->
    [north] övre
    [south] nedre
    [west] vänstra
   *[east] högra
} kanten för motståndaren vid { $at }: { $wedge ->
    [yes] Motståndaren kan ta sig in mellan två av spelarens pjäser där.
   *[no] Motståndaren kan vända spelarens pjäser längs kanten där.
}
motif-stable = Det bästa draget hade gjort { $best } av spelarens pjäser stabila, så att de aldrig kan vändas igen; det här draget { $played ->
    [0] inga
   *[other] bara { $played }
}.
motif-mobility = Efteråt hade motståndaren { $theirs ->
    [0] inga drag
    [one] ett drag
   *[other] { $theirs } drag
} och spelaren { $mine ->
    [0] inga
    [one] ett
   *[other] { $mine }
}; efter det bästa draget hade det varit { $best-theirs } och { $best-mine }. Den som har färre drag har färre bra drag.
motif-potential-mobility = Efteråt låg { $played } tomma rutor intill spelarens pjäser, efter det bästa draget bara { $best }: Var och en kan ge motståndaren ett drag.
motif-frontier = Efteråt hade spelaren { $played } pjäser intill tomma rutor, efter det bästa draget bara { $best }: Sådana frontpjäser ger motståndaren drag.
motif-seen = { $idea } (se drag { $number })
motif-name-corner-given = ett bortgivet hörn
motif-name-edge-given = en kant öppnad för motståndaren
motif-name-unbalanced-edge = en obalanserad kant
motif-name-stoner-trap = en Stoner-fälla
motif-name-parity = förlorad paritet
motif-name-wall = en mur
motif-name-stable = färre stabila pjäser
motif-name-mobility = förlorad rörlighet
motif-name-potential-mobility = fler tomma rutor intill spelarens pjäser
motif-name-quiet-move = ett missat tyst drag
motif-name-frontier = fler frontpjäser
analysis-title-game = Parti #{ $id } efter { $moves ->
    [one] ett drag
   *[other] { $moves } drag
}: { $player } vid draget
analysis-title-position = En ställning med { $empties ->
    [one] en tom ruta
   *[other] { $empties } tomma rutor
}: { $player } vid draget
analysis-title-transcript = Efter { $moves ->
    [one] ett drag
   *[other] { $moves } drag
}: { $player } vid draget
analysis-line = { $square } { $score }{ $exact ->
    [yes] {""}
   *[other] {" "}(uppskattat)
}
analysis-footer = Varje drags värde är pjässkillnaden i slutet för { $side } med bästa spel efter det; exakt om det inte är markerat som uppskattat.
analysis-alt = Bräde med varje möjligt drags värde för { $player }; bäst: { $best }.
button-review = Genomgång
error-nothing-to-review = Den här kanalen har inget avslutat parti ännu. Ange ett partis id: /genomgång parti:<id>
error-review-unsupported = Motorn går igenom partier på 8x8 där alla linjer vänds och pjäserna aldrig tar slut; det här partiets regler ({ $rules }) kan den inte söka i.
error-analysis-rated = Analyser är avstängda medan du spelar ett rankat parti, och i en kanal som har ett, så att ingen får hjälp under ett parti. Det går igen när partiet är slut.
error-bad-transcript = { $transcript } är varken ett parti från början eller ett bräde: skriv dragen efter varandra, till exempel f5d6c3, eller de 64 rutorna från a1 till h8 (X svart, O vit, - tom) och X eller O för den som är vid draget.
error-position-length = { $position } har { $count ->
    [one] en ruta
   *[other] { $count } rutor
}, men ett bräde har 64: skriv dem rad för rad från a1 till h8 (X svart, O vit, - tom) och sedan X eller O för den som är vid draget.
error-position-side = { $position } slutar inte med den som är vid draget: skriv efter de 64 rutorna X om svart drar eller O om vit drar.
error-transcript-illegal = I { $transcript } kan drag { $number } ({ $move }) inte spelas: { $why }
error-transcript-bad-move = I { $transcript } är drag { $number } inget drag: { $why }
error-option-unknown-command = Det finns inget kommando { $command }. Skriv /hjälp för att se kommandona.
error-option-unknown = { $command } har inget alternativ { $option }. Dess alternativ: { $options }.
error-option-none = { $command } tar inget efter sig, så { $value } betyder inget för det.
error-option-no-option-for = Inget alternativ till { $command } tar { $value }. Dess alternativ: { $options }.
error-option-bad-value = { $value } passar inte { $option } i { $command }: det tar { $accepts }.
error-option-repeated = { $option } står två gånger: ange det en gång.
error-option-missing = { $command } behöver { $option }: { $accepts }.
error-option-only-with = { $option } går bara ihop med { $other } { $choice }.
error-option-exclusive = Ange { $option } eller { $other }, inte båda.
option-accepts-integer = ett heltal från { $min } till { $max }
option-accepts-integer-from = ett heltal från { $min } och uppåt
option-accepts-boolean = ja eller nej
option-accepts-user = en spelare
option-accepts-role = en roll
option-accepts-text = lite text
error-no-such-move = Parti #{ $id } har { $count ->
    [one] ett drag
   *[other] { $count } drag
}: ange ett dragnummer från 0 till { $count }.
error-nothing-to-analyse = Ingen kan dra i den ställningen: där är partiet slut.

## Turneringar.
error-tournament-needs-server = Turneringar spelas på en server: använd /turnering där.
error-no-tournament = Servern har ingen turnering som är öppen för anmälan eller pågår. En arrangör skapar en med /turnering åtgärd:skapa.
error-no-such-tournament = Servern har ingen turnering nr { $id }.
error-not-organiser = Det får bara turneringens arrangör, en medlem med behörigheten ”Hantera server” eller en med serverns arrangörsroll göra.
error-tournament-needs-name = En turnering behöver ett namn: lägg till namn:… i /turnering åtgärd:skapa.
error-already-entered = Du är redan med i den här turneringen.
error-tournament-full = Turneringen är full: den tar { $max } spelare.
error-tournament-closed = Turneringen tar inte emot fler anmälningar.
error-not-entered = Den spelaren är inte med i turneringen.
error-too-few-players = En turnering behöver minst två spelare för att börja.
error-tournament-not-running = Det går inte nu: turneringen pågår inte (eller är redan pausad eller återupptagen).
tournament-title = 🏆 { $name } (nr { $id })
tournament-bot = { $name } ({ $level })
tournament-format = { $format ->
    [round-robin] Allsvensk
    [double-round-robin] Dubbel allsvensk
    [knockout] Utslagsturnering
   *[swiss] Schweizer
}{ $rounds ->
    [0] {""}
    [one] , en rond
   *[other] , { $rounds } ronder
}
tournament-rated = Rankad: partierna räknas på rankningen.
tournament-unrated = Inte rankad.
tournament-move-time = { $minutes ->
    [one] En minut per drag.
   *[other] { $minutes } minuter per drag.
}
tournament-organiser = Arrangör: { $player }
tournament-players = Spelare ({ $count } av { $max })
tournament-nobody = Ingen än.
tournament-more = och { $count } till
tournament-card-signup = Gå med med knappen, eller med /turnering (åtgärd: gå med, nummer: { $id }). Arrangören startar den.
tournament-card-running = Rond { $round } av { $rounds } spelas.
tournament-card-finished = Avslutad.
tournament-card-cancelled = Inställd.
button-tournament-join = Gå med
button-tournament-leave = Lämna
button-tournament-start = Starta
tournament-list-title = Turneringar på servern
tournament-list-line = Nr { $id } { $name }: { $format }, { $players ->
    [one] en spelare
   *[other] { $players } spelare
}, { $state ->
    [signup] öppen för anmälan
    [running] rond { $round } av { $rounds }
    [paused] pausad i rond { $round }
    [finished] avslutad
   *[cancelled] inställd
}
tournament-list-empty = Inga turneringar än. En arrangör skapar en med /turnering åtgärd:skapa.
tournament-list-footer = /turnering åtgärd:tabell nummer:… visar en turnerings tabell.
tournament-round-title = { $name }: rond { $round } av { $rounds }
tournament-board = Bord { $board }: { $black } (svart) mot { $white } (vit)
tournament-bye = { $player } står över: en vinst, 32 pjäser mot 0.
tournament-forfeit = { $winner } vinner utan spel: { $loser } har dragit sig ur.
tournament-round-footer = { $format ->
    [knockout] Varje parti har en egen tråd. En match är två partier med bytta färger; står den lika följer avgörande partier tills ett vinns.
   *[other] Varje parti har en egen tråd. Nästa rond lottas när alla partier är slut.
}
tournament-standings-title = { $name }: tabellen efter rond { $round } av { $rounds }
tournament-standings-live-title = { $name }: tabellen under rond { $round } av { $rounds }
tournament-final-title = { $name }: sluttabell
tournament-standing = { $rank }. { $player }: { $points } { $plural ->
    [one] poäng
   *[other] poäng
} ({ $wins }–{ $draws }–{ $losses }), Brightwell { $brightwell }, pjäser { $discs }{ $withdrawn ->
    [yes] , har dragit sig ur
   *[no] {""}
}
tournament-standings-footer = { $format ->
    [knockout] Spelarna rangordnas efter hur långt de kom, sedan efter poäng, Brightwell-kvoten och pjässkillnaden.
   *[other] Vid lika poäng avgör Brightwell-kvoten, sedan pjässkillnaden, som i världsmästerskapet i othello.
}
tournament-podium = Prispall
tournament-podium-line = { $place ->
    [1] 🥇 Segrare
    [2] 🥈 Tvåa
   *[3] 🥉 Trea
}: { $player } med { $points } { $plural ->
    [one] poäng
   *[other] poäng
}
tournament-picture-description = Tabellen för { $name }: placering, spelare, partier, poäng och särskiljning
tournament-picture-withdrawn = utgått
tournament-picture-final = Sluttabell
tournament-picture-round = Efter rond { $round } av { $rounds }
tournament-picture-live = Under rond { $round } av { $rounds }
tournament-picture-rank = Pl.
tournament-picture-player = Spelare
tournament-picture-games = P
tournament-picture-points = Poäng
tournament-picture-brightwell = BQ
tournament-picture-discs = Pjäser
tournament-picture-footnote = { $format ->
    [knockout] Efter nådd rond; sedan Brightwell-kvoten (BQ) och pjäser.
   *[other] Lika: Brightwell-kvoten (BQ), sedan pjässkillnaden.
}
tournament-thread = { $name } · rond { $round }, bord { $board }: { $black } – { $white }
tournament-game-intro = { $name }, rond { $round }, bord { $board }: { $black } spelar svart mot { $white }. Lycka till!
tournament-withdrawn = { $player } { $started ->
    [yes] har dragit sig ur { $name }: inga fler partier, och ett parti som pågår är förlorat.
   *[no] har lämnat { $name }.
}
tournament-paused = { $name } är pausad: ingen rond lottas förrän den återupptas.
tournament-resumed = { $name } fortsätter.
tournament-export = { $name }: { $games ->
    [one] dess parti
   *[other] dess { $games } partier
} som en GGF-fil, och korstabellen som text.
tournament-export-place = reversi-bot, { $name }, rond { $round }, bord { $board }, parti { $game }
tournament-export-table-description = Korstabellen: placeringar, poäng, särskiljning och varje ronds resultat
tournament-export-round = R{ $round }
tournament-export-legend = Varje rond: + vinst, = remi, - förlust, sedan motståndarens rad och färg (b svart, w vit); F: avgjort utan spel; +BYE: står över (en vinst, 32-0).
tournament-cancelled = { $name } är inställd.
error-start-in-past = Den starttiden har redan passerat: ange en i framtiden, eller utelämna start och starta den själv.
error-result-incomplete = För att sätta ett resultat, ange spelaren och resultatet: /turnering åtgärd:resultat spelare:@någon resultat:vinst (eller förlust, eller remi).
error-no-game-to-decide = Den spelaren har inget parti kvar att avgöra i rond { $round } av den här turneringen.
tournament-round-time = { $hours ->
    [one] En timme per rond: partier som då pågår förloras på tid av den som står på tur.
   *[other] { $hours } timmar per rond: partier som då pågår förloras på tid av den som står på tur.
}
tournament-starts = Startar { $when }.
tournament-log = Arrangörens logg
tournament-log-line = { $when }: { $actor } { $action ->
    [started] startade turneringen
    [paused] pausade den
    [resumed] återupptog den
    [removed] tog bort { $subject }
    [result] satte resultatet i parti { $game }: { $result ->
        [black] vinst för svart
        [white] vinst för vit
       *[draw] remi
    }
   *[cancelled] ställde in den
}
tournament-match = Match { $board }: { $black } mot { $white } ({ $black } har svart i första partiet)
tournament-decider = { $name }, rond { $round }, match { $board } står lika: avgörande parti { $game }, { $black } spelar svart mot { $white }.
tournament-adjudicated = { $name }, rond { $round }, bord { $board }: arrangören satte resultatet, { $result ->
    [black] { $black } (svart) vinner mot { $white }
    [white] { $white } (vit) vinner mot { $black }
   *[draw] remi mellan { $black } och { $white }
}.

## Säsonger på topplistan.

season-current-word = nuvarande
season-title-running = Säsong { $season } hittills: { $ladder }
season-title-closed = Säsong { $season }, sluttabell: { $ladder }
season-line = { $rank }. { $player } — { $rating } ({ $games ->
    [one] { $games } parti
   *[other] { $games } partier
})
season-empty-running = Ingen har spelat { $min } rankade partier på den här servern den här säsongen än.
season-empty-closed = Ingen spelade de { $min } rankade partier som krävdes den här säsongen.
season-your-games = Du har spelat { $games ->
    [one] { $games } rankat parti
   *[other] { $games } rankade partier
} den här säsongen: med { $min } kommer du med i tabellen.
season-your-games-enough = Du har spelat { $games } rankade partier den här säsongen: nog för tabellen.
season-footer-running = Ordnad efter rating bland spelare med minst { $min } rankade partier på den här servern den här säsongen. Den slutar { $end }; ratingen följer med till nästa.
season-footer-closed = Ordnad efter rating vid säsongens slut ({ $end }) bland spelare med minst { $min } rankade partier på den här servern under säsongen.
season-closed-title = 🏆 Säsong { $season } är över!
season-closed-champion = { $player } vinner { $ladder } med en rating på { $rating }.
season-closed-podiums = Säsong { $season }: pallen
season-closed-footer = Ordnad efter rating vid säsongens slut bland spelare med minst { $min } rankade partier på den här servern. Hela tabellen: /topplista säsong:{ $season }. Ratingen följer med till nästa säsong.
leaderboard-season-running = Säsong { $season } pågår till { $end }: /topplista säsong:nuvarande visar dess tabell.
settings-season = Säsonger
settings-season-off = av
settings-season-on = { $cadence ->
    [monthly] varje månad
   *[quarterly] varje kvartal
}: säsong { $season } slutar { $end }; vinnarna meddelas i kanalen där säsongerna slogs på
error-not-offered-here-dm = { $command } fungerar på en server eller i ditt DM med mig, inte i den här chatten.
error-not-offered-here-chat = { $command } behöver någon att spela mot: använd det på en server, eller i en gruppchatt eller ett DM med personen.
error-not-offered-here-server = { $command } hör till en server: använd det där.
error-bot-not-in-server = Jag är inte med på den här servern och kan inte spela här. Be någon som driver den att lägga till mig, eller spela i ditt DM med mig eller i en gruppchatt.
error-not-in-chat = { $player } är inte med i den här chatten: utmana någon som är det.
error-watch-in-its-channel = Parti #{ $id } spelas i den här kanalen: /bräde visar det.
error-game-private = Parti #{ $id } är privat: det kan bara följas i sin egen kanal.
error-watch-over = Parti #{ $id } är slut: /exportera och /genomgång visar det.
error-watch-already = Ett livebräde för parti #{ $id } finns redan i den här kanalen.
error-live-board-stopped = Det här brädet följer inte längre sitt parti.
error-not-your-live-board = Bara { $player }, som bad om brädet, eller någon som hanterar servern kan stoppa det.
error-takeback-rated = Ångrade drag finns bara i vänskapspartier: det här är rankat.
error-takeback-tournament = Turneringspartier har inga ångrade drag.
error-nothing-to-take-back = Du har inte gjort något drag än: det finns inget att ångra.
error-takeback-after-reply = { $player } har redan svarat: bara ditt senaste drag, före svaret, kan ångras.
error-bot-refuses-takeback = På nivå { $level } tillåter jag inga ångrade drag på den här servern (/inställningar bot_ångringar).
error-own-takeback = Du bad om att få ångra: { $player } svarar.
error-takeback-answered = Det har redan svarats på den begäran.
error-takeback-lapsed = För sent: ett drag har spelats sedan dess, så begäran har fallit bort.
error-season-needs-server = Säsonger hör till en server: använd /topplista säsong: på en server.
error-seasons-off = Den här servern har inga säsonger. En medlem med behörigheten Hantera server slår på dem med /inställningar säsong.
error-bad-season = { $season } är ingen säsong: ange en månad som 2026-10, ett kvartal som 2026-Q4, eller nuvarande.
error-no-such-season = Säsong { $season } har inte avslutats på den här servern. Avslutade säsonger: { $closed }.
error-no-such-season-none = Säsong { $season } har inte avslutats på den här servern, och ingen säsong har avslutats här än.

## Problem: ställningar vars lösning den exakta lösaren har bevisat.

puzzle-title = Problem #{ $number }
puzzle-title-streak = Problem #{ $number } · serie, problem { $streak }
puzzle-title-daily = Dagens problem { $day } · #{ $number }
puzzle-opponent = Problem
puzzle-to-play = { $side } drar · { $empties ->
    [one] 1 tom ruta
   *[other] { $empties } tomma rutor
}
puzzle-task-win = Hitta ett drag som vinner.
puzzle-task-best = Hitta det bästa draget: det som behåller det bästa resultatet.
puzzle-task-corner = Vinn hörnet: hitta det bästa draget.
puzzle-task-sweep = Sopa rent: hitta draget som inte lämnar motståndaren en enda pjäs.
puzzle-task-line = Hitta den bästa följden: { $steps } drag, och boten svarar på vart och ett med det bästa svaret.
puzzle-hint = Tips: { $themes }.
puzzle-theme-corner = ett hörn
puzzle-theme-edge = ett kantdrag
puzzle-theme-parity = paritet (spela i en udda region)
puzzle-theme-tempo = tempo (ett lugnt eller väntande drag)
puzzle-theme-sweep = att sopa rent
puzzle-theme-stoner = en Stoner-fälla att undvika
puzzle-theme-only-move = det enda draget
puzzle-theme-none = ingen namngiven idé: räkna ut det
puzzle-value-win = { $discs ->
    [one] vinst med 1 pjäs
   *[other] vinst med { $discs } pjäser
}
puzzle-value-draw = oavgjort
puzzle-value-loss = { $discs ->
    [one] förlust med 1 pjäs
   *[other] förlust med { $discs } pjäser
}
puzzle-right-go-on = ✅ { $square } är rätt: med bästa spel leder det till { $value }. Boten svarar { $reply }: ditt drag igen.
puzzle-solved = ✅ Löst! { $square } leder till { $value } med bästa spel, bättre går inte.
puzzle-missed = ❌ Inte den här gången: { $square } leder till { $value }; det bästa, { $best }, leder till { $best-value }.
puzzle-gave-up = Du gav upp det här problemet.
puzzle-solution = Lösning: { $line } ({ $value }).
puzzle-reply-mark = { $square } (svar)
puzzle-themes = Idéer: { $themes }.
puzzle-rating-change = Din problemrating: { $before } → { $after } ({ $change }).
puzzle-not-rated = Inte rankat: bara ditt första försök på ett problem påverkar din problemrating.
puzzle-streak-so-far = { $solved ->
    [0] Serie: inget problem löst än. En miss avslutar den.
    [one] Serie: 1 löst hittills. En miss avslutar den.
   *[other] Serie: { $solved } lösta hittills. En miss avslutar den.
}
puzzle-streak-solved = { $solved ->
    [one] Serie: 1 löst. Nästa är svårare.
   *[other] Serie: { $solved } lösta. Nästa är svårare.
}
puzzle-streak-over = { $solved ->
    [one] Din serie slutar med 1 löst. Ditt bästa: { $best }.
   *[other] Din serie slutar med { $solved } lösta. Ditt bästa: { $best }.
}
puzzle-banner-solved = Löst
puzzle-banner-solution = Lösningen
puzzle-field-rating = Problemets rating
puzzle-field-difficulty = Svårighet
puzzle-field-empties = Tomma rutor
puzzle-footer = Bevisat av den exakta slutspelslösaren: varje drag som är lika bra som det bästa godtas · välj ett drag eller skriv ett, till exempel d3
puzzle-footer-over = Siffrorna på brädet visar lösningens drag · /problem statistik visar dina resultat
button-puzzle-hint = Tips
button-puzzle-give-up = Ge upp
button-puzzle-next = Nästa problem
button-puzzle-streak-next = Nästa i serien
button-puzzle-streak-new = Ny serie
puzzle-stats-title = Problem · { $player }
puzzle-field-your-rating = Problemrating
puzzle-field-solved = Lösta
puzzle-field-best-streak = Bästa serie
puzzle-stats-unrated = inte rankad än
puzzle-stats-provisional = { $rating }? (preliminär)
puzzle-stats-solved = { $solved } av { $attempts } ({ $percent } %)
puzzle-streaks-title = Serverns bästa serier
puzzle-streaks-line = { $place }. { $player }: { $best }
puzzle-streaks-none = Ingen på den här servern har löst ett serieproblem än: /problem serie startar en.
puzzle-stats-footer = Ditt första försök på varje problem påverkar din problemrating, skild från dina partiratingar; serier rankas inte.
error-no-puzzle = Du har inget problem i den här kanalen: /problem ger dig ett.
error-puzzle-live = Du har redan ett problem av det slaget här: lös det först, eller ge upp det med /problem ge-upp.
error-not-your-puzzle = Det här är { $player }s problem: /problem ger dig ditt eget.
error-puzzle-bad-square = { $text } är ingen ruta: ange kolumn och rad, till exempel d3.
error-puzzle-illegal = { $square } är inget tillåtet drag här: välj ett i menyn.
error-puzzle-over = Det problemet är över: knappen Nästa problem eller /problem ger dig ett nytt.
error-no-such-puzzle = Det finns inget problem #{ $number }: de är numrerade 1 till { $count }.
error-no-puzzle-left = Du har försökt alla problem nära din rating. Bra spelat! Med /problem nummer: spelar du vilket som helst igen.
settings-daily-puzzle = Dagens problem
settings-daily-puzzle-off = av
settings-daily-puzzle-on = i { $channel } klockan { $hour }:00 UTC
daily-puzzle-private = Tryck på Lös: problemet öppnas bara för dig, och ditt svar är privat tills morgondagens inlägg.
daily-puzzle-yesterday = Gårdagens problem #{ $number }: { $line } ({ $value }).
daily-puzzle-solved-by = { $count ->
    [one] Löst av { $players }.
   *[other] Löst av { $count }: { $players }.
}
daily-puzzle-solved-by-nobody = Ingen här löste det.
daily-puzzle-footer = Ett nytt problem varje dag, samma för alla · ditt första försök påverkar din problemrating
button-daily-puzzle-solve = Lös
