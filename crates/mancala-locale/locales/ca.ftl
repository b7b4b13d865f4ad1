# La pàgina de `mancala serve`, en català.
#
# Aquest catàleg és una traducció d'en.ftl (el catàleg de referència) i en té exactament les
# claus. Les correccions de parlants nadius són benvingudes al repositori del projecte: una paraula
# millor per a un forat, una llavor o un magatzem, o una frase més natural, és un bon canvi.
#
# Les lletres dels forats, les jugades (llevat de «pass»), les cadenes de posició i la notació OGN
# no es tradueixen. Plurals del català: one i other.

## The language menu and the page's frame

language-menu = Llengua
settings = Configuració
set-theme = Colors
set-theme-system = Com el dispositiu
set-theme-light = Clars
set-theme-dark = Foscos
set-motion = Jugades dibuixades
set-motion-system = Com el dispositiu
set-motion-full = Llavor a llavor
set-motion-reduced = D'un cop (menys animació)
set-sound = So de jugades i captures
nav-play = Jugar
nav-mirall = El mirall
nav-cups = Pedres als gots
nav-rules = Com es juga
offline = S'ha perdut la connexió — s'està tornant a provar… No es pot jugar fins que el servidor torni a respondre.
connection-lost = S'ha perdut la connexió — s'està tornant a provar…
move-unsent = La teva jugada { $move } no ha arribat al servidor.
move-unsent-again = Torna a jugar { $move }

## Sides and players

side-south = Sud
side-north = Nord
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = Magatzem de { $side }, { $count ->
    [one] { $count } llavor
   *[other] { $count } llavors
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] el teu { $pit }
    [theirs] el { $pit } del rival
   *[side] el { $pit } de { $side }
  }, { $count ->
    [one] { $count } llavor
   *[other] { $count } llavors
  }, { $playable ->
    [yes] es pot jugar
   *[no] no es pot jugar
  }
pit-label-hint = , jugada recomanada
pit-label-last = , última jugada
board-label = tauler
board-label-south = Tauler: la fila del Nord a dalt, la del Sud a baix
board-label-north = Tauler: la teva fila (la del Nord) a baix, la del Sud a dalt
mirall-board-label = Tauler d'El mirall
cups-board-label = gots en cercle

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala
game-oware = Oware
game-kalah = Kalah
game-el-mirall = El mirall
game-stones-in-cups = Pedres als gots
summary-modiar = Un joc d'infants marroquí en un tauler de 2x3 forats amb 7 llavors a cadascun: la primera llavor torna al forat buidat, una llavor sola no es mou, les captures de 2, 4 o 6 s'encadenen cap enrere, la primera jugada no captura res, cal alimentar el contrari que s'ha quedat sense llavors i el gran slam està prohibit.
summary-mangala-ii = Un joc turc otomà en un tauler de 2x6 forats amb 6 fitxes a cadascun: la sembra comença al forat següent, les captures de 2, 4 o 6 a qualsevol de les dues files s'encadenen cap enrere, qui té la fila buida passa, i es juga fins que el tauler queda buit.
summary-oware = El clàssic de l'Àfrica occidental (regles abapa) en un tauler de 2x6 forats amb 4 llavors a cadascun: les voltes salten el forat de sortida, les captures de 2 o 3 a la fila del contrari s'encadenen cap enrere, cal alimentar el contrari que s'ha quedat sense llavors, un gran slam no captura res, i la partida s'acaba quan un jugador té més de la meitat de les llavors.
summary-kalah = El joc comercial nord-americà Kalah(6,4): cada jugador sembra passant pel seu propi magatzem, acabar-hi dona una altra jugada, acabar en un forat propi buit el captura amb el forat del davant, i la partida s'acaba quan una fila queda buida.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, { $seeds } per forat)

## Computer levels

