# La página de `mancala serve`, en español.
#
# Este catálogo es una traducción de en.ftl (el catálogo de referencia) y tiene exactamente sus
# claves. Las correcciones de hablantes nativos son bienvenidas en el repositorio del proyecto:
# una palabra mejor para un hoyo, una semilla o un granero, o una frase más natural, es un buen
# cambio.
#
# Las letras de los hoyos, las jugadas (salvo «pass»), las cadenas de posición y la notación OGN
# no se traducen. Plurales del español: one y other.

## The language menu and the page's frame

language-menu = Idioma
settings = Ajustes
set-theme = Colores
set-theme-system = Como el dispositivo
set-theme-light = Claros
set-theme-dark = Oscuros
set-motion = Jugadas dibujadas
set-motion-system = Como el dispositivo
set-motion-full = Semilla a semilla
set-motion-reduced = De una vez (menos animación)
set-sound = Sonido de jugadas y capturas
nav-play = Jugar
nav-mirall = El espejo
nav-cups = Piedras en vasos
nav-rules = Cómo se juega
offline = Se perdió la conexión — reintentando… No se puede jugar hasta que el servidor vuelva a responder.
connection-lost = Se perdió la conexión — reintentando…
move-unsent = Tu jugada { $move } no llegó al servidor.
move-unsent-again = Volver a jugar { $move }

## Sides and players

side-south = Sur
side-north = Norte
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = Granero de { $side }, { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] tu { $pit }
    [theirs] { $pit } del rival
   *[side] { $pit } de { $side }
  }, { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
  }, { $playable ->
    [yes] se puede jugar
   *[no] no se puede jugar
  }
pit-label-hint = , jugada recomendada
pit-label-last = , última jugada
board-label = tablero
board-label-south = Tablero: la fila de Norte arriba, la de Sur abajo
board-label-north = Tablero: tu fila (la de Norte) abajo, la de Sur arriba
mirall-board-label = Tablero de El espejo
cups-board-label = vasos en círculo

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala
game-oware = Oware
game-kalah = Kalah
game-el-mirall = El espejo
game-stones-in-cups = Piedras en vasos
summary-modiar = Un juego infantil marroquí en un tablero de 2x3 hoyos con 7 semillas en cada uno: la primera semilla vuelve al hoyo vaciado, una semilla sola no se mueve, las capturas de 2, 4 o 6 se encadenan hacia atrás, la primera jugada no captura nada, hay que alimentar al rival que se ha quedado sin semillas y el gran slam está prohibido.
summary-mangala-ii = Un juego turco de la época otomana en un tablero de 2x6 hoyos con 6 fichas en cada uno: la siembra empieza en el hoyo siguiente, las capturas de 2, 4 o 6 en cualquiera de las dos filas se encadenan hacia atrás, quien tiene la fila vacía pasa, y se juega hasta que el tablero queda vacío.
summary-oware = El clásico de África occidental (reglas abapa) en un tablero de 2x6 hoyos con 4 semillas en cada uno: las vueltas saltan el hoyo de salida, las capturas de 2 o 3 en la fila del rival se encadenan hacia atrás, hay que alimentar al rival que se ha quedado sin semillas, un gran slam no captura nada, y la partida termina cuando un jugador tiene más de la mitad de las semillas.
summary-kalah = El juego comercial estadounidense Kalah(6,4): cada jugador siembra pasando por su propio granero, acabar en él da otra jugada, acabar en un hoyo propio vacío lo captura junto con el hoyo de enfrente, y la partida termina cuando una fila queda vacía.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, { $seeds } por hoyo)

## Computer levels

level-random = Al azar (juega cualquier jugada legal)
level-greedy = Glotón (toma ahora el mayor número de semillas)
level-beginner = Principiante (mira una jugada por delante y a menudo elige una jugada peor)
level-novice = Novato (ve la respuesta a su jugada, a veces elige una jugada peor)
level-intermediate = Intermedio (cuatro medias jugadas por delante, rara vez se aparta de la mejor jugada)
level-advanced = Avanzado (siete medias jugadas por delante, siempre su mejor jugada)
level-expert = Experto (doce medias jugadas por delante)
level-maximum = Máximo (tan hondo como lo permita el tiempo por jugada, en todos los núcleos)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = al azar
level-name-greedy = glotón
level-name-beginner = principiante
level-name-novice = novato
level-name-intermediate = intermedio
level-name-advanced = avanzado
level-name-expert = experto
level-name-maximum = máximo

## New game

