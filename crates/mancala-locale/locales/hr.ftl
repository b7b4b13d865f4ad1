# Stranica naredbe `mancala serve`, na hrvatskom.
#
# Ovaj je katalog prijevod datoteke en.ftl (referentnog kataloga) i ima točno njezine ključeve.
# Izvorni govornici dobrodošli su da ga isprave u repozitoriju projekta: bolja riječ za jamu,
# kamen ili spremište, ili rečenica koja zvuči prirodnije, dobra je promjena.
#
# Slova jama, potezi (osim „pass”), zapisi položaja i OGN ostaju kakvi jesu. Množina u hrvatskom:
# one (1 kamen, 21 kamen), few (2 kamena, 3, 4) i other (5 kamenova, 11 kamenova).

## The language menu and the page's frame

language-menu = Jezik
settings = Postavke
set-theme = Boje
set-theme-system = Kao uređaj
set-theme-light = Svijetle
set-theme-dark = Tamne
set-motion = Prikaz poteza
set-motion-system = Kao uređaj
set-motion-full = Kamen po kamen
set-motion-reduced = Odjednom (manje animacije)
set-sound = Zvuk poteza i uzimanja
nav-play = Igraj
nav-mirall = Zrcalo
nav-cups = Kamenje u čašama
nav-rules = Kako se igra
offline = Veza je prekinuta — ponovno pokušavam… Ništa se ne može odigrati dok poslužitelj opet ne odgovori.
connection-lost = Veza je prekinuta — ponovno pokušavam…
move-unsent = Vaš potez { $move } nije stigao do poslužitelja.
move-unsent-again = Ponovno odigraj { $move }

## Sides and players

side-south = Jug
side-north = Sjever
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = Spremište ({ $side }), { $count ->
    [one] { $count } kamen
    [few] { $count } kamena
   *[other] { $count } kamenova
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] vaša { $pit }
    [theirs] protivnikova { $pit }
   *[side] { $pit } ({ $side })
  }, { $count ->
    [one] { $count } kamen
    [few] { $count } kamena
   *[other] { $count } kamenova
  }, { $playable ->
    [yes] može se odigrati
   *[no] ne može se odigrati
  }
pit-label-hint = , preporučeni potez
pit-label-last = , posljednji potez
board-label = ploča
board-label-south = Ploča: Sjeverov red gore, Jugov dolje
board-label-north = Ploča: vaš red (Sjeverov) dolje, Jugov gore
mirall-board-label = Ploča Zrcala
cups-board-label = čaše u krugu

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala
game-oware = Oware
game-kalah = Kalah
game-el-mirall = Zrcalo
game-stones-in-cups = Kamenje u čašama
summary-modiar = Marokanska dječja igra na ploči 2x3 sa 7 kamenova u jami: prvi kamen vraća se u ispražnjenu jamu, pojedinačni kamen ne smije se pomicati, hvatanja 2, 4 ili 6 kamenova protežu se unatrag u lancu, prvi potez ništa ne hvata, protivnika bez kamenja treba nahraniti, a grand slam je zabranjen.
summary-mangala-ii = Osmanska turska igra na ploči 2x6 sa 6 kamenčića u jami: sjetva počinje u sljedećoj jami, hvatanja 2, 4 ili 6 u bilo kojem redu protežu se unatrag u lancu, igrač s praznim redom propušta potez, a igra se dok ploča ne ostane prazna.
summary-oware = Zapadnoafrički klasik (pravila abapa) na ploči 2x6 sa 4 kamena u jami: krugovi preskaču početnu jamu, hvatanja 2 ili 3 u protivnikovu redu protežu se unatrag u lancu, protivnika bez kamenja treba nahraniti, grand slam ništa ne hvata, a igra završava kad igrač ima više od polovice kamenja.
summary-kalah = Američka komercijalna igra Kalah(6,4): svaki igrač sije kroz vlastito spremište, završetak u njemu donosi još jedan potez, završetak u vlastitoj praznoj jami hvata nju i jamu nasuprot, a igra završava kad je jedan red prazan.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, { $seeds } u jami)

## Computer levels

level-random = Nasumično (igra bilo koji dopušteni potez)
level-greedy = Pohlepno (odmah uzima najviše kamenova)
level-beginner = Početnik (gleda jedan potez unaprijed i često bira slabiji potez)
level-novice = Novak (vidi odgovor na svoj potez, ponekad bira slabiji potez)
level-intermediate = Srednje (četiri polupoteza unaprijed, rijetko odstupa od najboljeg poteza)
level-advanced = Napredno (sedam polupoteza unaprijed, uvijek svoj najbolji potez)
level-expert = Stručnjak (dvanaest polupoteza unaprijed)
level-maximum = Najjače (onoliko duboko koliko dopušta vrijeme po potezu, na svim jezgrama)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = nasumično
level-name-greedy = pohlepno
level-name-beginner = početnik
level-name-novice = novak
level-name-intermediate = srednje
level-name-advanced = napredno
level-name-expert = stručnjak
level-name-maximum = najjače

## New game