level-random = A l'atzar (fa qualsevol jugada legal)
level-greedy = Golafre (agafa ara mateix tantes llavors com pot)
level-beginner = Principiant (mira una jugada endavant i sovint tria una jugada pitjor)
level-novice = Novell (veu la resposta a la seva jugada, de vegades tria una jugada pitjor)
level-intermediate = Intermedi (quatre mitges jugades endavant, rarament s'aparta de la millor jugada)
level-advanced = Avançat (set mitges jugades endavant, sempre la seva millor jugada)
level-expert = Expert (dotze mitges jugades endavant)
level-maximum = Màxim (tan a fons com permet el temps per jugada, a tots els nuclis)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = a l'atzar
level-name-greedy = golafre
level-name-beginner = principiant
level-name-novice = novell
level-name-intermediate = intermedi
level-name-advanced = avançat
level-name-expert = expert
level-name-maximum = màxim

## New game

new-game = Partida nova
ng-game = Joc
ng-opponent = Contrari
ng-opponent-engine = L'ordinador
ng-opponent-local = Dos jugadors en aquesta pantalla
ng-opponent-remote = Un amic, amb un enllaç
ng-level = Nivell
ng-side = Jugues amb
ng-side-south = Sud (fila de baix, comença)
ng-side-north = Nord (fila de dalt)
ng-hints = Tots dos poden fer servir pistes i anàlisi durant la partida (el teu amic ho veu abans d'entrar-hi; si no, s'obren quan s'acaba la partida)
ng-start = Comença
ng-from = Començar des de
ng-from-start = La posició inicial de sempre
ng-from-position = Una posició que prepares tu
ng-position = Posició
ng-position-help = Les llavors dels forats del Sud (A, B, …), després les del Nord (a, b, …), després les llavors capturades pel Sud i pel Nord, i qui mou: S o N. L'inici és { $start }.
ng-position-over = En aquesta posició la partida ja s'ha acabat.
ng-position-to-move = Mou { $side }: { $moves }
ng-board-label = La posició preparada

## Your games

your-games = Les teves partides
col-game = Joc
col-opponent = Contrari
col-turn = Torn o resultat
col-score = Marcador (Sud–Nord)
col-last = Última jugada
col-open = Obrir
game-fallback = Partida
opp-engine = Ordinador ({ $level })
opp-local = Dos jugadors en una pantalla
opp-watching = Mirant dues persones
opp-remote = Un amic, amb un enllaç
opp-lobby = Un rival de la sala
turn-yours = Et toca
turn-computer = Li toca a l'ordinador
turn-friend = Li toca al teu amic
turn-opponent = Li toca al teu rival
to-move = Li toca a { $side }
game-you = { $name } (tu: { $side })
score-pair = { $south }–{ $north }
open-view = Veure
open-resume = Reprendre
open-label = { $action } { $name }, { $opponent }

## Import

import-title = Importar una partida (OGN)
import-label = Partida en OGN
import-file = O un fitxer:
import-go = Importa i continua jugant

## A game

game-title-engine = { $name } contra l'ordinador ({ $level })
game-title-local = { $name } — dos jugadors
game-title-remote = { $name } — dues persones amb un enllaç
game-title-lobby = { $name } — dos jugadors que es van trobar a la sala
game-not-found = No s'ha trobat la partida
missing-new-game = Començar una partida nova
invite-link = Envia aquest enllaç al teu amic (obre l'altre lloc una sola vegada):
copy = Copia
invite-hints-on = En aquesta partida les pistes i l'anàlisi estan obertes per a tots dos.
invite-hints-off = Les pistes i l'anàlisi queden tancades fins que s'acabi la partida.
undo-agree = Accepta
undo-refuse = Rebutja
undo-asks = { $side } demana desfer una jugada.
btn-pass = Passa
btn-undo = Desfés
btn-hint = Pista
btn-resign = Abandona
btn-ogn = Baixa l'OGN
btn-analyse = Analitza
btn-new-game = Partida nova
speed = Velocitat
hints-off-note = Les pistes i l'anàlisi estan tancades mentre juguen dues persones; s'obren quan s'acaba la partida.
hints-on-note = En aquesta partida les pistes i l'anàlisi estan obertes per als dos jugadors (es va triar en crear-la).
hints-rated-note = Les pistes, l'anàlisi i desfer jugades estan tancats en una partida puntuable; les pistes i l'anàlisi s'obren quan s'acaba.
undo-over-note = La partida s'ha acabat: Desfés està desactivat, una partida acabada no es torna a obrir.
undo-over-title = La partida s'ha acabat: en una partida acabada no es desfan jugades
keys-note = Tecles: la lletra d'un forat el juga (majúscula o minúscula); Tab arriba a cada forat, Retorn o Espai el juga; P passa quan és obligat.
own-link-summary = Juga aquest lloc en un altre dispositiu
own-link = El teu propi enllaç (guarda'l per a tu):
moves = Jugades
analysis = Anàlisi
rules-of-game = Com es juga: { $name }

## Who plays

who-computer = Ordinador ({ $side })
who-you = Tu ({ $side })
who-friend = Amic ({ $side })
who-opponent = Rival ({ $side })
who-person = { $side } (una persona)
watching = Estàs mirant: { $players }. El tauler és només de lectura.
watching-remote = { $south } contra { $north }, dues persones que juguen amb un enllaç
watching-lobby = { $south } contra { $north }, dos jugadors que es van trobar a la sala
watching-engine = { $south } contra { $north }
watching-local = Sud contra Nord, dos jugadors en una pantalla
watching-used = Aquesta invitació ja s'ha fet servir: obre el seu lloc una sola vegada.

## The status line

status-over = Partida acabada: { $result }
status-extra-turn = Torn extra!
status-choose = { $who }: tria un forat ({ $moves })
status-must-pass = { $who }: no es pot jugar cap forat, així que passes (prem Passa o P)
status-thinking = L'ordinador està pensant…
status-waiting-friend = Esperant el teu amic ({ $side })…
status-waiting-opponent = Esperant el teu rival ({ $side })…
status-waiting = Esperant { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } passa
ply-plays = { $side } juga { $move }
ply-plays-capturing = { $side } juga { $move } i en captura { $count }
ply-extra-turn = Torn extra: { $side } torna a jugar
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , en captura { $count }
ply-title-extra = , torn extra
taken-back-one = S'ha desfet una jugada.
taken-back = { $count ->
    [one] S'ha desfet { $count } jugada.
   *[other] S'han desfet { $count } jugades.
  }
undo-asked = Has demanat al teu amic que accepti desfer la jugada.
undo-asked-opponent = Has demanat al teu rival que accepti desfer la jugada.
undo-withdraw = Retirar la petició
undo-refused = L'altre jugador no ha acceptat desfer la teva jugada.
not-your-turn = No et toca.
read-only = Estàs mirant: aquest tauler és només de lectura.
resign-confirm = Vols abandonar aquesta partida?

## Results

result-draw = Empat { $south }–{ $north }
result-you-win = Guanyes { $mine }–{ $theirs }
result-you-lost = Has perdut { $mine }–{ $theirs }
result-wins = Guanya { $winner } { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = has abandonat
reason-computer-resigned = l'ordinador ha abandonat
reason-opponent-resigned = el teu contrari ha abandonat
reason-side-resigned = { $side } ha abandonat
end-no-legal-move = el jugador a qui toca no té cap jugada legal
end-empty-board = el tauler és buit
end-row-empty = una fila és buida
end-majority = un jugador ha capturat més de la meitat de les llavors
end-repetition = una posició ha aparegut per segona vegada
end-max-plies = s'ha arribat al límit de jugades

## Hints and analysis

hint-database = Pista: juga { $move } — amb joc perfecte, { $side } { $lead ->
    [ahead] guanya per { $by }
    [behind] perd per { $by }
   *[even] empata
  } (cada jugada: { $moves })
hint-search = Pista: juga { $move } — mirant { $depth } mitges jugades endavant, { $side } acaba { $lead ->
    [ahead] unes { $by } { $by ->
        [one] llavor
       *[other] llavors
    } per davant
    [behind] unes { $by } { $by ->
        [one] llavor
       *[other] llavors
    } per darrere
   *[even] més o menys igualat
  }
hint-said = Pista: juga { $move }.
analysis-weighing = S'està sospesant cada jugada…
analysis-forced = forçada
analysis-best = la millor
analysis-loses = perd { $loss } (la millor: { $best } { $score })
analysis-mistake = error: { $note }
analysis-exact = exacte
analysis-depth = { $depth ->
    [one] { $depth } mitja jugada
   *[other] { $depth } mitges jugades
  }
analysis-side = { $side }: { $mistakes ->
    [one] { $mistakes } error
   *[other] { $mistakes } errors
  }, { $lost ->
    [one] { $lost } llavor perduda
   *[other] { $lost } llavors perdudes
  }
analysis-how-deep = Cada jugada s'ha cercat a { $depth ->
    [one] { $depth } mitja jugada
   *[other] { $depth } mitges jugades
  } de profunditat
analysis-how-deep-db = Cada jugada s'ha cercat a { $depth ->
    [one] { $depth } mitja jugada
   *[other] { $depth } mitges jugades
  } de profunditat, de manera exacta allà on una base de dades cobreix la posició
analysis-how = S'ha sospesat cada jugada
analysis-summary = { $how }; els marcadors són la diferència final que podia esperar qui mou. { $south }; { $north }.

## The solitaires: shared

btn-reset = Reinicia
btn-back = Enrere
btn-step = Pas
btn-auto = Joc automàtic
btn-pause = Pausa
moves-count = Jugades:
counts-title = Jugades fins que torna l'inici
counts-mark = Ressaltades
counts-mark-note = les caselles són els recomptes impresos al text original del joc (✓ quan el recompte d'aquí hi coincideix, ✗ quan no; ? quan no s'ha pogut comptar en el temps que espera la pàgina).
counting = S'està comptant…
not-counted = no s'ha comptat a temps
not-counted-seed = no s'ha comptat a temps; la font dona { $seed }
seed-gives = la font dona { $seed }
size-wrong = { $field } ha de ser un nombre enter entre { $min } i { $max }, no { $value }
size-empty = { $field } ha de ser un nombre enter entre { $min } i { $max } (el camp és buit)
size-not-number = { $field } ha de ser un nombre enter entre { $min } i { $max } (això no és un nombre)
auto-cannot = El joc automàtic no pot acabar aquesta mida aquí: { $why }
auto-too-long = El joc automàtic no pot acabar aquesta mida aquí: l'inici només torna després de fer { $cycle } jugades (la pàgina en juga com a màxim { $limit }); Pas mostra les jugades una a una.

## El mirall

mirall-summary = Les dues files es mouen alhora, cadascuna mirall de l'altra: el Sud sembra cap a la dreta el seu forat ocupat de més a l'esquerra, el Nord el de més a la dreta cap a l'esquerra. Quan tornen totes dues files a l'inici?
m-pits = Forats
m-seeds = Llavors
m-mode = Mode
m-mode-watch = Mira com es juga
m-mode-duo = Dos jugadors (cadascú sembra la seva fila)
m-mode-link = Dos jugadors en dos dispositius (un enllaç)
m-duo-help = Cada jugador sembra la seva fila, amb la tecla que es mostra al costat de cadascun dels seus forats (Nord: Q W E ..., Sud: Z X C ...) o tocant-lo. Hi ha jugada quan tots dos han sembrat el forat correcte; mireu d'anar al mateix compàs.
m-link-send = Envia aquest enllaç a l'altre jugador, que juga amb el Nord (la fila de dalt):
m-rows-note = Files: forats per fila; columnes: llavors per forat.
m-back-at-start = Totes dues files tornen a l'inici després de fer { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugades
  }.
m-status-link-sown = Jugada { $move }: has sembrat; esperant { $other }.
m-status-link-sow-south = Jugada { $move }: sembra el teu forat ocupat de més a l'esquerra.
m-status-link-sow-north = Jugada { $move }: sembra el teu forat ocupat de més a la dreta.
m-status-link-sow-south-other = Jugada { $move }: sembra el teu forat ocupat de més a l'esquerra ({ $other } ja ha sembrat).
m-status-link-sow-north-other = Jugada { $move }: sembra el teu forat ocupat de més a la dreta ({ $other } ja ha sembrat).
m-status-duo = Jugada { $move }: el Sud ha de trobar el seu forat ocupat de més a l'esquerra, el Nord el de més a la dreta.
m-status-watch = Jugada { $move }: el Sud sembra { $south }, el Nord sembra { $north }.
m-result = De nou a l'inici després de fer { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugades
  }.
m-result-differs = (Comptada des de l'inici, la volta sencera dura { $cycle ->
    [one] { $cycle } jugada
   *[other] { $cycle } jugades
  }.)