new-game = Partida nueva
ng-game = Juego
ng-opponent = Rival
ng-opponent-engine = El ordenador
ng-opponent-local = Dos jugadores en esta pantalla
ng-opponent-remote = Un amigo, mediante un enlace
ng-level = Nivel
ng-side = Juegas con
ng-side-south = Sur (fila de abajo, juega primero)
ng-side-north = Norte (fila de arriba)
ng-hints = Los dos pueden usar pistas y análisis durante la partida (tu amigo lo ve antes de unirse; si no, se abren al terminar la partida)
ng-start = Empezar
ng-from = Empezar desde
ng-from-start = La posición inicial de siempre
ng-from-position = Una posición que preparas tú
ng-position = Posición
ng-position-help = Las semillas de los hoyos de Sur (A, B, …), luego las de Norte (a, b, …), luego las semillas capturadas por Sur y por Norte, y quién mueve: S o N. El inicio es { $start }.
ng-position-over = En esta posición la partida ya ha terminado.
ng-position-to-move = Mueve { $side }: { $moves }
ng-board-label = La posición preparada

## Your games

your-games = Tus partidas
col-game = Juego
col-opponent = Rival
col-turn = Turno o resultado
col-score = Tanteo (Sur–Norte)
col-last = Última jugada
col-open = Abrir
game-fallback = Partida
opp-engine = Ordenador ({ $level })
opp-local = Dos jugadores en una pantalla
opp-watching = Mirando a dos personas
opp-remote = Un amigo, mediante un enlace
opp-lobby = Un rival de la sala
turn-yours = Te toca
turn-computer = Le toca al ordenador
turn-friend = Le toca a tu amigo
turn-opponent = Le toca a tu rival
to-move = Le toca a { $side }
game-you = { $name } (tú: { $side })
score-pair = { $south }–{ $north }
open-view = Ver
open-resume = Reanudar
open-label = { $action } { $name }, { $opponent }

## Import

import-title = Importar una partida (OGN)
import-label = Partida en OGN
import-file = O un archivo:
import-go = Importar y seguir jugando

## A game

game-title-engine = { $name } contra el ordenador ({ $level })
game-title-local = { $name } — dos jugadores
game-title-remote = { $name } — dos personas mediante un enlace
game-title-lobby = { $name } — dos jugadores que se encontraron en la sala
game-not-found = No se encontró la partida
missing-new-game = Empezar una partida nueva
invite-link = Envía este enlace a tu amigo (abre el otro puesto una sola vez):
copy = Copiar
invite-hints-on = En esta partida las pistas y el análisis están abiertos para los dos.
invite-hints-off = Las pistas y el análisis siguen cerrados hasta que termine la partida.
undo-agree = Aceptar
undo-refuse = Rechazar
undo-asks = { $side } pide deshacer una jugada.
btn-pass = Pasar
btn-undo = Deshacer
btn-hint = Pista
btn-resign = Abandonar
btn-ogn = Descargar OGN
btn-analyse = Analizar
btn-new-game = Partida nueva
speed = Velocidad
hints-off-note = Las pistas y el análisis están cerrados mientras juegan dos personas; se abren al terminar la partida.
hints-on-note = En esta partida las pistas y el análisis están abiertos para los dos jugadores (se eligió al crearla).
hints-rated-note = Las pistas, el análisis y deshacer jugadas están cerrados en una partida puntuable; las pistas y el análisis se abren al terminar.
undo-over-note = La partida ha terminado: Deshacer está desactivado, una partida terminada no se reabre.
undo-over-title = La partida ha terminado: en una partida terminada no se deshacen jugadas
keys-note = Teclas: la letra de un hoyo lo juega (mayúscula o minúscula); Tab llega a cada hoyo, Intro o Espacio lo juega; P pasa cuando es obligatorio.
own-link-summary = Jugar este puesto en otro dispositivo
own-link = Tu propio enlace (guárdalo para ti):
moves = Jugadas
analysis = Análisis
rules-of-game = Cómo se juega: { $name }

## Who plays

who-computer = Ordenador ({ $side })
who-you = Tú ({ $side })
who-friend = Amigo ({ $side })
who-opponent = Rival ({ $side })
who-person = { $side } (una persona)
watching = Estás mirando: { $players }. El tablero es solo de lectura.
watching-remote = { $south } contra { $north }, dos personas que juegan mediante un enlace
watching-lobby = { $south } contra { $north }, dos jugadores que se encontraron en la sala
watching-engine = { $south } contra { $north }
watching-local = Sur contra Norte, dos jugadores en una pantalla
watching-used = Esta invitación ya se usó: abre su puesto una sola vez.

## The status line

status-over = Partida terminada: { $result }
status-extra-turn = ¡Turno extra!
status-choose = { $who }: elige un hoyo ({ $moves })
status-must-pass = { $who }: no se puede jugar ningún hoyo, así que pasas (pulsa Pasar o P)
status-thinking = El ordenador está pensando…
status-waiting-friend = Esperando a tu amigo ({ $side })…
status-waiting-opponent = Esperando a tu rival ({ $side })…
status-waiting = Esperando a { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } pasa
ply-plays = { $side } juega { $move }
ply-plays-capturing = { $side } juega { $move } y captura { $count }
ply-extra-turn = Turno extra: { $side } vuelve a jugar
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , captura { $count }
ply-title-extra = , turno extra
taken-back-one = Se deshizo una jugada.
taken-back = { $count ->
    [one] Se deshizo { $count } jugada.
   *[other] Se deshicieron { $count } jugadas.
  }