new-game = Nova igra
ng-game = Igra
ng-opponent = Protivnik
ng-opponent-engine = Računalo
ng-opponent-local = Dva igrača na ovom zaslonu
ng-opponent-remote = Prijatelj, putem poveznice
ng-level = Razina
ng-side = Vi igrate
ng-side-south = Jug (donji red, igra prvi)
ng-side-north = Sjever (gornji red)
ng-hints = Oba igrača smiju koristiti savjete i analizu tijekom igre (vaš prijatelj to vidi prije nego se pridruži; inače se otvaraju kad igra završi)
ng-start = Počni
ng-from = Početi od
ng-from-start = Uobičajeni početak
ng-from-position = Položaj koji sami postavite
ng-position = Položaj
ng-position-help = Kamenovi u jamicama Juga (A, B, …), zatim Sjevera (a, b, …), zatim kamenovi koje su uzeli Jug i Sjever, pa tko je na potezu: S ili N. Početak je { $start }.
ng-position-over = U ovom položaju igra je već gotova.
ng-position-to-move = Na potezu je { $side }: { $moves }
ng-board-label = Postavljeni položaj

## Your games

your-games = Vaše igre
col-game = Igra
col-opponent = Protivnik
col-turn = Potez ili rezultat
col-score = Rezultat (Jug–Sjever)
col-last = Posljednji potez
col-open = Otvori
game-fallback = Igra
opp-engine = Računalo ({ $level })
opp-local = Dva igrača na jednom zaslonu
opp-watching = Gledate dvoje ljudi
opp-remote = Prijatelj, putem poveznice
opp-lobby = Protivnik iz predvorja
turn-yours = Vi ste na potezu
turn-computer = Računalo je na potezu
turn-friend = Prijatelj je na potezu
turn-opponent = Protivnik je na potezu
to-move = Na potezu: { $side }
game-you = { $name } (vi: { $side })
score-pair = { $south }–{ $north }
open-view = Pogledaj
open-resume = Nastavi
open-label = { $action }: { $name }, { $opponent }

## Import

import-title = Uvezi igru (OGN)
import-label = Zapis igre u OGN-u
import-file = Ili datoteka:
import-go = Uvezi i nastavi igrati

## A game

game-title-engine = { $name } protiv računala ({ $level })
game-title-local = { $name } — dva igrača
game-title-remote = { $name } — dvoje ljudi putem poveznice
game-title-lobby = { $name } — dva igrača koja su se srela u predvorju
game-not-found = Igra nije pronađena
missing-new-game = Započnite novu igru
invite-link = Pošaljite ovu poveznicu prijatelju (drugo mjesto otvara samo jednom):
copy = Kopiraj
invite-hints-on = U ovoj su igri savjeti i analiza otvoreni za oba igrača.
invite-hints-off = Savjeti i analiza ostaju zatvoreni dok igra ne završi.
undo-agree = Pristani
undo-refuse = Odbij
undo-asks = { $side } traži da se vrati potez.
btn-pass = Propusti
btn-undo = Vrati potez
btn-hint = Savjet
btn-resign = Predaj
btn-ogn = Preuzmi OGN
btn-analyse = Analiziraj
btn-new-game = Nova igra
speed = Brzina
hints-off-note = Savjeti i analiza zatvoreni su dok igra dvoje ljudi; otvaraju se kad igra završi.
hints-on-note = U ovoj su igri savjeti i analiza otvoreni za oba igrača (odabrano pri stvaranju igre).
hints-rated-note = Savjeti, analiza i vraćanje poteza zatvoreni su u rangiranoj igri; savjeti i analiza otvaraju se kad igra završi.
undo-over-note = Igra je završena: vraćanje poteza je isključeno, završena se igra ne otvara ponovno.
undo-over-title = Igra je završena: u završenoj igri potez se ne vraća
keys-note = Tipke: slovo jame igra tu jamu (veliko ili malo); Tab dolazi do svake jame, Enter ili razmaknica je igra; P propušta potez kad morate.
own-link-summary = Igraj ovo mjesto na drugom uređaju
own-link = Vaša vlastita poveznica (zadržite je za sebe):
moves = Potezi
analysis = Analiza
rules-of-game = Kako se igra: { $name }

## Who plays

who-computer = Računalo ({ $side })
who-you = Vi ({ $side })
who-friend = Prijatelj ({ $side })
who-opponent = Protivnik ({ $side })
who-person = { $side } (osoba)
watching = Gledate: { $players }. Ploča je samo za čitanje.
watching-remote = { $south } — { $north }, dvoje ljudi igra putem poveznice
watching-lobby = { $south } — { $north }, dva igrača koja su se srela u predvorju
watching-engine = { $south } — { $north }
watching-local = Jug protiv Sjevera, dva igrača na jednom zaslonu
watching-used = Ova je pozivnica već iskorištena: svoje mjesto otvara samo jednom.

## The status line