m-result-duo = Junts en { $secs } s; errors: Sud { $south }, Nord { $north }; de mitjana, { $gap } ms de diferència.
m-no-such-pit = { $side } no té aquest forat.
m-south-must = El Sud ha de sembrar { $want }, no { $pit }: { $why }
m-north-must = El Nord ha de sembrar { $want }, no { $pit }: { $why }
m-south-why-first = és el seu forat de més a l'esquerra i té llavors
m-south-why = és el seu forat de més a l'esquerra amb llavors (buits: { $empty })
m-north-why-first = és el seu forat de més a la dreta i té llavors
m-north-why = és el seu forat de més a la dreta amb llavors (buits: { $empty })
m-pit-empty = ; { $pit } és buit
m-stats = Jugades junts: { $moves }. Errors: Sud { $south }, Nord { $north }. Diferència mitjana entre les vostres sembres: { $gap } ms.
m-you-play-south = Jugues amb el Sud, la fila de baix: toca el teu forat o prem la seva tecla.
m-you-play-north = Jugues amb el Nord, la fila de dalt: toca el teu forat o prem la seva tecla.
m-watching = Estàs mirant: aquest navegador no té cap lloc en aquesta partida.
m-link-result = De nou a l'inici després de fer { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugades
  }, junts en { $secs } s.