undo-asked = Le has pedido a tu amigo que acepte deshacer la jugada.
undo-asked-opponent = Le has pedido a tu rival que acepte deshacer la jugada.
undo-withdraw = Retirar la petición
undo-refused = El otro jugador no aceptó deshacer tu jugada.
not-your-turn = No te toca.
read-only = Estás mirando: este tablero es solo de lectura.
resign-confirm = ¿Abandonar esta partida?

## Results

result-draw = Tablas { $south }–{ $north }
result-you-win = Ganas { $mine }–{ $theirs }
result-you-lost = Has perdido { $mine }–{ $theirs }
result-wins = Gana { $winner } { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = has abandonado
reason-computer-resigned = el ordenador ha abandonado
reason-opponent-resigned = tu rival ha abandonado
reason-side-resigned = { $side } ha abandonado
end-no-legal-move = el jugador al que le toca no tiene ninguna jugada legal
end-empty-board = el tablero está vacío
end-row-empty = una fila está vacía
end-majority = un jugador ha capturado más de la mitad de las semillas
end-repetition = una posición ha aparecido por segunda vez
end-max-plies = se alcanzó el límite de jugadas

## Hints and analysis

hint-database = Pista: juega { $move } — con juego perfecto, { $side } { $lead ->
    [ahead] gana por { $by }
    [behind] pierde por { $by }
   *[even] empata
  } (cada jugada: { $moves })
hint-search = Pista: juega { $move } — mirando { $depth } medias jugadas adelante, { $side } acaba { $lead ->
    [ahead] unas { $by } { $by ->
        [one] semilla
       *[other] semillas
    } por delante
    [behind] unas { $by } { $by ->
        [one] semilla
       *[other] semillas
    } por detrás
   *[even] más o menos igualado
  }
hint-said = Pista: juega { $move }.
analysis-weighing = Sopesando cada jugada…
analysis-forced = forzada
analysis-best = la mejor
analysis-loses = pierde { $loss } (la mejor: { $best } { $score })
analysis-mistake = error: { $note }
analysis-exact = exacto
analysis-depth = { $depth ->
    [one] { $depth } media jugada
   *[other] { $depth } medias jugadas
  }
analysis-side = { $side }: { $mistakes ->
    [one] { $mistakes } error
   *[other] { $mistakes } errores
  }, { $lost ->
    [one] { $lost } semilla perdida
   *[other] { $lost } semillas perdidas
  }
analysis-how-deep = Cada jugada se buscó a { $depth ->
    [one] { $depth } media jugada
   *[other] { $depth } medias jugadas
  } de profundidad
analysis-how-deep-db = Cada jugada se buscó a { $depth ->
    [one] { $depth } media jugada
   *[other] { $depth } medias jugadas
  } de profundidad, de forma exacta donde una base de datos cubre la posición
analysis-how = Se sopesó cada jugada
analysis-summary = { $how }; los tanteos son la diferencia final que podía esperar quien mueve. { $south }; { $north }.

## The solitaires: shared

btn-reset = Reiniciar
btn-back = Atrás
btn-step = Paso
btn-auto = Juego automático
btn-pause = Pausa
moves-count = Jugadas:
counts-title = Jugadas hasta que vuelve el inicio
counts-mark = Resaltadas
counts-mark-note = las casillas son las cuentas impresas en el texto original del juego (✓ cuando la cuenta de aquí coincide, ✗ cuando no; ? cuando no se pudo contar en el tiempo que espera la página).
counting = Contando…
not-counted = no se contó a tiempo
not-counted-seed = no se contó a tiempo; la fuente da { $seed }
seed-gives = la fuente da { $seed }
size-wrong = { $field } debe ser un número entero de { $min } a { $max }, no { $value }
size-empty = { $field } debe ser un número entero de { $min } a { $max } (el campo está vacío)
size-not-number = { $field } debe ser un número entero de { $min } a { $max } (eso no es un número)
auto-cannot = El juego automático no puede terminar este tamaño aquí: { $why }
auto-too-long = El juego automático no puede terminar este tamaño aquí: el inicio solo vuelve tras { $cycle } jugadas (la página juega como mucho { $limit }); Paso muestra las jugadas una a una.

## El mirall

mirall-summary = Las dos filas se mueven a la vez, cada una espejo de la otra: Sur siembra hacia la derecha su hoyo ocupado de más a la izquierda, Norte el de más a la derecha hacia la izquierda. ¿Cuándo vuelven las dos filas al inicio?
m-pits = Hoyos
m-seeds = Semillas
m-mode = Modo
m-mode-watch = Verlo jugar
m-mode-duo = Dos jugadores (cada uno siembra su fila)
m-mode-link = Dos jugadores en dos dispositivos (un enlace)
m-duo-help = Cada jugador siembra su propia fila, con la tecla que se muestra junto a cada uno de sus hoyos (Norte: Q W E ..., Sur: Z X C ...) o tocándolo. Hay jugada cuando los dos han sembrado el hoyo correcto; intentad ir al compás.
m-link-send = Envía este enlace al otro jugador, que juega con Norte (la fila de arriba):
m-rows-note = Filas: hoyos por fila; columnas: semillas por hoyo.
m-back-at-start = Las dos filas vuelven al inicio tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  }.
m-status-link-sown = Jugada { $move }: has sembrado; esperando a { $other }.
m-status-link-sow-south = Jugada { $move }: siembra tu hoyo ocupado de más a la izquierda.
m-status-link-sow-north = Jugada { $move }: siembra tu hoyo ocupado de más a la derecha.
m-status-link-sow-south-other = Jugada { $move }: siembra tu hoyo ocupado de más a la izquierda ({ $other } ya ha sembrado).
m-status-link-sow-north-other = Jugada { $move }: siembra tu hoyo ocupado de más a la derecha ({ $other } ya ha sembrado).
m-status-duo = Jugada { $move }: Sur debe encontrar su hoyo ocupado de más a la izquierda, Norte el de más a la derecha.
m-status-watch = Jugada { $move }: Sur siembra { $south }, Norte siembra { $north }.
m-result = De vuelta al inicio tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  }.
m-result-differs = (Contada desde el inicio, la vuelta completa dura { $cycle ->
    [one] { $cycle } jugada
   *[other] { $cycle } jugadas
  }.)