status-over = Kraj igre: { $result }
status-extra-turn = Još jedan potez!
status-choose = { $who }: odaberite jamu ({ $moves })
status-must-pass = { $who }: nijedna se jama ne može odigrati, pa propuštate potez (pritisnite Propusti ili P)
status-thinking = Računalo razmišlja…
status-waiting-friend = Čeka se prijatelj ({ $side })…
status-waiting-opponent = Čeka se protivnik ({ $side })…
status-waiting = Čeka se { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } propušta potez
ply-plays = { $side } igra { $move }
ply-plays-capturing = { $side } igra { $move } i hvata { $count }
ply-extra-turn = Još jedan potez: { $side } igra ponovno
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , uhvaćeno { $count }
ply-title-extra = , još jedan potez
taken-back-one = Jedan je potez vraćen.
taken-back = { $count ->
    [one] Vraćen je { $count } potez.
    [few] Vraćena su { $count } poteza.
   *[other] Vraćeno je { $count } poteza.
  }
undo-asked = Zamolili ste prijatelja da pristane na vraćanje poteza.
undo-asked-opponent = Zamolili ste protivnika da pristane na vraćanje poteza.
undo-withdraw = Povuci zahtjev
undo-refused = Drugi igrač nije pristao na vraćanje vašeg poteza.
not-your-turn = Niste na potezu.
read-only = Gledate: ova je ploča samo za čitanje.
resign-confirm = Predati ovu igru?

## Results