m-your-row-south = Jugues la fila del Sud (a baix).
m-your-row-north = Jugues la fila del Nord (a dalt).

## Stones in cups

cups-summary = Els gots formen un cercle. Buida el got 0 i sembra'n les pedres en el sentit de les agulles del rellotge, una per got; després buida el got on ha caigut l'última pedra, i així successivament. Quantes jugades calen perquè cada got torni a tenir les seves pedres i li toqui al got 0?
c-cups = Gots
c-stones = Pedres
c-guess = La teva aposta
c-guess-placeholder = jugades?
c-guess-go = Aposta i executa
c-rows-note = Files: pedres per got (k); columnes: gots (n).
c-back-at-start = de nou a l'inici
c-next = següent: got { $cup }
c-size = { $cups } gots × { $stones }
c-done = De nou a l'inici després de fer { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugades
  }.
c-status = Jugada { $move }: buida el got { $cup } ({ $stones ->
    [one] { $stones } pedra
   *[other] { $stones } pedres
  }) i sembra en el sentit de les agulles del rellotge.
c-engine-counts = (Comptada des de l'inici, la volta sencera dura { $cycle ->
    [one] { $cycle } jugada
   *[other] { $cycle } jugades
  }.)
c-guess-right = La teva aposta, { $guess }, era correcta!
c-guess-few = La teva aposta era { $guess }: t'has quedat curt per { $by }.
c-guess-many = La teva aposta era { $guess }: t'has passat per { $by }.
c-guess-first = Primer escriu la teva aposta: un nombre enter de jugades.
c-guess-running = La teva aposta: { $guess ->
    [one] { $guess } jugada
   *[other] { $guess } jugades
  }. En marxa…

