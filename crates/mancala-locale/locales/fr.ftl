# La page de `mancala serve`, en français.
#
# Ce catalogue est une traduction de en.ftl (le catalogue de référence) et en a exactement les
# clés. Les locuteurs natifs sont les bienvenus pour le corriger dans le dépôt du projet : un
# meilleur mot pour un trou, une graine ou un grenier, ou une phrase plus naturelle, est un bon
# changement.
#
# Lettres des trous, coups (sauf « pass »), chaînes de position et notation OGN restent telles
# quelles. Pluriels français : one (0 et 1) et other.

## The language menu and the page's frame

language-menu = Langue
settings = Réglages
set-theme = Couleurs
set-theme-system = Comme l'appareil
set-theme-light = Claires
set-theme-dark = Sombres
set-motion = Coups dessinés
set-motion-system = Comme l'appareil
set-motion-full = Graine par graine
set-motion-reduced = D'un coup (animations réduites)
set-sound = Son des coups et des prises
nav-play = Jouer
nav-mirall = Le miroir
nav-cups = Les gobelets
nav-rules = Règles du jeu
offline = Connexion perdue — nouvelle tentative… Rien ne peut être joué tant que le serveur ne répond pas.
connection-lost = Connexion perdue — nouvelle tentative…
move-unsent = Votre coup { $move } n’est pas parvenu au serveur.
move-unsent-again = Rejouer { $move }

## Sides and players

side-south = Sud
side-north = Nord
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = Grenier de { $side }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] votre { $pit }
    [theirs] { $pit } de l'adversaire
   *[side] { $pit } de { $side }
  }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
  }, { $playable ->
    [yes] jouable
   *[no] non jouable
  }
pit-label-hint = , coup conseillé
pit-label-last = , dernier coup
board-label = tablier
board-label-south = Tablier : la rangée de Nord en haut, celle de Sud en bas
board-label-north = Tablier : votre rangée (celle de Nord) en bas, celle de Sud en haut
mirall-board-label = Tablier du miroir
cups-board-label = gobelets en cercle

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala
game-oware = Awalé
game-kalah = Kalah
game-el-mirall = Le miroir
game-stones-in-cups = Pierres dans les gobelets
summary-modiar = Un jeu d'enfants marocain sur un tablier de 2x3 trous à 7 graines : la première graine retourne dans le trou vidé, une graine seule ne se joue pas, les prises de 2, 4 ou 6 remontent en chaîne, le premier coup ne prend rien, il faut nourrir l'adversaire affamé et le grand chelem est interdit.
summary-mangala-ii = Un jeu turc de l'époque ottomane sur un tablier de 2x6 trous à 6 graines : le semis commence dans le trou suivant, les prises de 2, 4 ou 6 dans les deux rangées remontent en chaîne, le joueur dont la rangée est vide passe, et l'on joue jusqu'à ce que le tablier soit vide.
summary-oware = Le classique d'Afrique de l'Ouest (règles abapa) sur un tablier de 2x6 trous à 4 graines : les tours sautent le trou de départ, les prises de 2 ou 3 dans la rangée adverse remontent en chaîne, il faut nourrir l'adversaire affamé, un grand chelem ne prend rien, et la partie s'arrête quand un joueur a plus de la moitié des graines.
summary-kalah = Le jeu commercial américain Kalah(6,4) : chacun sème en passant par son propre grenier, finir dans son grenier donne un coup de plus, finir dans un de ses trous vides le prend avec le trou d'en face, et la partie s'arrête quand une rangée est vide.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, { $seeds } par trou)

## Computer levels