m-result-duo = Juntos en { $secs } s; errores: Sur { $south }, Norte { $north }; de media, { $gap } ms de diferencia.
m-no-such-pit = { $side } no tiene ese hoyo.
m-south-must = Sur debe sembrar { $want }, no { $pit }: { $why }
m-north-must = Norte debe sembrar { $want }, no { $pit }: { $why }
m-south-why-first = es su hoyo de más a la izquierda y tiene semillas
m-south-why = es su hoyo de más a la izquierda con semillas (vacíos: { $empty })
m-north-why-first = es su hoyo de más a la derecha y tiene semillas
m-north-why = es su hoyo de más a la derecha con semillas (vacíos: { $empty })
m-pit-empty = ; { $pit } está vacío
m-stats = Jugadas juntos: { $moves }. Errores: Sur { $south }, Norte { $north }. Diferencia media entre vuestras siembras: { $gap } ms.
m-you-play-south = Juegas con Sur, la fila de abajo: toca tu hoyo o pulsa su tecla.
m-you-play-north = Juegas con Norte, la fila de arriba: toca tu hoyo o pulsa su tecla.
m-watching = Estás mirando: este navegador no tiene puesto en esta partida.
m-link-result = De vuelta al inicio tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  }, juntos en { $secs } s.
m-your-row-south = Juegas la fila de Sur (abajo).
m-your-row-north = Juegas la fila de Norte (arriba).

## Stones in cups

cups-summary = Los vasos forman un círculo. Vacía el vaso 0 y siembra sus piedras en el sentido de las agujas del reloj, una por vaso; luego vacía el vaso en que cayó la última piedra, y así sucesivamente. ¿Cuántas jugadas hacen falta para que cada vaso vuelva a tener sus piedras y le toque al vaso 0?
c-cups = Vasos
c-stones = Piedras
c-guess = Tu apuesta
c-guess-placeholder = ¿jugadas?
c-guess-go = Apostar y ejecutar
c-rows-note = Filas: piedras por vaso (k); columnas: vasos (n).
c-back-at-start = de vuelta al inicio
c-next = siguiente: vaso { $cup }
c-size = { $cups } vasos × { $stones }
c-done = De vuelta al inicio tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  }.
c-status = Jugada { $move }: vacía el vaso { $cup } ({ $stones ->
    [one] { $stones } piedra
   *[other] { $stones } piedras
  }) y siembra en el sentido de las agujas del reloj.
c-engine-counts = (Contada desde el inicio, la vuelta completa dura { $cycle ->
    [one] { $cycle } jugada
   *[other] { $cycle } jugadas
  }.)
c-guess-right = ¡Tu apuesta, { $guess }, era correcta!
c-guess-few = Tu apuesta era { $guess }: te has quedado corto por { $by }.
c-guess-many = Tu apuesta era { $guess }: te has pasado por { $by }.
c-guess-first = Primero escribe tu apuesta: un número entero de jugadas.
c-guess-running = Tu apuesta: { $guess ->
    [one] { $guess } jugada
   *[other] { $guess } jugadas
  }. En marcha…

## How to play (the rules pages)