## How to play (the rules pages)

rules-title = Com es juga
rules-game = Regles
rules-loading = S'estan carregant les regles…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = La petició no és el que espera aquesta adreça: { $detail }
error-body-too-large = La petició és massa gran: com a màxim { $max } bytes.
error-not-json = La petició s'ha d'enviar en JSON.
error-unknown-game = Joc desconegut «{ $game }».
error-bad-game = No es pot jugar al joc «{ $game }»: { $detail }
error-bad-position = No es pot fer servir la posició «{ $position }»: { $detail }
error-unknown-level = Nivell desconegut «{ $level }» (nivells: { $levels }).
error-bad-side = Bàndol desconegut «{ $side }»: fes servir south o north.
error-bad-opponent = Contrari desconegut «{ $opponent }»: fes servir engine, local o remote.
error-level-needs-engine = El nivell només es tria en una partida contra l'ordinador.
error-hints-choice-needs-link = Les pistes només es trien en una partida amb un amic amb un enllaç.
error-bad-record = No es pot llegir el registre de la partida: { $detail }
# Què falla en el registre d'una partida.
record-syntax-tag-no-name = línia { $line }: una etiqueta necessita un nom, com a [Nom "valor"]
record-syntax-tag-not-quoted = línia { $line }: el valor de l'etiqueta { $tag } ha d'anar entre cometes dobles
record-syntax-tag-unclosed = línia { $line }: al valor de l'etiqueta { $tag } li falten les cometes de tancament
record-syntax-tag-escape = línia { $line }: a l'etiqueta { $tag } només es poden escapar \" i \\
record-syntax-tag-no-bracket = línia { $line }: l'etiqueta { $tag } necessita un ']' després del valor
record-syntax-tag-after-moves = línia { $line }: hi ha una etiqueta després de les jugades
record-syntax-tag-twice = línia { $line }: l'etiqueta { $tag } hi és dues vegades
record-syntax-after-result = línia { $line }: «{ $text }» ve després del resultat «{ $result }»
record-syntax-capture-mark = línia { $line }: «{ $text }»: una marca de captura és '+' i un nombre de llavors (com b+2)
record-syntax-not-a-move = línia { $line }: «{ $text }» no és una jugada (la lletra d'un forat, o passar)
record-syntax-empty = el registre és buit: no té etiquetes ni jugades
record-syntax-result-tag = línia { $line }: «{ $tag }» de l'etiqueta Result no és un resultat (*, o una puntuació com 25-19)
record-syntax-result-differs = línia { $line }: l'etiqueta Result diu «{ $tag }» però les jugades acaben amb «{ $result }»
record-syntax-comment-unclosed = línia { $line }: un comentari obert amb '{"{"}' no es tanca mai amb '{"}"}'
record-fen = l'etiqueta FEN: { $why }
record-variant = el registre és de { $record }, no de { $rules }
record-move = jugada { $number } («{ $text }»): { $why }
record-capture-mark = la jugada { $number } («{ $text }») està marcada com a captura de { $marked }, però en captura { $actual }
record-result = el resultat «{ $result }» no concorda amb les jugades, que acaben la partida amb { $actual }
record-unknown-variant = «{ $tag }» de l'etiqueta Variant no és cap joc d'aquest lloc
record-no-variant = el registre no té cap etiqueta Variant que digui el joc
record-game-tag = «{ $tag }» de l'etiqueta Game no és cap joc d'aquest lloc
record-no-game-tag = el registre no té etiqueta Game, per tant és { $name } al tauler habitual ({ $pits } forats per fila, { $seeds } llavors per forat), no { $tag }
record-resigner = l'etiqueta Termination «{ $tag }» no diu qui ha abandonat (Sud o Nord)
record-resigned-after-end = el registre diu que { $side } ha abandonat, però la partida ja s'havia acabat
record-stopped-after-end = l'etiqueta Termination diu «{ $tag }», però la partida ja s'havia acabat
record-unfinished-other-winner = el resultat «{ $result }» no és correcte: { $side } ha abandonat, o sigui que ha guanyat l'altre
record-unfinished-other-winner-on-time = el resultat «{ $result }» no és correcte: { $side } ha perdut per temps, o sigui que ha guanyat l'altre
record-unfinished-no-termination = el resultat és «{ $result }», però les jugades no acaben la partida i cap etiqueta Termination no diu com va acabar
record-unfinished-final-score = «{ $result }» és una puntuació final, però les jugades no acaben la partida (escriu * per a una partida en curs)
record-too-large = el registre fa { $bytes } bytes; un registre pot fer com a molt 1 MiB
# Què falla en una posició.
position-field-count = una posició d'aquest joc té { $expected } parts separades per '-', aquesta en té { $found }
position-not-a-number = part { $index }: «{ $value }» no és un nombre enter
position-too-large = part { $index }: { $value } és més del que cap en un forat (255)
position-side = part { $index }: «{ $value }» no és S ni N (qui juga)
position-total = les llavors sumen { $found }, però el joc en té { $expected }
position-pit-count = el joc té { $pits } forats per fila, i la posició en té { $found }
position-odd-captures = { $side } ha capturat { $captured }, un nombre senar; cada captura d'aquest joc pren un nombre parell de llavors, així que cap partida arriba a aquesta posició
error-no-route = Aquí no hi ha res: { $path }
error-method-not-allowed = { $method } no està permès a { $path }.
error-no-game = No hi ha cap partida «{ $id }».
error-token-required = Per a això cal la clau d'un lloc de la partida.
error-token-rejected = Aquesta clau no dona cap lloc en aquesta partida.
error-invitation-used = Aquesta invitació ja s'ha fet servir: obre el seu lloc una sola vegada.
error-no-seats = Els dos llocs d'aquesta partida estan ocupats.
error-hints-closed = Les pistes i l'anàlisi estan tancades en aquesta partida fins que s'acabi.
error-game-over = La partida s'ha acabat.
error-game-resigned = La partida s'ha acabat: { $side } ha abandonat.
error-not-your-turn = No et toca: li toca a { $side }.
error-engine-turn = L'ordinador juga amb { $side }: li toca a ell.
error-not-a-move = «{ $text }» no és una jugada: digues un forat per la seva lletra, o passa.
error-no-such-pit = No hi ha cap forat { $pit } (forats: { $pits }).
error-illegal-move = Ara no es pot jugar { $move }: { $reason } (jugades legals: { $legal }).
error-resign-other-side = Jugues amb { $side }, no amb { $asked }: només pots abandonar amb el teu propi bàndol.
error-resignation-final = Un abandonament és definitiu.
error-nothing-to-undo = No hi ha cap jugada per desfer.
error-no-own-move-to-undo = No has fet cap jugada per desfer.
error-undo-pending = Ja hi ha una petició per desfer una jugada que espera resposta.
error-no-undo-asked = Ningú no ha demanat desfer una jugada.
error-no-legal-move = No hi ha cap jugada legal.
error-no-moves-yet = Encara no s'ha fet cap jugada.
error-size-out-of-range = { $field } ha de ser entre { $min } i { $max }, no { $value }.
error-count-too-long = comptar aquesta mida triga més del que espera la pàgina
error-mirall-over = Aquesta partida d'El mirall s'ha acabat: totes dues files han tornat a l'inici.
error-mirall-wait = Ja has sembrat; espera l'altre jugador.
error-mirall-other-row = El forat { $pit } és a l'altra fila: jugues amb { $side }.
error-not-a-pit = «{ $text }» no és un forat.
error-wrong-host = Aquest servidor no respon al host «{ $host }».
error-no-host = La petició no indica cap host.
error-stale-version = La partida ja havia avançat (això era per a una posició anterior, o ja s'havia fet): el tauler la mostra ara tal com és.
error-future-version = La teva pàgina anava desacompassada amb la partida (indicava un estat que la partida encara no ha assolit): el tauler la mostra ara tal com és.
error-database-unavailable = La base de dades no respon: no s'ha canviat res; es torna a connectar…
error-server-busy = El servidor està ocupat: torna-ho a provar d'aquí a un moment.
error-too-many-games = Massa partides noves en poc temps: torna-ho a provar d'aquí a { $seconds } s.
error-uri-too-long = L'adreça és massa llarga per al servidor.
error-headers-too-large = Les capçaleres de la petició són massa grans per al servidor.
error-server-error = El servidor ha fallat: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = només es pot passar quan no es pot jugar cap forat
reason-not-your-pit = aquest forat no és a la teva fila
reason-empty-pit = aquest forat és buit
reason-too-few-seeds = un forat necessita almenys { $min } llavors per jugar-lo, i en té { $held }
reason-grand-slam = capturaria totes les llavors del contrari (un gran slam)
reason-must-feed = la fila del contrari és buida i aquesta jugada no li dona llavors
reason-not-allowed = les regles no ho permeten

## Clocks, draw offers and rematches between two people
ng-clock = Rellotge
clock-none = Sense rellotge
clock-live = { $minutes } min + { $seconds } s per jugada
clock-days = { $days ->
    [one] Un dia per jugada
   *[other] { $days } dies per jugada
}
clock-days-left = { $days } d { $hours } h
clock-label = Rellotge de { $side }: { $time }
clock-low = A { $side } li queden menys de deu segons.
clock-start = { $side } ha de fer la primera jugada en { $seconds } s o la partida s'anul·la.
btn-draw = Oferir taules
draw-offered = Taules ofertes
draw-asks = { $side } ofereix taules.
draw-accept = Acceptar les taules
draw-decline = Rebutjar
draw-offered-waiting = Has ofert taules; falta que respongui l'altre jugador.
draw-withdraw = Retirar l'oferta
draw-declined = L'altre jugador ha rebutjat la teva oferta de taules.
draw-agreed-said = La partida acaba en taules de comú acord.
btn-rematch = Revenja
rematch-accept = Acceptar la revenja
rematch-offered = Has ofert una revenja; falta que respongui l'altre jugador.
rematch-asks = { $side } ofereix una revenja, amb els costats canviats.
rematch-agreed = Revenja acceptada: els costats es canvien.
rematch-open = Jugar la revenja
result-aborted = La partida s'ha anul·lat: una primera jugada no ha arribat a temps. Sense resultat.
reason-your-time = se t'ha acabat el temps
reason-their-time = al teu rival se li ha acabat el temps
reason-side-time = a { $side } se li ha acabat el temps
end-draw-agreed = taules de comú acord
error-game-stopped = La partida s'ha acabat: { $how ->
    [time-forfeit] a { $side } se li ha acabat el temps.
    [abandoned] { $side } ha deixat la partida i s'ha reclamat la victòria.
    [draw-agreed] ha acabat en taules de comú acord.
   *[aborted] s'ha anul·lat abans de començar.
}
error-bad-clock = El rellotge «{ $clock }» no és vàlid ({ $detail }): escriu minuts+segons, com 3+2, o dies per jugada, com 2d.
error-clock-needs-people = El rellotge només és per a partides entre dues persones.
error-needs-people = Les ofertes de taules i les revenges són entre dues persones.
error-no-draw-offer = Ningú no ha ofert taules.
error-draw-pending = Ja has ofert taules; falta que respongui l'altre jugador.
error-rematch-needs-end = La revenja s'ofereix quan la partida s'ha acabat.
error-rematch-pending = Ja has ofert una revenja; falta que respongui l'altre jugador.

## The lobby
nav-lobby = Sala
lb-title = Sala
lb-intro = Juga amb algú de nou: accepta un repte obert, crea'n un i espera aquí, o juga amb qualsevol que demani el mateix joc i el mateix rellotge.
lb-side = El teu costat
lb-side-random = A l'atzar
lb-create = Crear un repte
lb-seek = Jugar amb qualsevol
lb-cancel = Retirar-lo
lb-open = Reptes oberts
lb-col-game = Joc
lb-col-side = El seu costat
lb-accept = Acceptar
lb-accept-label = Acceptar el repte: { $game }, { $clock }
lb-none = Ara no hi ha cap repte obert: crea'n un, o juga amb qualsevol i espera aquí un company.
lb-playing = Partides en curs
lb-games-none = No hi ha cap partida entre dues persones en curs.
lb-waiting = El teu repte és obert ({ $game }, { $clock }): deixa aquesta pàgina oberta fins que algú l'accepti.
lb-watch = Mirar: { $game }, { $clock }, { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugades
  }
lb-made = El teu repte és obert.
lb-yours = El teu repte
error-no-challenge = Aquest repte ja no és obert: s'ha retirat o qui el va fer se n'ha anat.
error-challenge-taken = Una altra persona ha acceptat aquest repte abans.
error-own-challenge = És el teu propi repte: espera aquí que algú l'accepti.
error-too-many-challenges = { $max ->
    [one] Ja tens un repte obert: retira'l o espera que algú l'accepti.
   *[other] Ja tens { $max } reptes oberts: retira'n un o espera que algú n'accepti un.
  }

## Looking back at a game
review-first = Posició inicial
review-back = Una jugada enrere
review-next = Una jugada endavant
review-last = La partida tal com és
review-start = { $total ->
    [one] L'inici, abans de l'única jugada
   *[other] L'inici, abans de la primera de { $total } jugades
  }
review-at = Jugada { $ply } de { $total }: { $side } { $move }
review-status = Mirant enrere: { $where }. Fi (o un clic al tauler) torna a la partida.
graph-label = Avaluació després de cada jugada, el marge esperat de Sud (fins a { $top ->
    [one] { $top } llavor
   *[other] { $top } llavors
  }); errors marcats: { $mistakes }
graph-point = Jugada { $ply }: { $value } per a Sud

## Set phrases between two people
say-title = Dir:
chat-mute = Amagar els missatges de l'altre jugador
chat-said = { $who }: { $phrase }
phrase-hello = Hola!
phrase-good-luck = Bona sort!
phrase-your-turn = Et toca.
phrase-well-played = Ben jugat!
phrase-good-game = Bona partida!
phrase-thanks = Gràcies!
error-unknown-phrase = Aquesta no és una de les frases que es poden enviar.
error-too-many-phrases = Has enviat { $max } frases en aquesta partida, el màxim.

## Whether the other player is there
presence-here = present
presence-away = absent
claim-text = { $side } ha deixat la partida.
btn-claim = Reclamar la victòria
claim-text-abort = { $side } ha deixat la partida sense fer cap jugada: només es pot anul·lar, sense resultat.
btn-claim-abort = Anul·lar la partida
reason-you-left = has deixat la partida
reason-they-left = el teu rival ha deixat la partida
reason-side-left = { $side } ha deixat la partida
error-cannot-claim = Ara no es pot reclamar la victòria: l'altre jugador hi és o encara pot tornar.

## Comptes, puntuacions i classificacions
nav-login = Inicia la sessió
nav-leaderboard = Puntuacions
who-named = { $name } ({ $side })
who-you-named = Tu, { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = Puntuable
lb-rated-note = Inicia la sessió per jugar partides puntuables.
ng-rated = Puntuable: l'ordinador juga amb { $rating } punts
who-computer-rated = Ordinador, amb { $rating } punts ({ $side })
lb-col-player = Jugador
lb-anonymous = Convidat
acc-title = El teu compte
acc-intro = No cal cap compte per jugar. Amb un compte tens un nom, les teves partides a tots els dispositius i una puntuació a cada joc.
acc-login = Inicia la sessió
acc-name-label = Nom
acc-password-label = Contrasenya
acc-login-go = Entrar
acc-signup = Crea un compte
acc-name-help = De 2 a 24 lletres, xifres, - o _. Els altres el veuen.
acc-password-help = Com a mínim 8 caràcters.
acc-signup-go = Crear el compte
acc-player-page = La teva pàgina tal com la veuen els altres
acc-export = Baixa totes les teves partides (OGN)
acc-ratings = Puntuacions
acc-ratings-none = Encara no tens cap puntuació: juga una partida puntuable des de la sala o contra l'ordinador.
acc-games = Les teves partides
acc-games-none = Encara no hi ha cap partida. Aquí es guarden les partides que comences o a les quals t'uneixes amb la sessió iniciada.
acc-logout = Tancar la sessió
acc-change-password = Canviar la contrasenya
acc-password-now = Contrasenya actual
acc-password-new = Contrasenya nova
acc-change-password-go = Canviar-la
acc-password-changed = S'ha canviat la contrasenya; s'ha tancat la sessió als teus altres dispositius.
acc-delete = Esborrar el compte
acc-delete-text = S'esborren el teu nom, les teves puntuacions i les sessions; les teves partides es queden per als altres jugadors, sense el teu nom.
acc-delete-go = Esborrar el meu compte
acc-delete-confirm = Vols esborrar el compte per sempre? No es pot desfer.
acc-deleted = S'ha esborrat el teu compte.
acc-rated = puntuable
acc-going-on = en curs
acc-aborted = anul·lada
acc-draw = taules
acc-won = victòria
acc-lost = derrota
acc-col-side = Costat
acc-col-opponent = Contrari
acc-col-result = Resultat
acc-col-date = Data
acc-col-pool = Joc i ritme
acc-col-rating = Puntuació
acc-col-games = Partides
acc-plot-point = { $rating } el { $date }
acc-plot-title = { $pool }: de { $from } a { $to }
pool-name = { $game }, { $category }
category-bullet = bala
category-blitz = llampec
category-rapid = ràpida
category-classical = clàssica
category-correspondence = dies per jugada
category-untimed = sense rellotge
pl-ratings-none = Encara no hi ha cap partida puntuable.
pl-games = Partides
pl-games-none = Encara no hi ha cap partida.
ld-title = Puntuacions
ld-intro = Puntuacions Glicko-2 per a cada joc i ritme; una puntuació marcada amb ? és provisional (encara hi ha massa poques partides).
ld-pool = Joc i ritme
ld-none = Encara no s'ha jugat cap partida puntuable.
ld-col-rank = Posició
ld-col-name = Nom
error-csrf-token-wrong = La sessió d'aquesta pàgina està desfasada; torna a carregar la pàgina.
error-bad-name = «{ $name }» no pot ser un nom: fes servir de 2 a 24 lletres, xifres, - o _.
error-name-look-alike = El nom «{ $name }» es podria confondre amb un altre: fes servir lletres d'un sol alfabet, en la seva forma habitual.
error-name-taken = El nom «{ $name }» ja està agafat; tria'n un altre.
error-name-reserved = El nom «{ $name }» està reservat per a les paraules pròpies del joc; tria'n un altre.
error-bad-password = Una contrasenya té de { $min } a { $max } caràcters.
error-login-failed = El nom o la contrasenya no són correctes.
error-too-many-attempts = Massa intents; torna-ho a provar d'aquí a { $seconds } s.
error-login-required = Primer inicia la sessió.
error-no-player = No hi ha cap jugador «{ $name }».
error-bad-pool = Aquesta no és una categoria de joc i ritme.
error-cannot-rate = Aquesta partida no pot ser puntuable: { $reason ->
    [login] els dos jugadors han d'haver iniciat la sessió.
    [same-account] no pots jugar una partida puntuable contra tu mateix.
    [level] aquest nivell encara no té una puntuació mesurada.
    [position] una partida puntuable comença des de la posició inicial del joc.
   *[opponent] les partides puntuables són contra l'ordinador o es creen a la sala.
}
error-rated-no-takeback = En una partida puntuable contra l'ordinador no es poden desfer jugades.