level-random = Hasard (joue n'importe quel coup légal)
level-greedy = Gourmand (prend tout de suite le plus de graines)
level-beginner = Débutant (voit un coup à l'avance et choisit souvent un coup moins bon)
level-novice = Novice (voit la réponse à son coup, choisit parfois un coup moins bon)
level-intermediate = Intermédiaire (quatre demi-coups à l'avance, s'écarte rarement du meilleur coup)
level-advanced = Avancé (sept demi-coups à l'avance, toujours son meilleur coup)
level-expert = Expert (douze demi-coups à l'avance)
level-maximum = Maximum (aussi loin que le permet le temps par coup, sur tous les cœurs)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = hasard
level-name-greedy = gourmand
level-name-beginner = débutant
level-name-novice = novice
level-name-intermediate = intermédiaire
level-name-advanced = avancé
level-name-expert = expert
level-name-maximum = maximum

## New game

new-game = Nouvelle partie
ng-game = Jeu
ng-opponent = Adversaire
ng-opponent-engine = L'ordinateur
ng-opponent-local = Deux joueurs sur cet écran
ng-opponent-remote = Un ami, par un lien
ng-level = Niveau
ng-side = Vous jouez
ng-side-south = Sud (rangée du bas, joue en premier)
ng-side-north = Nord (rangée du haut)
ng-hints = Les deux joueurs peuvent utiliser les conseils et l'analyse pendant la partie (votre ami le voit avant de la rejoindre ; sinon ils s'ouvrent à la fin de la partie)
ng-start = Commencer
ng-from = Partir de
ng-from-start = La position de départ habituelle
ng-from-position = Une position que vous composez
ng-position = Position
ng-position-help = Les graines des trous de Sud (A, B, …), puis de Nord (a, b, …), puis les graines prises par Sud et par Nord, puis qui joue : S ou N. Le départ est { $start }.
ng-position-over = Dans cette position, la partie est déjà finie.
ng-position-to-move = { $side } joue : { $moves }
ng-board-label = La position composée

## Your games

your-games = Vos parties
col-game = Jeu
col-opponent = Adversaire
col-turn = Trait ou résultat
col-score = Score (Sud–Nord)
col-last = Dernier coup
col-open = Ouvrir
game-fallback = Partie
opp-engine = Ordinateur ({ $level })
opp-local = Deux joueurs sur un écran
opp-watching = Vous regardez deux personnes
opp-remote = Un ami, par un lien
opp-lobby = Un adversaire du salon
turn-yours = À vous de jouer
turn-computer = À l'ordinateur de jouer
turn-friend = À votre ami de jouer
turn-opponent = À votre adversaire de jouer
to-move = { $side } a le trait
game-you = { $name } (vous : { $side })
score-pair = { $south }–{ $north }
open-view = Voir
open-resume = Reprendre
open-label = { $action } { $name }, { $opponent }

## Import

import-title = Importer une partie (OGN)
import-label = Partie au format OGN
import-file = Ou un fichier :
import-go = Importer et continuer la partie

## A game

game-title-engine = { $name } contre l'ordinateur ({ $level })
game-title-local = { $name } — deux joueurs
game-title-remote = { $name } — deux personnes par un lien
game-title-lobby = { $name } — deux joueurs qui se sont rencontrés au salon
game-not-found = Partie introuvable
missing-new-game = Commencer une nouvelle partie
invite-link = Envoyez ce lien à votre ami (il ouvre l'autre place une seule fois) :
copy = Copier
invite-hints-on = Les conseils et l'analyse sont ouverts aux deux joueurs dans cette partie.
invite-hints-off = Les conseils et l'analyse restent fermés jusqu'à la fin de la partie.
undo-agree = Accepter
undo-refuse = Refuser
undo-asks = { $side } demande à reprendre un coup.
btn-pass = Passer
btn-undo = Annuler
btn-hint = Conseil
btn-resign = Abandonner
btn-ogn = Télécharger l'OGN
btn-analyse = Analyser
btn-new-game = Nouvelle partie
speed = Vitesse
hints-off-note = Les conseils et l'analyse sont fermés quand deux personnes jouent ; ils s'ouvrent à la fin de la partie.
hints-on-note = Les conseils et l'analyse sont ouverts aux deux joueurs dans cette partie (choisi à sa création).
hints-rated-note = Les conseils, l'analyse et les reprises sont fermés dans une partie classée ; les conseils et l'analyse s'ouvrent à la fin.
undo-over-note = La partie est finie : Annuler est désactivé, une partie finie ne se rouvre pas.
undo-over-title = La partie est finie : on ne reprend pas de coup dans une partie finie
keys-note = Touches : la lettre d'un trou le joue (majuscule ou minuscule) ; Tab atteint chaque trou, Entrée ou Espace le joue ; P passe quand vous y êtes obligé.
own-link-summary = Jouer cette place sur un autre appareil
own-link = Votre propre lien (gardez-le pour vous) :
moves = Coups
analysis = Analyse
rules-of-game = Règles du jeu : { $name }

## Who plays

who-computer = Ordinateur ({ $side })
who-you = Vous ({ $side })
who-friend = Ami ({ $side })
who-opponent = Adversaire ({ $side })
who-person = { $side } (une personne)
watching = Vous regardez : { $players }. Le tablier est en lecture seule.
watching-remote = { $south } contre { $north }, deux personnes qui jouent par un lien
watching-lobby = { $south } contre { $north }, deux joueurs qui se sont rencontrés au salon
watching-engine = { $south } contre { $north }
watching-local = Sud contre Nord, deux joueurs sur un écran
watching-used = Cette invitation a déjà servi : elle n'ouvre sa place qu'une fois.

## The status line

status-over = Partie finie : { $result }
status-extra-turn = Vous rejouez !
status-choose = { $who } : choisissez un trou ({ $moves })
status-must-pass = { $who } : aucun trou ne peut être joué, vous passez (appuyez sur Passer ou P)
status-thinking = L'ordinateur réfléchit…
status-waiting-friend = En attente de votre ami ({ $side })…
status-waiting-opponent = En attente de votre adversaire ({ $side })…
status-waiting = En attente de { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } passe
ply-plays = { $side } joue { $move }
ply-plays-capturing = { $side } joue { $move } et prend { $count }
ply-extra-turn = Coup supplémentaire : { $side } rejoue
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , prend { $count }
ply-title-extra = , rejoue
taken-back-one = Un coup a été repris.
taken-back = { $count ->
    [one] { $count } coup repris.
   *[other] { $count } coups repris.
  }
undo-asked = Vous avez demandé à votre ami d'accepter de reprendre le coup.
undo-asked-opponent = Vous avez demandé à votre adversaire d'accepter de reprendre le coup.
undo-withdraw = Retirer la demande
undo-refused = L'autre joueur n'a pas accepté de reprendre votre coup.
not-your-turn = Ce n'est pas à vous de jouer.
read-only = Vous regardez : ce tablier est en lecture seule.
resign-confirm = Abandonner cette partie ?

## Results

result-draw = Partie nulle { $south }–{ $north }
result-you-win = Vous gagnez { $mine }–{ $theirs }
result-you-lost = Vous avez perdu { $mine }–{ $theirs }
result-wins = { $winner } gagne { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = vous avez abandonné
reason-computer-resigned = l'ordinateur a abandonné
reason-opponent-resigned = votre adversaire a abandonné
reason-side-resigned = { $side } a abandonné
end-no-legal-move = le joueur qui a le trait n'a aucun coup légal
end-empty-board = le tablier est vide
end-row-empty = une rangée est vide
end-majority = un joueur a pris plus de la moitié des graines
end-repetition = une position est revenue une deuxième fois
end-max-plies = la limite de coups est atteinte

## Hints and analysis

hint-database = Conseil : jouez { $move } — en jeu parfait, { $side } { $lead ->
    [ahead] gagne de { $by }
    [behind] perd de { $by }
   *[even] fait match nul
  } (chaque coup : { $moves })
hint-search = Conseil : jouez { $move } — en regardant { $depth } demi-coups plus loin, { $side } finit { $lead ->
    [ahead] avec environ { $by } { $by ->
        [one] graine
       *[other] graines
    } d'avance
    [behind] avec environ { $by } { $by ->
        [one] graine
       *[other] graines
    } de retard
   *[even] à peu près à égalité
  }
hint-said = Conseil : jouez { $move }.
analysis-weighing = Chaque coup est pesé…
analysis-forced = forcé
analysis-best = le meilleur
analysis-loses = perd { $loss } (le meilleur : { $best } { $score })
analysis-mistake = erreur : { $note }
analysis-exact = exact
analysis-depth = { $depth ->
    [one] { $depth } demi-coup
   *[other] { $depth } demi-coups
  }
analysis-side = { $side } : { $mistakes ->
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
  }, { $lost ->
    [one] { $lost } graine perdue
   *[other] { $lost } graines perdues
  }
analysis-how-deep = Chaque coup a été étudié à { $depth ->
    [one] { $depth } demi-coup
   *[other] { $depth } demi-coups
  } de profondeur
analysis-how-deep-db = Chaque coup a été étudié à { $depth ->
    [one] { $depth } demi-coup
   *[other] { $depth } demi-coups
  } de profondeur, exact là où une base de données couvre la position
analysis-how = Chaque coup a été pesé
analysis-summary = { $how } ; les scores sont l'écart final que le joueur au trait pouvait attendre. { $south } ; { $north }.

## The solitaires: shared

btn-reset = Recommencer
btn-back = Reculer
btn-step = Un pas
btn-auto = Jeu automatique
btn-pause = Pause
moves-count = Coups :
counts-title = Coups jusqu'au retour du départ
counts-mark = Surlignées
counts-mark-note = les cases donnent les comptes imprimés dans le texte d'origine du jeu (✓ quand le compte fait ici est le même, ✗ quand il diffère ; ? quand il n'a pas pu être compté dans le temps que la page attend).
counting = Calcul en cours…
not-counted = pas compté à temps
not-counted-seed = pas compté à temps ; la source donne { $seed }
seed-gives = la source donne { $seed }
size-wrong = { $field } doit être un nombre entier de { $min } à { $max }, et non { $value }
size-empty = { $field } doit être un nombre entier de { $min } à { $max } (le champ est vide)
size-not-number = { $field } doit être un nombre entier de { $min } à { $max } (ce n'est pas un nombre)
auto-cannot = Le jeu automatique ne peut pas aller au bout de cette taille ici : { $why }
auto-too-long = Le jeu automatique ne peut pas aller au bout de cette taille ici : le départ ne revient qu'après { $cycle } coups (la page en joue au plus { $limit }) ; « Un pas » montre les coups un par un.

## El mirall

mirall-summary = Les deux rangées jouent en même temps, chacune en miroir de l'autre : Sud sème son trou non vide le plus à gauche vers la droite, Nord son trou le plus à droite vers la gauche. Quand les deux rangées reviennent-elles au départ ?
m-pits = Trous
m-seeds = Graines
m-mode = Mode
m-mode-watch = Le regarder jouer
m-mode-duo = Deux joueurs (chacun sème sa rangée)
m-mode-link = Deux joueurs sur deux appareils (un lien)
m-duo-help = Chaque joueur sème sa propre rangée, avec la touche indiquée près de chacun de ses trous (Nord : Q W E ..., Sud : Z X C ...) ou en le touchant. Un coup a lieu quand les deux ont semé le bon trou ; essayez de rester en cadence.
m-link-send = Envoyez ce lien à l'autre joueur, qui joue Nord (la rangée du haut) :
m-rows-note = Lignes : trous par rangée ; colonnes : graines par trou.
m-back-at-start = Les deux rangées sont revenues au départ après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }.
m-status-link-sown = Coup { $move } : vous avez semé ; en attente de { $other }.
m-status-link-sow-south = Coup { $move } : semez votre trou non vide le plus à gauche.
m-status-link-sow-north = Coup { $move } : semez votre trou non vide le plus à droite.
m-status-link-sow-south-other = Coup { $move } : semez votre trou non vide le plus à gauche ({ $other } a semé).
m-status-link-sow-north-other = Coup { $move } : semez votre trou non vide le plus à droite ({ $other } a semé).
m-status-duo = Coup { $move } : Sud doit trouver son trou non vide le plus à gauche, Nord le plus à droite.
m-status-watch = Coup { $move } : Sud sème { $south }, Nord sème { $north }.
m-result = Retour au départ après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }.
m-result-differs = (Compté depuis le départ, le tour complet prend { $cycle ->
    [one] { $cycle } coup
   *[other] { $cycle } coups
  }.)
m-result-duo = Ensemble en { $secs } s ; erreurs : Sud { $south }, Nord { $north } ; en moyenne { $gap } ms d'écart.
m-no-such-pit = { $side } n'a pas ce trou.
m-south-must = Sud doit semer { $want }, et non { $pit } : { $why }
m-north-must = Nord doit semer { $want }, et non { $pit } : { $why }
m-south-why-first = c'est son trou le plus à gauche et il contient des graines
m-south-why = c'est son trou le plus à gauche qui contient des graines (vides : { $empty })
m-north-why-first = c'est son trou le plus à droite et il contient des graines
m-north-why = c'est son trou le plus à droite qui contient des graines (vides : { $empty })
m-pit-empty = ; { $pit } est vide
m-stats = Coups ensemble : { $moves }. Erreurs : Sud { $south }, Nord { $north }. Écart moyen entre vos semis : { $gap } ms.
m-you-play-south = Vous jouez Sud, la rangée du bas : touchez votre trou ou appuyez sur sa touche.
m-you-play-north = Vous jouez Nord, la rangée du haut : touchez votre trou ou appuyez sur sa touche.
m-watching = Vous regardez : ce navigateur n'a pas de place dans cette partie.
m-link-result = Retour au départ après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }, ensemble en { $secs } s.
m-your-row-south = Vous jouez la rangée de Sud (en bas).
m-your-row-north = Vous jouez la rangée de Nord (en haut).

## Stones in cups

cups-summary = Des gobelets sont posés en cercle. Videz le gobelet 0 et semez ses pierres dans le sens des aiguilles d'une montre, une par gobelet ; puis videz le gobelet où est tombée la dernière pierre, et ainsi de suite. Combien de coups avant que chaque gobelet retrouve ses pierres et que ce soit au gobelet 0 de jouer ?
c-cups = Gobelets
c-stones = Pierres
c-guess = Votre pronostic
c-guess-placeholder = coups ?
c-guess-go = Parier, puis lancer
c-rows-note = Lignes : pierres par gobelet (k) ; colonnes : gobelets (n).
c-back-at-start = retour au départ
c-next = ensuite : gobelet { $cup }
c-size = { $cups } gobelets × { $stones }
c-done = Retour au départ après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }.
c-status = Coup { $move } : videz le gobelet { $cup } ({ $stones ->
    [one] { $stones } pierre
   *[other] { $stones } pierres
  }) et semez dans le sens des aiguilles d'une montre.
c-engine-counts = (Compté depuis le départ, le tour complet prend { $cycle ->
    [one] { $cycle } coup
   *[other] { $cycle } coups
  }.)
c-guess-right = Votre pronostic, { $guess }, était juste !
c-guess-few = Votre pronostic était { $guess } : il en manque { $by }.
c-guess-many = Votre pronostic était { $guess } : { $by } de trop.
c-guess-first = Entrez d'abord votre pronostic : un nombre entier de coups.
c-guess-running = Votre pronostic : { $guess ->
    [one] { $guess } coup
   *[other] { $guess } coups
  }. C'est parti…

## How to play (the rules pages)

rules-title = Règles du jeu
rules-game = Règles
rules-loading = Chargement des règles…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = La requête n'est pas ce qu'attend cette adresse : { $detail }
error-body-too-large = La requête est trop grande : { $max } octets au plus.
error-not-json = La requête doit être envoyée en JSON.
error-unknown-game = Jeu inconnu « { $game } ».
error-bad-game = Le jeu « { $game } » ne peut pas être joué : { $detail }
error-bad-position = La position « { $position } » ne peut pas être utilisée : { $detail }
error-unknown-level = Niveau inconnu « { $level } » (niveaux : { $levels }).
error-bad-side = Camp inconnu « { $side } » : utilisez south ou north.
error-bad-opponent = Adversaire inconnu « { $opponent } » : utilisez engine, local ou remote.
error-level-needs-engine = Un niveau ne se choisit que pour une partie contre l'ordinateur.
error-hints-choice-needs-link = Les conseils ne se choisissent que pour une partie avec un ami par un lien.
error-bad-record = La partie enregistrée ne peut pas être lue : { $detail }
# Ce qui ne va pas dans une partie enregistrée.
record-syntax-tag-no-name = ligne { $line } : une étiquette a besoin d'un nom, comme dans [Nom "valeur"]
record-syntax-tag-not-quoted = ligne { $line } : la valeur de l'étiquette { $tag } doit être entre guillemets droits
record-syntax-tag-unclosed = ligne { $line } : il manque le guillemet fermant de la valeur de l'étiquette { $tag }
record-syntax-tag-escape = ligne { $line } : dans l'étiquette { $tag }, seuls \" et \\ peuvent être échappés
record-syntax-tag-no-bracket = ligne { $line } : l'étiquette { $tag } doit avoir un ']' après sa valeur
record-syntax-tag-after-moves = ligne { $line } : une étiquette vient après les coups
record-syntax-tag-twice = ligne { $line } : l'étiquette { $tag } est donnée deux fois
record-syntax-after-result = ligne { $line } : « { $text } » vient après le résultat « { $result } »
record-syntax-capture-mark = ligne { $line } : « { $text } » : une marque de prise est '+' suivi d'un nombre de graines (comme b+2)
record-syntax-not-a-move = ligne { $line } : « { $text } » n'est pas un coup (la lettre d'un trou, ou passer)
record-syntax-empty = l'enregistrement est vide : ni étiquettes ni coups
record-syntax-result-tag = ligne { $line } : « { $tag } » de l'étiquette Result n'est pas un résultat (*, ou un score comme 25-19)
record-syntax-result-differs = ligne { $line } : l'étiquette Result dit « { $tag } » mais les coups se terminent par « { $result } »
record-syntax-comment-unclosed = ligne { $line } : un commentaire ouvert par '{"{"}' n'est jamais fermé par '{"}"}'
record-fen = l'étiquette FEN : { $why }
record-variant = l'enregistrement est une partie de { $record }, pas de { $rules }
record-move = coup { $number } (« { $text } ») : { $why }
record-capture-mark = le coup { $number } (« { $text } ») est marqué comme prenant { $marked }, mais il prend { $actual }
record-result = le résultat « { $result } » ne correspond pas aux coups, qui finissent la partie à { $actual }
record-unknown-variant = « { $tag } » de l'étiquette Variant n'est pas un jeu de ce site
record-no-variant = l'enregistrement n'a pas d'étiquette Variant nommant le jeu
record-game-tag = « { $tag } » de l'étiquette Game n'est pas un jeu de ce site
record-no-game-tag = l'enregistrement n'a pas d'étiquette Game : c'est donc { $name } sur son plateau habituel ({ $pits } trous par rangée, { $seeds } graines par trou), pas { $tag }
record-resigner = l'étiquette Termination « { $tag } » ne dit pas qui a abandonné (Sud ou Nord)
record-resigned-after-end = l'enregistrement dit que { $side } a abandonné, mais la partie était déjà finie
record-stopped-after-end = l'étiquette Termination dit « { $tag } », mais la partie était déjà finie
record-unfinished-other-winner = le résultat « { $result } » est faux : { $side } a abandonné, donc l'autre camp a gagné
record-unfinished-other-winner-on-time = le résultat « { $result } » est faux : { $side } a perdu au temps, donc l'autre camp a gagné
record-unfinished-no-termination = le résultat est « { $result } », mais les coups ne finissent pas la partie et aucune étiquette Termination ne dit comment elle a fini
record-unfinished-final-score = « { $result } » est un score final, mais les coups ne finissent pas la partie (écrivez * pour une partie en cours)
record-too-large = l'enregistrement fait { $bytes } octets ; un enregistrement fait au plus 1 Mio
# Ce qui ne va pas dans une position.
position-field-count = une position de ce jeu a { $expected } parties séparées par '-', celle-ci en a { $found }
position-not-a-number = partie { $index } : « { $value } » n'est pas un nombre entier
position-too-large = partie { $index } : { $value } est plus qu'un trou ne peut contenir (255)
position-side = partie { $index } : « { $value } » n'est ni S ni N (le camp qui joue)
position-total = les graines font { $found } au total, mais le jeu en a { $expected }
position-pit-count = le jeu a { $pits } trous par rangée, et la position en a { $found }
position-odd-captures = { $side } a pris { $captured }, un nombre impair ; chaque prise de ce jeu prend un nombre pair de graines, donc aucune partie n'atteint cette position
error-no-route = Rien ici : { $path }
error-method-not-allowed = { $method } n'est pas permis sur { $path }.
error-no-game = Il n'y a pas de partie « { $id } ».
error-token-required = Il faut pour cela le jeton d'une place de la partie.
error-token-rejected = Ce jeton ne donne aucune place dans cette partie.
error-invitation-used = Cette invitation a déjà servi : elle n'ouvre sa place qu'une fois.
error-no-seats = Les deux places de cette partie sont prises.
error-hints-closed = Les conseils et l'analyse sont fermés dans cette partie jusqu'à sa fin.
error-game-over = La partie est finie.
error-game-resigned = La partie est finie : { $side } a abandonné.
error-not-your-turn = Ce n'est pas à vous de jouer : { $side } a le trait.
error-engine-turn = L'ordinateur joue { $side } : c'est à lui de jouer.
error-not-a-move = « { $text } » n'est pas un coup : nommez un trou par sa lettre, ou passez.
error-no-such-pit = Il n'y a pas de trou { $pit } (trous : { $pits }).
error-illegal-move = { $move } ne peut pas être joué maintenant : { $reason } (coups légaux : { $legal }).
error-resign-other-side = Vous jouez { $side }, pas { $asked } : vous ne pouvez abandonner que pour votre propre camp.
error-resignation-final = Un abandon est définitif.
error-nothing-to-undo = Il n'y a aucun coup à reprendre.
error-no-own-move-to-undo = Vous n'avez joué aucun coup à reprendre.
error-undo-pending = Une demande de reprise de coup attend déjà une réponse.
error-no-undo-asked = Personne n'a demandé à reprendre un coup.
error-no-legal-move = Il n'y a aucun coup légal.
error-no-moves-yet = Aucun coup n'a encore été joué.
error-size-out-of-range = { $field } doit aller de { $min } à { $max }, et non { $value }.
error-count-too-long = compter cette taille prend plus de temps que la page n'attend
error-mirall-over = Cette partie du miroir est finie : les deux rangées sont revenues au départ.
error-mirall-wait = Vous avez semé ; attendez l'autre joueur.
error-mirall-other-row = Le trou { $pit } est dans l'autre rangée : vous jouez { $side }.
error-not-a-pit = « { $text } » n'est pas un trou.
error-wrong-host = Ce serveur ne répond pas pour l'hôte « { $host } ».
error-no-host = La requête ne nomme aucun hôte.
error-stale-version = La partie avait avancé (ceci valait pour une position antérieure, ou était déjà fait) : le plateau la montre maintenant telle qu'elle est.
error-future-version = Votre page n'était plus en phase avec la partie (elle indiquait un état que la partie n'a pas encore atteint) : le plateau la montre maintenant telle qu'elle est.
error-database-unavailable = La base de données ne répond pas : rien n'a été changé ; reconnexion…
error-server-busy = Le serveur est occupé : réessayez dans un instant.
error-too-many-games = Trop de nouvelles parties en peu de temps : réessayez dans { $seconds } s.
error-uri-too-long = L'adresse est trop longue pour le serveur.
error-headers-too-large = Les en-têtes de la requête sont trop grands pour le serveur.
error-server-error = Le serveur a échoué : { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = on ne peut passer que si aucun trou ne peut être joué
reason-not-your-pit = ce trou n'est pas dans votre rangée
reason-empty-pit = ce trou est vide
reason-too-few-seeds = un trou doit contenir au moins { $min } graines pour être joué, il en contient { $held }
reason-grand-slam = il prendrait toutes les graines de l'adversaire (un grand chelem)
reason-must-feed = la rangée adverse est vide et ce coup ne lui donne aucune graine
reason-not-allowed = les règles ne le permettent pas

## Clocks, draw offers and rematches between two people
ng-clock = Pendule
clock-none = Sans pendule
clock-live = { $minutes } min + { $seconds } s par coup
clock-days = { $days ->
    [one] Un jour par coup
   *[other] { $days } jours par coup
}
clock-days-left = { $days } j { $hours } h
clock-label = Pendule de { $side } : { $time }
clock-low = Il reste moins de dix secondes à { $side }.
clock-start = { $side } doit jouer son premier coup dans les { $seconds } s, sinon la partie est annulée.
btn-draw = Proposer la nulle
draw-offered = Nulle proposée
draw-asks = { $side } propose la nulle.
draw-accept = Accepter la nulle
draw-decline = Refuser
draw-offered-waiting = Vous avez proposé la nulle ; l'autre joueur doit répondre.
draw-withdraw = Retirer la proposition
draw-declined = L'autre joueur a refusé votre proposition de nulle.
draw-agreed-said = La partie est nulle d'un commun accord.
btn-rematch = Revanche
rematch-accept = Accepter la revanche
rematch-offered = Vous avez proposé une revanche ; l'autre joueur doit répondre.
rematch-asks = { $side } propose une revanche, camps inversés.
rematch-agreed = Revanche acceptée : les camps sont inversés.
rematch-open = Jouer la revanche
result-aborted = La partie a été annulée : un premier coup n'est pas venu à temps. Pas de résultat.
reason-your-time = votre temps est écoulé
reason-their-time = le temps de votre adversaire est écoulé
reason-side-time = le temps de { $side } est écoulé
end-draw-agreed = nulle d'un commun accord
error-game-stopped = La partie est finie : { $how ->
    [time-forfeit] le temps de { $side } est écoulé.
    [abandoned] { $side } a quitté la partie et la victoire a été réclamée.
    [draw-agreed] elle est nulle d'un commun accord.
   *[aborted] elle a été annulée avant de commencer.
}
error-bad-clock = La pendule « { $clock } » n'en est pas une ({ $detail }) : écrivez minutes+secondes, comme 3+2, ou des jours par coup, comme 2d.
error-clock-needs-people = Une pendule n'est possible que dans une partie entre deux personnes.
error-needs-people = Les propositions de nulle et les revanches se font entre deux personnes.
error-no-draw-offer = Personne n'a proposé la nulle.
error-draw-pending = Vous avez déjà proposé la nulle ; l'autre joueur doit répondre.
error-rematch-needs-end = Une revanche se propose une fois la partie finie.
error-rematch-pending = Vous avez déjà proposé une revanche ; l'autre joueur doit répondre.

## The lobby
nav-lobby = Salon
lb-title = Salon
lb-intro = Jouez contre quelqu'un de nouveau : acceptez un défi ouvert, lancez-en un et attendez ici, ou jouez contre n'importe qui demandant le même jeu et la même pendule.
lb-side = Votre camp
lb-side-random = Au hasard
lb-create = Lancer un défi
lb-seek = Jouer contre n'importe qui
lb-cancel = Le retirer
lb-open = Défis ouverts
lb-col-game = Jeu
lb-col-side = Son camp
lb-accept = Accepter
lb-accept-label = Accepter le défi : { $game }, { $clock }
lb-none = Aucun défi ouvert pour l'instant : lancez-en un, ou jouez contre n'importe qui et attendez ici un partenaire.
lb-playing = Parties en cours
lb-games-none = Aucune partie entre deux personnes en cours.
lb-waiting = Votre défi est ouvert ({ $game }, { $clock }) : gardez cette page ouverte jusqu'à ce que quelqu'un l'accepte.
lb-watch = Regarder : { $game }, { $clock }, { $plies ->
    [one] { $plies } coup joué
   *[other] { $plies } coups joués
  }
lb-made = Votre défi est ouvert.
lb-yours = Votre défi
error-no-challenge = Ce défi n'est plus ouvert : il a été retiré, ou son auteur est parti.
error-challenge-taken = Quelqu'un d'autre a accepté ce défi avant vous.
error-own-challenge = C'est votre propre défi : attendez ici que quelqu'un l'accepte.
error-too-many-challenges = { $max ->
    [one] Vous avez déjà un défi ouvert : retirez-le ou attendez que quelqu'un l'accepte.
   *[other] Vous avez déjà { $max } défis ouverts : retirez-en un ou attendez que quelqu'un en accepte un.
  }

## Looking back at a game
review-first = Position de départ
review-back = Un coup en arrière
review-next = Un coup en avant
review-last = La partie telle qu'elle est
review-start = { $total ->
    [one] Le départ, avant le seul coup
   *[other] Le départ, avant le premier des { $total } coups
  }
review-at = Coup { $ply } sur { $total } : { $side } { $move }
review-status = Retour en arrière : { $where }. Fin (ou un clic sur le plateau) ramène à la partie.
graph-label = Évaluation après chaque coup, la marge attendue de Sud (jusqu'à { $top ->
    [one] { $top } graine
   *[other] { $top } graines
  }) ; erreurs marquées : { $mistakes }