rules-title = Cómo se juega
rules-game = Reglas de
rules-loading = Cargando las reglas…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = La petición no es lo que espera esta dirección: { $detail }
error-body-too-large = La petición es demasiado grande: como máximo { $max } bytes.
error-not-json = La petición debe enviarse en JSON.
error-unknown-game = Juego desconocido «{ $game }».
error-bad-game = No se puede jugar el juego «{ $game }»: { $detail }
error-bad-position = No se puede usar la posición «{ $position }»: { $detail }
error-unknown-level = Nivel desconocido «{ $level }» (niveles: { $levels }).
error-bad-side = Bando desconocido «{ $side }»: usa south o north.
error-bad-opponent = Rival desconocido «{ $opponent }»: usa engine, local o remote.
error-level-needs-engine = El nivel solo se elige en una partida contra el ordenador.
error-hints-choice-needs-link = Las pistas solo se eligen en una partida con un amigo mediante un enlace.
error-bad-record = No se puede leer el registro de la partida: { $detail }
# Qué falla en el registro de una partida.
record-syntax-tag-no-name = línea { $line }: una etiqueta necesita un nombre, como en [Nombre "valor"]
record-syntax-tag-not-quoted = línea { $line }: el valor de la etiqueta { $tag } debe ir entre comillas dobles
record-syntax-tag-unclosed = línea { $line }: al valor de la etiqueta { $tag } le faltan las comillas de cierre
record-syntax-tag-escape = línea { $line }: en la etiqueta { $tag } solo se pueden escapar \" y \\
record-syntax-tag-no-bracket = línea { $line }: la etiqueta { $tag } necesita un ']' tras su valor
record-syntax-tag-after-moves = línea { $line }: hay una etiqueta después de las jugadas
record-syntax-tag-twice = línea { $line }: la etiqueta { $tag } aparece dos veces
record-syntax-after-result = línea { $line }: «{ $text }» viene después del resultado «{ $result }»
record-syntax-capture-mark = línea { $line }: «{ $text }»: una marca de captura es '+' y un número de semillas (como b+2)
record-syntax-not-a-move = línea { $line }: «{ $text }» no es una jugada (la letra de un hoyo, o pasar)
record-syntax-empty = el registro está vacío: no tiene etiquetas ni jugadas
record-syntax-result-tag = línea { $line }: «{ $tag }» de la etiqueta Result no es un resultado (*, o una puntuación como 25-19)
record-syntax-result-differs = línea { $line }: la etiqueta Result dice «{ $tag }» pero las jugadas terminan con «{ $result }»
record-syntax-comment-unclosed = línea { $line }: un comentario abierto con '{"{"}' nunca se cierra con '{"}"}'
record-fen = la etiqueta FEN: { $why }
record-variant = el registro es de { $record }, no de { $rules }
record-move = jugada { $number } («{ $text }»): { $why }
record-capture-mark = la jugada { $number } («{ $text }») está marcada como captura de { $marked }, pero captura { $actual }
record-result = el resultado «{ $result }» no concuerda con las jugadas, que terminan la partida con { $actual }
record-unknown-variant = «{ $tag }» de la etiqueta Variant no es un juego de este sitio
record-no-variant = el registro no tiene ninguna etiqueta Variant que nombre el juego
record-game-tag = «{ $tag }» de la etiqueta Game no es un juego de este sitio
record-no-game-tag = el registro no tiene etiqueta Game, así que es { $name } en su tablero habitual ({ $pits } hoyos por fila, { $seeds } semillas por hoyo), no { $tag }
record-resigner = la etiqueta Termination «{ $tag }» no dice quién abandonó (Sur o Norte)
record-resigned-after-end = el registro dice que { $side } abandonó, pero la partida ya había terminado
record-stopped-after-end = la etiqueta Termination dice «{ $tag }», pero la partida ya había terminado
record-unfinished-other-winner = el resultado «{ $result }» es incorrecto: { $side } abandonó, así que ganó el otro lado
record-unfinished-other-winner-on-time = el resultado «{ $result }» es incorrecto: { $side } perdió por tiempo, así que ganó el otro lado
record-unfinished-no-termination = el resultado es «{ $result }», pero las jugadas no terminan la partida y ninguna etiqueta Termination dice cómo terminó
record-unfinished-final-score = «{ $result }» es una puntuación final, pero las jugadas no terminan la partida (escribe * para una partida en curso)
record-too-large = el registro ocupa { $bytes } bytes; un registro puede ocupar como mucho 1 MiB
# Qué falla en una posición.
position-field-count = una posición de este juego tiene { $expected } partes separadas por '-', esta tiene { $found }
position-not-a-number = parte { $index }: «{ $value }» no es un número entero
position-too-large = parte { $index }: { $value } es más de lo que cabe en un hoyo (255)
position-side = parte { $index }: «{ $value }» no es S ni N (quién juega)
position-total = las semillas suman { $found }, pero el juego tiene { $expected }
position-pit-count = el juego tiene { $pits } hoyos por fila, y la posición tiene { $found }
position-odd-captures = { $side } ha capturado { $captured }, un número impar; cada captura de este juego toma un número par de semillas, así que ninguna partida llega a esta posición
error-no-route = Aquí no hay nada: { $path }
error-method-not-allowed = { $method } no está permitido en { $path }.
error-no-game = No existe la partida «{ $id }».
error-token-required = Para esto hace falta la clave de un puesto de la partida.
error-token-rejected = Esta clave no da ningún puesto en esta partida.
error-invitation-used = Esta invitación ya se usó: abre su puesto una sola vez.
error-no-seats = Los dos puestos de esta partida están ocupados.
error-hints-closed = Las pistas y el análisis están cerrados en esta partida hasta que termine.
error-game-over = La partida ha terminado.
error-game-resigned = La partida ha terminado: { $side } ha abandonado.
error-not-your-turn = No te toca: le toca a { $side }.
error-engine-turn = El ordenador juega con { $side }: le toca a él.
error-not-a-move = «{ $text }» no es una jugada: nombra un hoyo por su letra, o pasa.
error-no-such-pit = No hay ningún hoyo { $pit } (hoyos: { $pits }).
error-illegal-move = Ahora no se puede jugar { $move }: { $reason } (jugadas legales: { $legal }).
error-resign-other-side = Juegas con { $side }, no con { $asked }: solo puedes abandonar con tu propio bando.
error-resignation-final = Un abandono es definitivo.
error-nothing-to-undo = No hay ninguna jugada que deshacer.
error-no-own-move-to-undo = No has hecho ninguna jugada que deshacer.
error-undo-pending = Ya hay una petición para deshacer una jugada esperando respuesta.
error-no-undo-asked = Nadie ha pedido deshacer una jugada.
error-no-legal-move = No hay ninguna jugada legal.
error-no-moves-yet = Todavía no se ha hecho ninguna jugada.
error-size-out-of-range = { $field } debe ir de { $min } a { $max }, no { $value }.
error-count-too-long = contar este tamaño lleva más tiempo del que espera la página
error-mirall-over = Esta partida de El espejo ha terminado: las dos filas han vuelto al inicio.
error-mirall-wait = Ya has sembrado; espera al otro jugador.
error-mirall-other-row = El hoyo { $pit } está en la otra fila: juegas con { $side }.
error-not-a-pit = «{ $text }» no es un hoyo.
error-wrong-host = Este servidor no responde al host «{ $host }».
error-no-host = La petición no nombra ningún host.
error-stale-version = La partida ya había avanzado (esto era para una posición anterior, o ya se había hecho): el tablero la muestra ahora tal como está.
error-future-version = Tu página iba desacompasada con la partida (indicaba un estado que la partida aún no ha alcanzado): el tablero la muestra ahora tal como está.
error-database-unavailable = La base de datos no responde: no se ha cambiado nada; reconectando…
error-server-busy = El servidor está ocupado: vuelve a intentarlo dentro de un momento.
error-too-many-games = Demasiadas partidas nuevas en poco tiempo: vuelve a intentarlo dentro de { $seconds } s.
error-uri-too-long = La dirección es demasiado larga para el servidor.
error-headers-too-large = Las cabeceras de la petición son demasiado grandes para el servidor.
error-server-error = El servidor ha fallado: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = solo se puede pasar cuando no se puede jugar ningún hoyo
reason-not-your-pit = ese hoyo no está en tu fila
reason-empty-pit = ese hoyo está vacío
reason-too-few-seeds = un hoyo necesita al menos { $min } semillas para jugarse, y tiene { $held }
reason-grand-slam = capturaría todas las semillas del rival (un gran slam)
reason-must-feed = la fila del rival está vacía y esta jugada no le da semillas
reason-not-allowed = las reglas no lo permiten