result-draw = Neriješeno { $south }–{ $north }
result-you-win = Pobijedili ste { $mine }–{ $theirs }
result-you-lost = Izgubili ste { $mine }–{ $theirs }
result-wins = Pobjeđuje { $winner } { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = predali ste
reason-computer-resigned = računalo je predalo
reason-opponent-resigned = protivnik je predao
reason-side-resigned = { $side } je predao
end-no-legal-move = igrač na potezu nema nijedan dopušteni potez
end-empty-board = ploča je prazna
end-row-empty = jedan je red prazan
end-majority = jedan je igrač zarobio više od polovice kamenja
end-repetition = jedan se položaj pojavio drugi put
end-max-plies = dosegnuto je ograničenje broja poteza

## Hints and analysis

hint-database = Savjet: igrajte { $move } — uz savršenu igru { $side } { $lead ->
    [ahead] pobjeđuje za { $by }
    [behind] gubi za { $by }
   *[even] igra neriješeno
  } (svaki potez: { $moves })
hint-search = Savjet: igrajte { $move } — gledajući { $depth } polupoteza unaprijed, { $side } { $lead ->
    [ahead] ima prednost od oko { $by }
    [behind] zaostaje za oko { $by }
   *[even] je otprilike izjednačen
  }
hint-said = Savjet: igrajte { $move }.
analysis-weighing = Odmjerava se svaki potez…
analysis-forced = prisilan
analysis-best = najbolji
analysis-loses = gubi { $loss } (najbolji { $best } { $score })
analysis-mistake = pogreška: { $note }
analysis-exact = točno
analysis-depth = { $depth ->
    [one] { $depth } polupotez
    [few] { $depth } polupoteza
   *[other] { $depth } polupoteza
  }
analysis-side = { $side }: { $mistakes ->
    [one] { $mistakes } pogreška
    [few] { $mistakes } pogreške
   *[other] { $mistakes } pogrešaka
  }, { $lost ->
    [one] { $lost } izgubljen kamen
    [few] { $lost } izgubljena kamena
   *[other] { $lost } izgubljenih kamenova
  }
analysis-how-deep = Svaki je potez pretražen { $depth ->
    [one] { $depth } polupotez
    [few] { $depth } polupoteza
   *[other] { $depth } polupoteza
  } duboko
analysis-how-deep-db = Svaki je potez pretražen { $depth ->
    [one] { $depth } polupotez
    [few] { $depth } polupoteza
   *[other] { $depth } polupoteza
  } duboko, točno gdje baza podataka pokriva položaj
analysis-how = Svaki je potez odmjeren
analysis-summary = { $how }; rezultati su konačna razlika koju je igrač na potezu mogao očekivati. { $south }; { $north }.

## The solitaires: shared

btn-reset = Ispočetka
btn-back = Natrag
btn-step = Korak
btn-auto = Automatska igra
btn-pause = Stanka
moves-count = Potezi:
counts-title = Potezi do povratka početka
counts-mark = Istaknute
counts-mark-note = ćelije su brojevi tiskani u izvornom tekstu igre (✓ kad se ovdašnje brojanje slaže, ✗ kad se ne slaže; ? kad nije prebrojeno u vremenu koje stranica čeka).
counting = Brojim…
not-counted = nije prebrojeno na vrijeme
not-counted-seed = nije prebrojeno na vrijeme; izvor daje { $seed }
seed-gives = izvor daje { $seed }
size-wrong = { $field } mora biti cijeli broj od { $min } do { $max }, a ne { $value }
size-empty = { $field } mora biti cijeli broj od { $min } do { $max } (polje je prazno)
size-not-number = { $field } mora biti cijeli broj od { $min } do { $max } (to nije broj)
auto-cannot = Automatska igra ne može ovdje dovršiti ovu veličinu: { $why }
auto-too-long = Automatska igra ne može ovdje dovršiti ovu veličinu: početak se vraća tek nakon { $cycle } poteza (stranica odigra najviše { $limit }); Korak pokazuje poteze jedan po jedan.

## El mirall

mirall-summary = Oba se reda miču istodobno, svaki kao zrcalna slika drugoga: Jug sije svoju krajnje lijevu zauzetu jamu udesno, Sjever svoju krajnje desnu ulijevo. Kada se oba reda vraćaju na početak?
m-pits = Jame
m-seeds = Sjemenke
m-mode = Način
m-mode-watch = Gledaj kako se igra
m-mode-duo = Dva igrača (svaki sije svoj red)
m-mode-link = Dva igrača na dva uređaja (poveznica)
m-duo-help = Svaki igrač sije svoj red, tipkom prikazanom uz svaku svoju jamu (Sjever: Q W E ..., Jug: Z X C ...) ili dodirom. Potez se dogodi kad su oba igrača posijala pravu jamu; pokušajte ostati u ritmu.
m-link-send = Pošaljite ovu poveznicu drugom igraču, koji igra Sjever (gornji red):
m-rows-note = Retci: jame u redu; stupci: sjemenke u jami.
m-back-at-start = Oba su se reda vratila na početak nakon { $moves ->
    [one] { $moves } poteza
    [few] { $moves } poteza
   *[other] { $moves } poteza
  }.
m-status-link-sown = Potez { $move }: posijali ste; čeka se { $other }.
m-status-link-sow-south = Potez { $move }: posijte svoju krajnje lijevu zauzetu jamu.
m-status-link-sow-north = Potez { $move }: posijte svoju krajnje desnu zauzetu jamu.
m-status-link-sow-south-other = Potez { $move }: posijte svoju krajnje lijevu zauzetu jamu ({ $other } je posijao).
m-status-link-sow-north-other = Potez { $move }: posijte svoju krajnje desnu zauzetu jamu ({ $other } je posijao).
m-status-duo = Potez { $move }: Jug mora pronaći svoju krajnje lijevu zauzetu jamu, Sjever svoju krajnje desnu.
m-status-watch = Potez { $move }: Jug sije { $south }, Sjever sije { $north }.
m-result = Povratak na početak nakon { $moves ->
    [one] { $moves } poteza
    [few] { $moves } poteza
   *[other] { $moves } poteza
  }.
m-result-differs = (Brojano od početka, cijeli krug traje { $cycle ->
    [one] { $cycle } potez
    [few] { $cycle } poteza
   *[other] { $cycle } poteza
  }.)
m-result-duo = Zajedno za { $secs } s; pogreške: Jug { $south }, Sjever { $north }; u prosjeku { $gap } ms razmaka.
m-no-such-pit = { $side } nema takvu jamu.
m-south-must = Jug mora posijati { $want }, a ne { $pit }: { $why }
m-north-must = Sjever mora posijati { $want }, a ne { $pit }: { $why }
m-south-why-first = to je njegova krajnje lijeva jama i u njoj ima sjemenki
m-south-why = to je njegova krajnje lijeva jama u kojoj ima sjemenki (prazne: { $empty })
m-north-why-first = to je njegova krajnje desna jama i u njoj ima sjemenki
m-north-why = to je njegova krajnje desna jama u kojoj ima sjemenki (prazne: { $empty })
m-pit-empty = ; { $pit } je prazna
m-stats = Zajedničkih poteza: { $moves }. Pogreške: Jug { $south }, Sjever { $north }. Prosječan razmak između vaših sjetvi: { $gap } ms.
m-you-play-south = Igrate Jug, donji red: dodirnite svoju jamu ili pritisnite njezinu tipku.
m-you-play-north = Igrate Sjever, gornji red: dodirnite svoju jamu ili pritisnite njezinu tipku.
m-watching = Gledate: ovaj preglednik nema mjesto u ovoj igri.
m-link-result = Povratak na početak nakon { $moves ->
    [one] { $moves } poteza
    [few] { $moves } poteza
   *[other] { $moves } poteza
  }, zajedno za { $secs } s.
m-your-row-south = Igrate Jugov (donji) red.
m-your-row-north = Igrate Sjeverov (gornji) red.

## Stones in cups

cups-summary = Čaše stoje u krugu. Ispraznite čašu 0 i sijte njezine kamenčiće u smjeru kazaljke na satu, po jedan u čašu; zatim ispraznite čašu u koju je pao posljednji kamenčić, i tako dalje. Koliko poteza treba dok svaka čaša opet ne bude imala svoje kamenčiće, a čaša 0 ne bude na potezu?
c-cups = Čaše
c-stones = Kamenčići
c-guess = Vaša procjena
c-guess-placeholder = poteza?
c-guess-go = Procijeni, pa pokreni
c-rows-note = Retci: kamenčići u čaši (k); stupci: čaše (n).
c-back-at-start = natrag na početku
c-next = sljedeća: čaša { $cup }
c-size = { $cups ->
    [one] { $cups } čaša
    [few] { $cups } čaše
   *[other] { $cups } čaša
  } × { $stones }
c-done = Povratak na početak nakon { $moves ->
    [one] { $moves } poteza
    [few] { $moves } poteza
   *[other] { $moves } poteza
  }.
c-status = Potez { $move }: ispraznite čašu { $cup } ({ $stones ->
    [one] { $stones } kamenčić
    [few] { $stones } kamenčića
   *[other] { $stones } kamenčića
  }) i sijte u smjeru kazaljke na satu.
c-engine-counts = (Brojano od početka, cijeli krug traje { $cycle ->
    [one] { $cycle } potez
    [few] { $cycle } poteza
   *[other] { $cycle } poteza
  }.)
c-guess-right = Vaša procjena, { $guess }, bila je točna!
c-guess-few = Vaša procjena bila je { $guess }: premalo za { $by }.
c-guess-many = Vaša procjena bila je { $guess }: previše za { $by }.
c-guess-first = Najprije upišite svoju procjenu: cijeli broj poteza.
c-guess-running = Vaša procjena: { $guess ->
    [one] { $guess } potez
    [few] { $guess } poteza
   *[other] { $guess } poteza
  }. Pokrećem…

## How to play (the rules pages)

rules-title = Kako se igra
rules-game = Pravila igre
rules-loading = Učitavam pravila…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = Zahtjev nije ono što ova adresa prima: { $detail }
error-body-too-large = Zahtjev je prevelik: najviše { $max } bajtova.
error-not-json = Zahtjev se mora poslati kao JSON.
error-unknown-game = Nepoznata igra '{ $game }'.
error-bad-game = Igra '{ $game }' ne može se igrati: { $detail }
error-bad-position = Položaj '{ $position }' ne može se upotrijebiti: { $detail }
error-unknown-level = Nepoznata razina '{ $level }' (razine: { $levels }).
error-bad-side = Nepoznata strana '{ $side }': upotrijebite south ili north.
error-bad-opponent = Nepoznat protivnik '{ $opponent }': upotrijebite engine, local ili remote.
error-level-needs-engine = Razina se bira samo za igru protiv računala.
error-hints-choice-needs-link = Savjeti se biraju samo za igru s prijateljem putem poveznice.
error-bad-record = Zapis igre ne može se pročitati: { $detail }
# Što ne valja u zapisu igre.
record-syntax-tag-no-name = redak { $line }: oznaka treba ime, kao u [Ime "vrijednost"]
record-syntax-tag-not-quoted = redak { $line }: vrijednost oznake { $tag } mora biti u dvostrukim navodnicima
record-syntax-tag-unclosed = redak { $line }: vrijednosti oznake { $tag } nedostaje završni navodnik
record-syntax-tag-escape = redak { $line }: u oznaci { $tag } smiju se izbjeći samo \" i \\
record-syntax-tag-no-bracket = redak { $line }: oznaka { $tag } treba ']' iza vrijednosti
record-syntax-tag-after-moves = redak { $line }: oznaka dolazi nakon poteza
record-syntax-tag-twice = redak { $line }: oznaka { $tag } navedena je dvaput
record-syntax-after-result = redak { $line }: '{ $text }' dolazi nakon rezultata '{ $result }'
record-syntax-capture-mark = redak { $line }: '{ $text }': oznaka uzimanja je '+' i broj sjemenki (npr. b+2)
record-syntax-not-a-move = redak { $line }: '{ $text }' nije potez (slovo jame ili propuštanje)
record-syntax-empty = zapis je prazan: nema ni oznaka ni poteza
record-syntax-result-tag = redak { $line }: '{ $tag }' u oznaci Result nije rezultat (*, ili bodovi poput 25-19)
record-syntax-result-differs = redak { $line }: oznaka Result kaže '{ $tag }', ali potezi završavaju s '{ $result }'
record-syntax-comment-unclosed = redak { $line }: komentar otvoren s '{"{"}' nikad se ne zatvara s '{"}"}'
record-fen = oznaka FEN: { $why }
record-variant = zapis je igre { $record }, a ne { $rules }
record-move = potez { $number } ('{ $text }'): { $why }
record-capture-mark = potez { $number } ('{ $text }') označen je kao da uzima { $marked }, ali uzima { $actual }
record-result = rezultat '{ $result }' ne odgovara potezima, koji završavaju igru s { $actual }
record-unknown-variant = '{ $tag }' u oznaci Variant nije igra ove stranice
record-no-variant = zapis nema oznaku Variant koja imenuje igru
record-game-tag = '{ $tag }' u oznaci Game nije igra ove stranice
record-no-game-tag = zapis nema oznaku Game, pa je to { $name } na uobičajenoj ploči ({ $pits } jama u redu, { $seeds } sjemenki u jami), a ne { $tag }
record-resigner = oznaka Termination '{ $tag }' ne kaže tko je predao (Jug ili Sjever)
record-resigned-after-end = zapis kaže da je { $side } predao, ali igra je već bila gotova
record-stopped-after-end = oznaka Termination kaže '{ $tag }', ali igra je već bila gotova
record-unfinished-other-winner = rezultat '{ $result }' nije točan: { $side } je predao, pa je pobijedila druga strana
record-unfinished-other-winner-on-time = rezultat '{ $result }' nije točan: { $side } je izgubio na vrijeme, pa je pobijedila druga strana
record-unfinished-no-termination = rezultat je '{ $result }', ali potezi ne završavaju igru i nijedna oznaka Termination ne kaže kako je završila
record-unfinished-final-score = '{ $result }' je konačni rezultat, ali potezi ne završavaju igru (za igru u tijeku napišite *)
record-too-large = zapis ima { $bytes } bajtova; zapis smije imati najviše 1 MiB
# Što ne valja u položaju.
position-field-count = položaj ove igre ima { $expected } dijelova odvojenih s '-', ovaj ima { $found }
position-not-a-number = dio { $index }: '{ $value }' nije cijeli broj
position-too-large = dio { $index }: { $value } je više nego što jama može primiti (255)
position-side = dio { $index }: '{ $value }' nije S ni N (tko je na potezu)
position-total = sjemenki je ukupno { $found }, ali igra ih ima { $expected }
position-pit-count = igra ima { $pits } jama u redu, a položaj ima { $found }
position-odd-captures = { $side } je uzeo { $captured }, neparan broj; svako uzimanje u ovoj igri uzima paran broj sjemenki, pa nijedna partija ne dolazi do ovog položaja
error-no-route = Ovdje nema ničega: { $path }
error-method-not-allowed = { $method } nije dopušten na { $path }.
error-no-game = Nema igre '{ $id }'.
error-token-required = Za ovo treba token jednog mjesta u igri.
error-token-rejected = Ovaj token ne daje nijedno mjesto u ovoj igri.
error-invitation-used = Ova je pozivnica već iskorištena: svoje mjesto otvara samo jednom.
error-no-seats = Oba su mjesta u ovoj igri zauzeta.
error-hints-closed = Savjeti i analiza zatvoreni su u ovoj igri dok ne završi.
error-game-over = Igra je završena.
error-game-resigned = Igra je završena: { $side } je predao.
error-not-your-turn = Niste na potezu: na potezu je { $side }.
error-engine-turn = Računalo igra { $side }: ono je na potezu.
error-not-a-move = '{ $text }' nije potez: navedite jamu njezinim slovom ili propustite potez.
error-no-such-pit = Nema jame { $pit } (jame: { $pits }).
error-illegal-move = { $move } se sada ne može odigrati: { $reason } (dopušteni potezi: { $legal }).
error-resign-other-side = Vi igrate { $side }, a ne { $asked }: možete predati samo svoju stranu.
error-resignation-final = Predaja je konačna.
error-nothing-to-undo = Nema poteza koji bi se mogao vratiti.
error-no-own-move-to-undo = Niste odigrali nijedan potez koji biste mogli vratiti.
error-undo-pending = Zahtjev za vraćanje poteza već čeka odgovor.
error-no-undo-asked = Nitko nije tražio vraćanje poteza.
error-no-legal-move = Nema nijednog dopuštenog poteza.
error-no-moves-yet = Još nije odigran nijedan potez.
error-size-out-of-range = { $field } mora biti od { $min } do { $max }, a ne { $value }.
error-count-too-long = brojanje ove veličine traje dulje nego što stranica čeka
error-mirall-over = Ova je igra Zrcala završena: oba su se reda vratila na početak.
error-mirall-wait = Posijali ste; pričekajte drugog igrača.
error-mirall-other-row = Jama { $pit } je u drugom redu: vi igrate { $side }.
error-not-a-pit = '{ $text }' nije jama.
error-wrong-host = Ovaj poslužitelj ne odgovara za host '{ $host }'.
error-no-host = Zahtjev ne navodi nijedan host.
error-stale-version = Igra je već odmakla (ovo je bilo za raniju poziciju ili je već učinjeno): ploča je sada prikazuje kakva jest.
error-future-version = Vaša stranica nije bila usklađena s igrom (navela je stanje koje igra još nije dosegla): ploča je sada prikazuje kakva jest.
error-database-unavailable = Baza podataka ne odgovara: ništa nije promijenjeno; ponovno povezivanje…
error-server-busy = Poslužitelj je zauzet: pokušajte ponovno za trenutak.
error-too-many-games = Previše novih partija u kratkom vremenu: pokušajte ponovno za { $seconds } s.
error-uri-too-long = Adresa je predugačka za poslužitelj.
error-headers-too-large = Zaglavlja zahtjeva prevelika su za poslužitelj.
error-server-error = Poslužitelj nije uspio: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = potez se smije propustiti samo kad se nijedna jama ne može odigrati
reason-not-your-pit = ta jama nije u vašem redu
reason-empty-pit = ta je jama prazna
reason-too-few-seeds = jama se smije igrati tek kad u njoj ima najmanje { $min } kamena, a u ovoj ih je { $held }
reason-grand-slam = zarobio bi sve protivnikovo kamenje (grand slam)
reason-must-feed = protivnikov je red prazan, a ovaj mu potez ne daje kamenje
reason-not-allowed = pravila to ne dopuštaju

## Clocks, draw offers and rematches between two people
ng-clock = Sat
clock-none = Bez sata
clock-live = { $minutes } min + { $seconds } s po potezu
clock-days = { $days ->
    [one] { $days } dan po potezu
    [few] { $days } dana po potezu
   *[other] { $days } dana po potezu
}
clock-days-left = { $days } d { $hours } h
clock-label = Sat igrača { $side }: { $time }
clock-low = { $side } ima manje od deset sekundi.
clock-start = { $side } mora odigrati prvi potez za { $seconds } s, inače se igra poništava.
btn-draw = Ponudi remi
draw-offered = Remi ponuđen
draw-asks = { $side } nudi remi.
draw-accept = Prihvati remi
draw-decline = Odbij
draw-offered-waiting = Ponudili ste remi; čeka se odgovor drugog igrača.
draw-withdraw = Povuci ponudu
draw-declined = Drugi igrač je odbio vašu ponudu remija.
draw-agreed-said = Igra je završila remijem po dogovoru.
btn-rematch = Revanš
rematch-accept = Prihvati revanš
rematch-offered = Ponudili ste revanš; čeka se odgovor drugog igrača.
rematch-asks = { $side } nudi revanš, sa zamijenjenim stranama.
rematch-agreed = Revanš prihvaćen: strane su zamijenjene.
rematch-open = Igraj revanš
result-aborted = Igra je poništena: prvi potez nije stigao na vrijeme. Nema rezultata.
reason-your-time = isteklo vam je vrijeme
reason-their-time = protivniku je isteklo vrijeme
reason-side-time = igraču { $side } isteklo je vrijeme
end-draw-agreed = remi po dogovoru
error-game-stopped = Igra je gotova: { $how ->
    [time-forfeit] igraču { $side } isteklo je vrijeme.
    [abandoned] { $side } je napustio igru i zatražena je pobjeda.
    [draw-agreed] završila je remijem po dogovoru.
   *[aborted] poništena je prije početka.
}
error-bad-clock = Sat '{ $clock }' nije valjan ({ $detail }): napišite minute+sekunde, kao 3+2, ili dane po potezu, kao 2d.
error-clock-needs-people = Sat je samo za igru između dvoje ljudi.
error-needs-people = Ponude remija i revanši su između dvoje ljudi.
error-no-draw-offer = Nitko nije ponudio remi.
error-draw-pending = Već ste ponudili remi; čeka se odgovor drugog igrača.
error-rematch-needs-end = Revanš se nudi kad je igra gotova.
error-rematch-pending = Već ste ponudili revanš; čeka se odgovor drugog igrača.

## The lobby
nav-lobby = Predvorje
lb-title = Predvorje
lb-intro = Igrajte s nekim novim: prihvatite otvoreni izazov, napravite svoj i čekajte ovdje, ili igrajte s bilo kim tko traži istu igru i isti sat.
lb-side = Vaša strana
lb-side-random = Nasumično
lb-create = Napravi izazov
lb-seek = Igraj s bilo kim
lb-cancel = Povuci ga
lb-open = Otvoreni izazovi
lb-col-game = Igra
lb-col-side = Njegova strana
lb-accept = Prihvati
lb-accept-label = Prihvati izazov: { $game }, { $clock }
lb-none = Sada nema otvorenih izazova: napravite jedan, ili igrajte s bilo kim i ovdje pričekajte partnera.
lb-playing = Igre u tijeku
lb-games-none = Nijedna igra između dvoje ljudi nije u tijeku.
lb-waiting = Vaš je izazov otvoren ({ $game }, { $clock }): ostavite ovu stranicu otvorenom dok ga netko ne prihvati.
lb-watch = Gledaj: { $game }, { $clock }, odigrano poteza: { $plies }
lb-made = Vaš je izazov otvoren.
lb-yours = Vaš izazov
error-no-challenge = Taj izazov više nije otvoren: povučen je ili je njegov autor otišao.
error-challenge-taken = Netko drugi je prvi prihvatio taj izazov.
error-own-challenge = Ovo je vaš izazov: pričekajte ovdje da ga netko prihvati.
error-too-many-challenges = { $max ->
    [one] Već imate { $max } otvoren izazov: povucite ga ili pričekajte da ga netko prihvati.
    [few] Već imate { $max } otvorena izazova: povucite jedan ili pričekajte da netko prihvati jedan od njih.
   *[other] Već imate { $max } otvorenih izazova: povucite jedan ili pričekajte da netko prihvati jedan od njih.
  }

## Looking back at a game
review-first = Početni položaj
review-back = Potez natrag
review-next = Potez naprijed
review-last = Igra kakva jest
review-start = Početak, prije prvog od { $total } poteza
review-at = Potez { $ply } od { $total }: { $side } { $move }
review-status = Pregled unatrag: { $where }. End (ili klik na ploču) vraća u igru.
graph-label = Procjena nakon svakog poteza, očekivana razlika Juga (do { $top ->
    [one] { $top } sjemenke
    [few] { $top } sjemenke
   *[other] { $top } sjemenki
  }); označene pogreške: { $mistakes }
graph-point = Potez { $ply }: { $value } za Jug

## Set phrases between two people
say-title = Reci:
chat-mute = Sakrij poruke drugog igrača
chat-said = { $who }: { $phrase }
phrase-hello = Bok!
phrase-good-luck = Sretno!
phrase-your-turn = Vi ste na potezu.
phrase-well-played = Dobro odigrano!
phrase-good-game = Dobra igra!
phrase-thanks = Hvala!
error-unknown-phrase = To nije jedna od fraza koje se mogu poslati.
error-too-many-phrases = U ovoj ste igri poslali { $max } fraza, najviše što može.

## Whether the other player is there
presence-here = prisutan
presence-away = odsutan
claim-text = { $side } je napustio igru.
btn-claim = Zatraži pobjedu
claim-text-abort = { $side } je napustio igru bez ijednog poteza: može se samo poništiti, bez rezultata.
btn-claim-abort = Poništi igru
reason-you-left = napustili ste igru
reason-they-left = protivnik je napustio igru
reason-side-left = { $side } je napustio igru
error-cannot-claim = Pobjeda se sada ne može zatražiti: drugi je igrač tu ili se još može vratiti.

## Računi, rejtinzi i ljestvice
nav-login = Prijava
nav-leaderboard = Rejtinzi
who-named = { $name } ({ $side })
who-you-named = Vi, { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = Rangirana
lb-rated-note = Prijavite se da biste igrali rangirane igre.
ng-rated = Rangirana: računalo igra s rejtingom { $rating }
who-computer-rated = Računalo, rejting { $rating } ({ $side })
lb-col-player = Igrač
lb-anonymous = Gost
acc-title = Vaš račun
acc-intro = Za igru vam ne treba račun. S računom imate ime, svoje igre na svakom uređaju i rejting u svakoj igri.
acc-login = Prijava
acc-name-label = Ime
acc-password-label = Lozinka
acc-login-go = Prijavi se
acc-signup = Otvaranje računa
acc-name-help = Od 2 do 24 slova, znamenke, - ili _. Drugi ga vide.
acc-password-help = Najmanje 8 znakova.
acc-signup-go = Otvori račun
acc-player-page = Vaša stranica kako je vide drugi
acc-export = Preuzmi sve svoje igre (OGN)
acc-ratings = Rejtinzi
acc-ratings-none = Još nemate rejting: odigrajte rangiranu igru iz predvorja ili protiv računala.
acc-games = Vaše igre
acc-games-none = Još nema igara. Ovdje se čuvaju igre koje započnete ili kojima se pridružite dok ste prijavljeni.
acc-logout = Odjava
acc-change-password = Promjena lozinke
acc-password-now = Sadašnja lozinka
acc-password-new = Nova lozinka
acc-change-password-go = Promijeni je
acc-password-changed = Lozinka je promijenjena; na ostalim ste uređajima odjavljeni.
acc-delete = Brisanje računa
acc-delete-text = Vaše ime, rejtinzi i prijave brišu se; vaše igre ostaju drugim igračima, bez vašeg imena.
acc-delete-go = Izbriši moj račun
acc-delete-confirm = Trajno izbrisati vaš račun? To se ne može poništiti.
acc-deleted = Vaš je račun izbrisan.
acc-rated = rangirana
acc-going-on = u tijeku
acc-aborted = poništena
acc-draw = remi
acc-won = pobjeda
acc-lost = poraz
acc-col-side = Strana
acc-col-opponent = Protivnik
acc-col-result = Rezultat
acc-col-date = Datum
acc-col-pool = Igra i tempo
acc-col-rating = Rejting
acc-col-games = Igre
acc-plot-point = { $rating }, { $date }
acc-plot-title = { $pool }: od { $from } do { $to }
pool-name = { $game }, { $category }
category-bullet = munjevito
category-blitz = brzopotezno
category-rapid = ubrzano
category-classical = klasično
category-correspondence = dani po potezu
category-untimed = bez sata
pl-ratings-none = Još nema rangiranih igara.
pl-games = Igre
pl-games-none = Još nema igara.
ld-title = Rejtinzi
ld-intro = Glicko-2 rejtinzi u svakoj igri i tempu; rejting označen s ? privremen je (još premalo igara).
ld-pool = Igra i tempo
ld-none = Još nije odigrana nijedna rangirana igra.
ld-col-rank = Mjesto
ld-col-name = Ime
error-csrf-token-wrong = Prijava na ovoj stranici je zastarjela; ponovno učitajte stranicu.
error-bad-name = '{ $name }' ne može biti ime: upotrijebite od 2 do 24 slova, znamenke, - ili _.
error-name-look-alike = Ime '{ $name }' moglo bi se zamijeniti s drugim: upotrijebite slova jednog pisma, u njihovu uobičajenom obliku.
error-name-taken = Ime '{ $name }' je zauzeto; odaberite drugo.
error-name-reserved = Ime '{ $name }' rezervirano je za riječi same igre; odaberite drugo.
error-bad-password = Lozinka ima od { $min } do { $max } znakova.
error-login-failed = Pogrešno ime ili lozinka.
error-too-many-attempts = Previše pokušaja; pokušajte ponovno za { $seconds } s.
error-login-required = Najprije se prijavite.
error-no-player = Nema igrača '{ $name }'.
error-bad-pool = To nije kategorija igre i tempa.
error-cannot-rate = Ova igra ne može biti rangirana: { $reason ->
    [login] oba igrača moraju biti prijavljena.
    [same-account] ne možete igrati rangiranu igru sami protiv sebe.
    [level] ova razina još nema izmjeren rejting.
    [position] rangirana igra počinje od uobičajenog početka igre.
   *[opponent] rangirane igre igraju se protiv računala ili se dogovaraju u predvorju.
}
error-rated-no-takeback = U rangiranoj igri protiv računala potezi se ne mogu vraćati.