graph-point = Coup { $ply } : { $value } pour Sud

## Set phrases between two people
say-title = Dire :
chat-mute = Masquer les messages de l'autre joueur
chat-said = { $who } : { $phrase }
phrase-hello = Bonjour !
phrase-good-luck = Bonne chance !
phrase-your-turn = À vous de jouer.
phrase-well-played = Bien joué !
phrase-good-game = Belle partie !
phrase-thanks = Merci !
error-unknown-phrase = Ce n'est pas une des phrases que l'on peut envoyer.
error-too-many-phrases = Vous avez envoyé { $max } phrases dans cette partie, le maximum.

## Whether the other player is there
presence-here = présent
presence-away = absent
claim-text = { $side } a quitté la partie.
btn-claim = Réclamer la victoire
claim-text-abort = { $side } a quitté la partie sans jouer un seul coup : elle ne peut qu'être annulée, sans résultat.
btn-claim-abort = Annuler la partie
reason-you-left = vous avez quitté la partie
reason-they-left = votre adversaire a quitté la partie
reason-side-left = { $side } a quitté la partie
error-cannot-claim = La victoire ne peut pas être réclamée maintenant : l'autre joueur est là, ou peut encore revenir.

## Comptes, classements et palmarès
nav-login = Connexion
nav-leaderboard = Classements
who-named = { $name } ({ $side })
who-you-named = Vous, { $name } ({ $side })
rating-change = { $name } : { $rating } ({ $change })
lb-rated = Classée
lb-rated-note = Connectez-vous pour jouer des parties classées.
ng-rated = Classée : l'ordinateur joue à { $rating }
who-computer-rated = Ordinateur, classé { $rating } ({ $side })
lb-col-player = Joueur
lb-anonymous = Invité
acc-title = Votre compte
acc-intro = Un compte n'est pas nécessaire pour jouer. Avec un compte, vous avez un nom, vos parties sur tous vos appareils et un classement dans chaque jeu.
acc-login = Connexion
acc-name-label = Nom
acc-password-label = Mot de passe
acc-login-go = Se connecter
acc-signup = Créer un compte
acc-name-help = De 2 à 24 lettres, chiffres, - ou _. Les autres le voient.
acc-password-help = Au moins 8 caractères.
acc-signup-go = Créer le compte
acc-player-page = Votre page telle que les autres la voient
acc-export = Télécharger toutes vos parties (OGN)
acc-ratings = Classements
acc-ratings-none = Pas encore de classement : jouez une partie classée depuis le salon ou contre l'ordinateur.
acc-games = Vos parties
acc-games-none = Pas encore de partie. Les parties que vous lancez ou rejoignez en étant connecté sont gardées ici.
acc-logout = Se déconnecter
acc-change-password = Changer le mot de passe
acc-password-now = Mot de passe actuel
acc-password-new = Nouveau mot de passe
acc-change-password-go = Le changer
acc-password-changed = Le mot de passe est changé ; vos autres appareils sont déconnectés.
acc-delete = Supprimer le compte
acc-delete-text = Votre nom, vos classements et vos connexions sont supprimés ; vos parties restent pour les autres joueurs, sans votre nom.
acc-delete-go = Supprimer mon compte
acc-delete-confirm = Supprimer définitivement votre compte ? C'est irréversible.
acc-deleted = Votre compte est supprimé.
acc-rated = classée
acc-going-on = en cours
acc-aborted = annulée
acc-draw = nulle
acc-won = gagnée
acc-lost = perdue
acc-col-side = Camp
acc-col-opponent = Adversaire
acc-col-result = Résultat
acc-col-date = Date
acc-col-pool = Jeu et cadence
acc-col-rating = Classement
acc-col-games = Parties
acc-plot-point = { $rating } le { $date }
acc-plot-title = { $pool } : de { $from } à { $to }
pool-name = { $game }, { $category }
category-bullet = bullet
category-blitz = blitz
category-rapid = rapide
category-classical = classique
category-correspondence = jours par coup
category-untimed = sans pendule
pl-ratings-none = Pas encore de partie classée.
pl-games = Parties
pl-games-none = Pas encore de partie.
ld-title = Classements
ld-intro = Classements Glicko-2 dans chaque jeu et chaque cadence ; un classement marqué ? est provisoire (encore trop peu de parties).
ld-pool = Jeu et cadence
ld-none = Aucune partie classée n'a encore été jouée.
ld-col-rank = Rang
ld-col-name = Nom
error-csrf-token-wrong = La connexion de cette page n'est plus à jour ; rechargez la page.
error-bad-name = « { $name } » ne peut pas être un nom : utilisez de 2 à 24 lettres, chiffres, - ou _.
error-name-look-alike = Le nom « { $name } » pourrait passer pour un autre : utilisez les lettres d'un seul alphabet, sous leur forme habituelle.
error-name-taken = Le nom « { $name } » est déjà pris ; choisissez-en un autre.
error-name-reserved = Le nom « { $name } » est réservé aux mots du jeu lui-même ; choisissez-en un autre.
error-bad-password = Un mot de passe a de { $min } à { $max } caractères.
error-login-failed = Nom ou mot de passe incorrect.
error-too-many-attempts = Trop de tentatives ; réessayez dans { $seconds } s.
error-login-required = Connectez-vous d'abord.
error-no-player = Il n'y a pas de joueur « { $name } ».
error-bad-pool = Ce n'est pas une catégorie de jeu et de cadence.
error-cannot-rate = Cette partie ne peut pas être classée : { $reason ->
    [login] les deux joueurs doivent être connectés.
    [same-account] vous ne pouvez pas jouer une partie classée contre vous-même.
    [level] ce niveau n'a pas encore de classement mesuré.
    [position] une partie classée part de la position de départ du jeu.
   *[opponent] les parties classées se jouent contre l'ordinateur ou se lancent dans le salon.
}
error-rated-no-takeback = Dans une partie classée contre l'ordinateur, on ne peut pas reprendre de coup.