## Clocks, draw offers and rematches between two people
ng-clock = Reloj
clock-none = Sin reloj
clock-live = { $minutes } min + { $seconds } s por jugada
clock-days = { $days ->
    [one] Un día por jugada
   *[other] { $days } días por jugada
}
clock-days-left = { $days } d { $hours } h
clock-label = Reloj de { $side }: { $time }
clock-low = A { $side } le quedan menos de diez segundos.
clock-start = { $side } debe hacer su primera jugada en { $seconds } s o la partida se anula.
btn-draw = Ofrecer tablas
draw-offered = Tablas ofrecidas
draw-asks = { $side } ofrece tablas.
draw-accept = Aceptar las tablas
draw-decline = Rechazar
draw-offered-waiting = Has ofrecido tablas; falta que responda el otro jugador.
draw-withdraw = Retirar la oferta
draw-declined = El otro jugador rechazó tu oferta de tablas.
draw-agreed-said = La partida acaba en tablas de común acuerdo.
btn-rematch = Revancha
rematch-accept = Aceptar la revancha
rematch-offered = Has ofrecido una revancha; falta que responda el otro jugador.
rematch-asks = { $side } ofrece una revancha, con los lados cambiados.
rematch-agreed = Revancha aceptada: los lados se cambian.
rematch-open = Jugar la revancha
result-aborted = La partida se anuló: una primera jugada no llegó a tiempo. Sin resultado.
reason-your-time = se te acabó el tiempo
reason-their-time = a tu rival se le acabó el tiempo
reason-side-time = a { $side } se le acabó el tiempo
end-draw-agreed = tablas de común acuerdo
error-game-stopped = La partida ha terminado: { $how ->
    [time-forfeit] a { $side } se le acabó el tiempo.
    [abandoned] { $side } dejó la partida y se reclamó la victoria.
    [draw-agreed] acabó en tablas de común acuerdo.
   *[aborted] se anuló antes de empezar.
}
error-bad-clock = El reloj «{ $clock }» no es válido ({ $detail }): escribe minutos+segundos, como 3+2, o días por jugada, como 2d.
error-clock-needs-people = El reloj solo es para partidas entre dos personas.
error-needs-people = Las ofertas de tablas y las revanchas son entre dos personas.
error-no-draw-offer = Nadie ha ofrecido tablas.
error-draw-pending = Ya has ofrecido tablas; falta que responda el otro jugador.
error-rematch-needs-end = La revancha se ofrece cuando la partida ha terminado.
error-rematch-pending = Ya has ofrecido una revancha; falta que responda el otro jugador.

## The lobby
nav-lobby = Sala
lb-title = Sala
lb-intro = Juega con alguien nuevo: acepta un desafío abierto, crea uno y espera aquí, o juega con cualquiera que pida el mismo juego y el mismo reloj.
lb-side = Tu lado
lb-side-random = Al azar
lb-create = Crear un desafío
lb-seek = Jugar con cualquiera
lb-cancel = Retirarlo
lb-open = Desafíos abiertos
lb-col-game = Juego
lb-col-side = Su lado
lb-accept = Aceptar
lb-accept-label = Aceptar el desafío: { $game }, { $clock }
lb-none = No hay ningún desafío abierto ahora: crea uno, o juega con cualquiera y espera aquí a un compañero.
lb-playing = Partidas en curso
lb-games-none = No hay ninguna partida entre dos personas en curso.
lb-waiting = Tu desafío está abierto ({ $game }, { $clock }): deja esta página abierta hasta que alguien lo acepte.
lb-watch = Mirar: { $game }, { $clock }, { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
  }
lb-made = Tu desafío está abierto.
lb-yours = Tu desafío
error-no-challenge = Ese desafío ya no está abierto: se retiró o su creador se fue.
error-challenge-taken = Otra persona aceptó ese desafío antes.
error-own-challenge = Es tu propio desafío: espera aquí a que alguien lo acepte.
error-too-many-challenges = { $max ->
    [one] Ya tienes un desafío abierto: retíralo o espera a que alguien lo acepte.
   *[other] Ya tienes { $max } desafíos abiertos: retira uno o espera a que alguien acepte uno.
  }

## Looking back at a game
review-first = Posición inicial
review-back = Una jugada atrás
review-next = Una jugada adelante
review-last = La partida tal como está
review-start = { $total ->
    [one] El inicio, antes de la única jugada
   *[other] El inicio, antes de la primera de { $total } jugadas
  }
review-at = Jugada { $ply } de { $total }: { $side } { $move }
review-status = Mirando atrás: { $where }. Fin (o un clic en el tablero) vuelve a la partida.
graph-label = Evaluación tras cada jugada, el margen esperado de Sur (hasta { $top ->
    [one] { $top } semilla
   *[other] { $top } semillas
  }); errores marcados: { $mistakes }
graph-point = Jugada { $ply }: { $value } para Sur

## Set phrases between two people
say-title = Decir:
chat-mute = Ocultar los mensajes del otro jugador
chat-said = { $who }: { $phrase }
phrase-hello = ¡Hola!
phrase-good-luck = ¡Buena suerte!
phrase-your-turn = Te toca.
phrase-well-played = ¡Bien jugado!
phrase-good-game = ¡Buena partida!
phrase-thanks = ¡Gracias!
error-unknown-phrase = Esa no es una de las frases que se pueden enviar.
error-too-many-phrases = Has enviado { $max } frases en esta partida, el máximo.

## Whether the other player is there
presence-here = presente
presence-away = ausente
claim-text = { $side } ha abandonado la partida.
btn-claim = Reclamar la victoria
claim-text-abort = { $side } ha abandonado la partida sin hacer ninguna jugada: solo puede anularse, sin resultado.
btn-claim-abort = Anular la partida
reason-you-left = dejaste la partida
reason-they-left = tu rival dejó la partida
reason-side-left = { $side } dejó la partida
error-cannot-claim = Ahora no se puede reclamar la victoria: el otro jugador está aquí o aún puede volver.

## Cuentas, puntuaciones y clasificaciones
nav-login = Iniciar sesión
nav-leaderboard = Puntuaciones
who-named = { $name } ({ $side })
who-you-named = Tú, { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = Puntuable
lb-rated-note = Inicia sesión para jugar partidas puntuables.
ng-rated = Puntuable: el ordenador juega con { $rating } puntos
who-computer-rated = Ordenador, con { $rating } puntos ({ $side })
lb-col-player = Jugador
lb-anonymous = Invitado
acc-title = Tu cuenta
acc-intro = No hace falta una cuenta para jugar. Con una tienes un nombre, tus partidas en todos tus dispositivos y una puntuación en cada juego.
acc-login = Iniciar sesión
acc-name-label = Nombre
acc-password-label = Contraseña
acc-login-go = Entrar
acc-signup = Crear una cuenta
acc-name-help = De 2 a 24 letras, cifras, - o _. Los demás lo ven.
acc-password-help = Al menos 8 caracteres.
acc-signup-go = Crear la cuenta
acc-player-page = Tu página tal como la ven los demás
acc-export = Descargar todas tus partidas (OGN)
acc-ratings = Puntuaciones
acc-ratings-none = Aún no tienes puntuación: juega una partida puntuable desde la sala o contra el ordenador.
acc-games = Tus partidas
acc-games-none = Aún no hay partidas. Aquí se guardan las partidas que empiezas o a las que te unes con la sesión iniciada.
acc-logout = Cerrar sesión
acc-change-password = Cambiar la contraseña
acc-password-now = Contraseña actual
acc-password-new = Contraseña nueva
acc-change-password-go = Cambiarla
acc-password-changed = La contraseña se ha cambiado; se ha cerrado la sesión en tus otros dispositivos.
acc-delete = Eliminar la cuenta
acc-delete-text = Se borran tu nombre, tus puntuaciones y tus sesiones; tus partidas se quedan para los otros jugadores, sin tu nombre.
acc-delete-go = Eliminar mi cuenta
acc-delete-confirm = ¿Eliminar tu cuenta para siempre? No se puede deshacer.
acc-deleted = Tu cuenta se ha eliminado.
acc-rated = puntuable
acc-going-on = en curso
acc-aborted = anulada
acc-draw = tablas
acc-won = victoria
acc-lost = derrota
acc-col-side = Lado
acc-col-opponent = Rival
acc-col-result = Resultado
acc-col-date = Fecha
acc-col-pool = Juego y ritmo
acc-col-rating = Puntuación
acc-col-games = Partidas
acc-plot-point = { $rating } el { $date }
acc-plot-title = { $pool }: de { $from } a { $to }
pool-name = { $game }, { $category }
category-bullet = bala
category-blitz = relámpago
category-rapid = rápida
category-classical = clásica
category-correspondence = días por jugada
category-untimed = sin reloj
pl-ratings-none = Aún no hay partidas puntuables.
pl-games = Partidas
pl-games-none = Aún no hay partidas.
ld-title = Puntuaciones
ld-intro = Puntuaciones Glicko-2 en cada juego y ritmo; una puntuación marcada con ? es provisional (aún hay pocas partidas).
ld-pool = Juego y ritmo
ld-none = Aún no se ha jugado ninguna partida puntuable.
ld-col-rank = Puesto
ld-col-name = Nombre
error-csrf-token-wrong = La sesión de esta página está desfasada; vuelve a cargar la página.
error-bad-name = «{ $name }» no puede ser un nombre: usa de 2 a 24 letras, cifras, - o _.
error-name-look-alike = El nombre «{ $name }» podría confundirse con otro: usa letras de un solo alfabeto, en su forma habitual.
error-name-taken = El nombre «{ $name }» ya está en uso; elige otro.
error-name-reserved = El nombre «{ $name }» está reservado para las palabras propias del juego; elige otro.
error-bad-password = Una contraseña tiene de { $min } a { $max } caracteres.
error-login-failed = Nombre o contraseña incorrectos.
error-too-many-attempts = Demasiados intentos; vuelve a intentarlo dentro de { $seconds } s.
error-login-required = Inicia sesión primero.
error-no-player = No existe el jugador «{ $name }».
error-bad-pool = Eso no es una categoría de juego y ritmo.
error-cannot-rate = Esta partida no puede ser puntuable: { $reason ->
    [login] los dos jugadores deben haber iniciado sesión.
    [same-account] no puedes jugar una partida puntuable contra ti mismo.
    [level] este nivel aún no tiene una puntuación medida.
    [position] una partida puntuable empieza desde la posición inicial del juego.
   *[opponent] las partidas puntuables son contra el ordenador o se crean en la sala.
}
error-rated-no-takeback = En una partida puntuable contra el ordenador no se pueden deshacer jugadas.
