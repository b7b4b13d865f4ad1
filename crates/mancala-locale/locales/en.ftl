# The page of `mancala serve`, in English: the reference catalogue.
#
# Every other catalogue (tr, ar, ca, es, fr, hr) has exactly the keys of this one; a test checks
# it. Translations are welcome to be corrected by native speakers: a better word for a pit, a
# seed or a store in your language, or a sentence that reads more naturally, is a good change.
#
# Notes for translators:
# - Pit letters (A B C for South, a b c for North), moves ("pass" excepted), position strings and
#   numbers in OGN records stay as they are: they are notation, not words.
# - Variables: { $count }, { $moves }, ... are numbers (formatted for the language by Intl);
#   { $side }, { $winner }, { $who } are already translated names (South, North, You ...);
#   { $move }, { $pit }, { $legal }, { $pits } are pit letters or lists of them.
# - Server errors (error-*): the page passes the error's parameters; a side ("south"/"north") is
#   given already translated, a list already joined, and { $reason } of error-illegal-move is
#   the translated reason-* message.
# - Plurals: use the language's own categories (Arabic: zero one two few many other; Croatian
#   and Turkish their own), e.g.
#     seeds = { $count -> [one] { $count } seed *[other] { $count } seeds }
#   Croatian: 1 kamen, 2 kamena, 5 kamenova; Arabic: بذرة واحدة، بذرتان، ٣ بذور، ١١ بذرة.

## The language menu and the page's frame

language-menu = Language
settings = Settings
set-theme = Colours
set-theme-system = As the device
set-theme-light = Light
set-theme-dark = Dark
set-motion = Moves drawn
set-motion-system = As the device
set-motion-full = Seed by seed
set-motion-reduced = At once (reduced motion)
set-sound = Sound for moves and captures
nav-play = Play
nav-mirall = El mirall
nav-cups = Stones in cups
nav-rules = How to play
offline = Connection lost — retrying… Nothing can be played until the server answers again.
connection-lost = Connection lost — retrying…
move-unsent = Your move { $move } did not reach the server.
move-unsent-again = Play { $move } again

## Sides and players

side-south = South
side-north = North
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = { $side }'s store, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] your { $pit }
    [theirs] opponent's { $pit }
   *[side] { $side }'s { $pit }
  }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
  }, { $playable ->
    [yes] playable
   *[no] not playable
  }
pit-label-hint = , the hint
pit-label-last = , last move
board-label = board
board-label-south = Board: North's row on top, South's at the bottom
board-label-north = Board: your row (North's) at the bottom, South's on top
mirall-board-label = El mirall board
cups-board-label = cups in a circle

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala II
game-oware = Oware
game-kalah = Kalah
game-el-mirall = El mirall
game-stones-in-cups = Stones in cups
summary-modiar = A Moroccan children's game on a 2x3 board with 7 stones a pit: the first stone goes back into the emptied pit, singletons may not move, captures of 2, 4 or 6 chain backwards, the first move captures nothing, an empty opponent must be fed and a grand slam is illegal.
summary-mangala-ii = An Ottoman Turkish game on a 2x6 board with 6 counters a pit: sowing starts in the next pit, captures of 2, 4 or 6 on either row chain backwards, a player with an empty row passes, and play goes on until the board is empty.
summary-oware = The West African classic (abapa rules) on a 2x6 board with 4 seeds a pit: laps pass over the origin, captures of 2 or 3 in the opponent's row chain backwards, an empty opponent must be fed, a grand slam captures nothing, and the game ends when a player has more than half the seeds.
summary-kalah = The American commercial game Kalah(6,4): each player sows through his own store, ending there earns another move, ending in an own empty pit captures it with the opposite pit, and the game ends when a row is empty.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, { $seeds } a pit)

## Computer levels

level-random = Random (plays any legal move)
level-greedy = Greedy (takes the most seeds now)
level-beginner = Beginner (looks one move ahead and often picks a lesser move)
level-novice = Novice (sees the reply to its move, sometimes picks a lesser move)
level-intermediate = Intermediate (four plies ahead, rarely strays from the best move)
level-advanced = Advanced (seven plies ahead, always its best move)
level-expert = Expert (twelve plies ahead)
level-maximum = Maximum (as deep as the time per move allows, on every core)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = random
level-name-greedy = greedy
level-name-beginner = beginner
level-name-novice = novice
level-name-intermediate = intermediate
level-name-advanced = advanced
level-name-expert = expert
level-name-maximum = maximum

## New game

new-game = New game
ng-game = Game
ng-opponent = Opponent
ng-opponent-engine = The computer
ng-opponent-local = Two players on this screen
ng-opponent-remote = A friend, through a link
ng-level = Level
ng-side = You play
ng-side-south = South (bottom row, moves first)
ng-side-north = North (top row)
ng-hints = Both may use hints and analysis during the game (your friend sees this before joining; otherwise they open when the game ends)
ng-start = Start
ng-from = Start from
ng-from-start = The usual start
ng-from-position = A position you set up
ng-position = Position
ng-position-help = The seeds in South's pits (A, B, …), then in North's (a, b, …), then South's and North's captured seeds, then who moves: S or N. The start is { $start }.
ng-position-over = In this position the game is already over.
ng-position-to-move = { $side } to move: { $moves }
ng-board-label = The position you set up

## Your games

your-games = Your games
col-game = Game
col-opponent = Opponent
col-turn = Turn or result
col-score = Score (South–North)
col-last = Last move
col-open = Open
game-fallback = Game
opp-engine = Computer ({ $level })
opp-local = Two players on one screen
opp-watching = Watching two people
opp-remote = A friend, through a link
opp-lobby = An opponent from the lobby
turn-yours = Your turn
turn-computer = The computer's turn
turn-friend = Your friend's turn
turn-opponent = Your opponent's turn
to-move = { $side } to move
game-you = { $name } (you: { $side })
score-pair = { $south }–{ $north }
open-view = View
open-resume = Resume
open-label = { $action } { $name }, { $opponent }

## Import

import-title = Import a game (OGN)
import-label = OGN record
import-file = Or a file:
import-go = Import and play on

## A game

game-title-engine = { $name } against the computer ({ $level })
game-title-local = { $name } — two players
game-title-remote = { $name } — two people through a link
game-title-lobby = { $name } — two players who met in the lobby
game-not-found = Game not found
missing-new-game = Start a new game
invite-link = Send this link to your friend (it opens the other seat once):
copy = Copy
invite-hints-on = Hints and analysis are on for both in this game.
invite-hints-off = Hints and analysis stay off until the game ends.
undo-agree = Agree
undo-refuse = Refuse
undo-asks = { $side } asks to take back a move.
btn-pass = Pass
btn-undo = Undo
btn-hint = Hint
btn-resign = Resign
btn-ogn = Download OGN
btn-analyse = Analyse
btn-new-game = New game
speed = Speed
hints-off-note = Hints and analysis are off while two people play; they open when the game ends.
hints-on-note = Hints and analysis are on for both players in this game (chosen when it was created).
hints-rated-note = Hints, analysis and takebacks are off in a rated game; hints and analysis open when it ends.
undo-over-note = The game is over: Undo is off, a finished game is not reopened.
undo-over-title = The game is over: a finished game is not taken back
keys-note = Keys: the letter of a pit plays it (either case); Tab reaches each pit, Enter or Space plays it; P passes when you must.
own-link-summary = Play this seat on another device
own-link = Your own link (keep it to yourself):
moves = Moves
analysis = Analysis
rules-of-game = How to play { $name }

## Who plays

who-computer = Computer ({ $side })
who-you = You ({ $side })
who-friend = Friend ({ $side })
who-opponent = Opponent ({ $side })
who-person = { $side } (a person)
watching = You are watching: { $players }. The board is read-only.
watching-remote = { $south } against { $north }, two people playing through a link
watching-lobby = { $south } against { $north }, two players who met in the lobby
watching-engine = { $south } against { $north }
watching-local = South against North, two players on one screen
watching-used = This invitation was already used: it opens its seat once.

## The status line

status-over = Game over: { $result }
status-extra-turn = Extra turn!
status-choose = { $who }: choose a pit ({ $moves })
status-must-pass = { $who }: no pit can be played, so you pass (press Pass or P)
status-thinking = The computer is thinking…
status-waiting-friend = Waiting for your friend ({ $side })…
status-waiting-opponent = Waiting for your opponent ({ $side })…
status-waiting = Waiting for { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } passes
ply-plays = { $side } plays { $move }
ply-plays-capturing = { $side } plays { $move }, capturing { $count }
ply-extra-turn = Extra turn: { $side } moves again
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , captured { $count }
ply-title-extra = , extra turn
taken-back-one = A move was taken back.
taken-back = { $count ->
    [one] { $count } move taken back.
   *[other] { $count } moves taken back.
  }
undo-asked = Asked your friend to agree to take the move back.
undo-asked-opponent = Asked your opponent to agree to take the move back.
undo-withdraw = Withdraw the request
undo-refused = The other player did not agree to take your move back.
not-your-turn = It is not your turn.
read-only = You are watching: this board is read-only.
resign-confirm = Resign this game?

## Results

result-draw = Draw { $south }–{ $north }
result-you-win = You win { $mine }–{ $theirs }
result-you-lost = You lost { $mine }–{ $theirs }
result-wins = { $winner } wins { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = you resigned
reason-computer-resigned = the computer resigned
reason-opponent-resigned = your opponent resigned
reason-side-resigned = { $side } resigned
end-no-legal-move = the player to move has no legal move
end-empty-board = the board is empty
end-row-empty = a row is empty
end-majority = a player has captured more than half of the seeds
end-repetition = a position occurred a second time
end-max-plies = the move limit was reached

## Hints and analysis

hint-database = Hint: play { $move } — with perfect play { $side } { $lead ->
    [ahead] wins by { $by }
    [behind] loses by { $by }
   *[even] draws
  } (each move: { $moves })
hint-search = Hint: play { $move } — looking { $depth } plies ahead, { $side } comes out { $lead ->
    [ahead] about { $by } { $by ->
        [one] seed
       *[other] seeds
    } ahead
    [behind] about { $by } { $by ->
        [one] seed
       *[other] seeds
    } behind
   *[even] about level
  }
hint-said = Hint: play { $move }.
analysis-weighing = Weighing every move…
analysis-forced = forced
analysis-best = best
analysis-loses = loses { $loss } (best { $best } { $score })
analysis-mistake = mistake: { $note }
analysis-exact = exact
analysis-depth = { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
  }
analysis-side = { $side }: { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
  }, { $lost ->
    [one] { $lost } seed lost
   *[other] { $lost } seeds lost
  }
analysis-how-deep = Each move searched { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
  } deep
analysis-how-deep-db = Each move searched { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
  } deep, exact where a database covers the position
analysis-how = Each move weighed
analysis-summary = { $how }; scores are the final score difference the mover could expect. { $south }; { $north }.

## The solitaires: shared

btn-reset = Reset
btn-back = Back
btn-step = Step
btn-auto = Auto-play
btn-pause = Pause
moves-count = Moves:
counts-title = Moves until the start returns
counts-mark = Highlighted
counts-mark-note = cells are the counts printed in the game's original text (✓ when the count here agrees, ✗ when it does not; ? when it could not be counted in the time the page waits).
counting = Counting…
not-counted = not counted in time
not-counted-seed = not counted in time; the seed gives { $seed }
seed-gives = the seed gives { $seed }
size-wrong = { $field } must be a whole number from { $min } to { $max }, not { $value }
size-empty = { $field } must be a whole number from { $min } to { $max } (the field is empty)
size-not-number = { $field } must be a whole number from { $min } to { $max } (that is not a number)
auto-cannot = Auto-play cannot finish this size here: { $why }
auto-too-long = Auto-play cannot finish this size here: the start returns only after { $cycle } moves (the page plays at most { $limit }); Step shows the moves one by one.

## El mirall

mirall-summary = Both rows move at once, each a mirror of the other: South sows his left-most occupied pit to the right, North his right-most to the left. When do both rows come back to the start?
m-pits = Pits
m-seeds = Seeds
m-mode = Mode
m-mode-watch = Watch it play
m-mode-duo = Two players (each sows his own row)
m-mode-link = Two players on two devices (a link)
m-duo-help = Each player sows his own row, with the key shown by each of his pits (North: Q W E ..., South: Z X C ...) or by tapping it. A move happens when both have sown the right pit; try to keep in step.
m-link-send = Send this link to the other player, who plays North (the top row):
m-rows-note = Rows: pits a row; columns: seeds a pit.
m-back-at-start = Both rows are back at the start after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }.
m-status-link-sown = Move { $move }: you have sown; waiting for { $other }.
m-status-link-sow-south = Move { $move }: sow your left-most occupied pit.
m-status-link-sow-north = Move { $move }: sow your right-most occupied pit.
m-status-link-sow-south-other = Move { $move }: sow your left-most occupied pit ({ $other } has sown).
m-status-link-sow-north-other = Move { $move }: sow your right-most occupied pit ({ $other } has sown).
m-status-duo = Move { $move }: South must find his left-most occupied pit, North his right-most.
m-status-watch = Move { $move }: South sows { $south }, North sows { $north }.
m-result = Back to the start after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }.
m-result-differs = (Counted from the start, the whole round takes { $cycle ->
    [one] { $cycle } move
   *[other] { $cycle } moves
  }.)
m-result-duo = Together in { $secs } s; mistakes: South { $south }, North { $north }; on average { $gap } ms apart.
m-no-such-pit = { $side } has no such pit.
m-south-must = South must sow { $want }, not { $pit }: { $why }
m-north-must = North must sow { $want }, not { $pit }: { $why }
m-south-why-first = it is his left-most pit and it holds seeds
m-south-why = it is his left-most pit holding seeds ({ $empty } empty)
m-north-why-first = it is his right-most pit and it holds seeds
m-north-why = it is his right-most pit holding seeds ({ $empty } empty)
m-pit-empty = ; { $pit } is empty
m-stats = Moves together: { $moves }. Mistakes: South { $south }, North { $north }. Average gap between your sowings: { $gap } ms.
m-you-play-south = You play South, the bottom row: tap your pit or press its key.
m-you-play-north = You play North, the top row: tap your pit or press its key.
m-watching = You are watching: this browser holds no seat of this game.
m-link-result = Back to the start after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }, together in { $secs } s.
m-your-row-south = You play South's (bottom) row.
m-your-row-north = You play North's (top) row.

## Stones in cups

cups-summary = Cups stand in a circle. Empty cup 0 and sow its stones clockwise, one a cup; then empty the cup where the last stone fell, and so on. How many moves until every cup holds its stones again and cup 0 is to play?
c-cups = Cups
c-stones = Stones
c-guess = Your guess
c-guess-placeholder = moves?
c-guess-go = Guess, then run
c-rows-note = Rows: stones a cup (k); columns: cups (n).
c-back-at-start = back at the start
c-next = next: cup { $cup }
c-size = { $cups } cups × { $stones }
c-done = Back at the start after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }.
c-status = Move { $move }: empty cup { $cup } ({ $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
  }) and sow clockwise.
c-engine-counts = (Counted from the start, the whole round takes { $cycle ->
    [one] { $cycle } move
   *[other] { $cycle } moves
  }.)
c-guess-right = Your guess, { $guess }, was right!
c-guess-few = Your guess was { $guess }: too few by { $by }.
c-guess-many = Your guess was { $guess }: too many by { $by }.
c-guess-first = Enter your guess first: a whole number of moves.
c-guess-running = Your guess: { $guess ->
    [one] { $guess } move
   *[other] { $guess } moves
  }. Running…

## How to play (the rules pages)

rules-title = How to play
rules-game = Rules of
rules-loading = Loading the rules…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = The request is not what this address takes: { $detail }
error-body-too-large = The request is too large: at most { $max } bytes.
error-not-json = The request must be sent as JSON.
error-unknown-game = Unknown game '{ $game }'.
error-bad-game = The game '{ $game }' cannot be played: { $detail }
error-bad-position = The position '{ $position }' cannot be used: { $detail }
error-unknown-level = Unknown level '{ $level }' (levels: { $levels }).
error-bad-side = Unknown side '{ $side }': use south or north.
error-bad-opponent = Unknown opponent '{ $opponent }': use engine, local or remote.
error-level-needs-engine = A level is chosen only for a game against the computer.
error-hints-choice-needs-link = Hints are chosen only for a game with a friend through a link.
error-bad-record = The game record cannot be read: { $detail }
# What is wrong in a game record ({ $detail } of error-bad-record, by the error's kind).
record-syntax-tag-no-name = line { $line }: a tag needs a name, as in [Name "value"]
record-syntax-tag-not-quoted = line { $line }: the value of the tag { $tag } must be in double quotes
record-syntax-tag-unclosed = line { $line }: the value of the tag { $tag } has no closing quote
record-syntax-tag-escape = line { $line }: in the tag { $tag }, only \" and \\ may be escaped
record-syntax-tag-no-bracket = line { $line }: the tag { $tag } needs a ']' after its value
record-syntax-tag-after-moves = line { $line }: a tag comes after the moves
record-syntax-tag-twice = line { $line }: the tag { $tag } is given twice
record-syntax-after-result = line { $line }: '{ $text }' comes after the result '{ $result }'
record-syntax-capture-mark = line { $line }: '{ $text }': a capture mark is '+' and a number of seeds (such as b+2)
record-syntax-not-a-move = line { $line }: '{ $text }' is not a move (a pit's letter, or a pass)
record-syntax-empty = the record is empty: no tags and no moves
record-syntax-result-tag = line { $line }: the Result tag '{ $tag }' is not a result (*, or scores such as 25-19)
record-syntax-result-differs = line { $line }: the Result tag says '{ $tag }' but the moves end with '{ $result }'
record-syntax-comment-unclosed = line { $line }: a comment opened with '{"{"}' is never closed with '{"}"}'
record-fen = the FEN tag: { $why }
record-variant = the record is for { $record }, not { $rules }
record-move = move { $number } ('{ $text }'): { $why }
record-capture-mark = move { $number } ('{ $text }') is marked as capturing { $marked }, but it captures { $actual }
record-result = the result '{ $result }' does not match the moves, which end the game at { $actual }
record-unknown-variant = the Variant tag '{ $tag }' is not a game this site plays
record-no-variant = the record has no Variant tag naming the game
record-game-tag = the Game tag '{ $tag }' is not a game this site plays
record-no-game-tag = the record has no Game tag, so it is { $name } on its standard board ({ $pits } pits a row, { $seeds } seeds a pit), not { $tag }
record-resigner = the Termination tag '{ $tag }' does not say who resigned (South or North)
record-resigned-after-end = the record says { $side } resigned, but the game was already over
record-stopped-after-end = the Termination tag says '{ $tag }', but the game was already over
record-unfinished-other-winner = the result '{ $result }' is wrong: { $side } resigned, so the other side won
record-unfinished-other-winner-on-time = the result '{ $result }' is wrong: { $side } lost on time, so the other side won
record-unfinished-no-termination = the result is '{ $result }', but the moves do not end the game and no Termination tag says how it ended
record-unfinished-final-score = '{ $result }' is a final score, but the moves do not end the game (write * for a game in progress)
record-too-large = the record is { $bytes } bytes; a record may be at most 1 MiB
# What is wrong in a position ({ $detail } of error-bad-position, by the error's kind).
position-field-count = a position of this game has { $expected } parts separated by '-', this one has { $found }
position-not-a-number = part { $index }: '{ $value }' is not a whole number
position-too-large = part { $index }: { $value } is more than a pit can hold (255)
position-side = part { $index }: '{ $value }' is not S or N (the side to move)
position-total = the seeds add up to { $found }, but the game has { $expected }
position-pit-count = the game has { $pits } pits a row, and the position has { $found } pits
position-odd-captures = { $side } has captured { $captured }, an odd number; every capture in this game takes an even number of seeds, so no game reaches this position
error-no-route = Nothing here: { $path }
error-method-not-allowed = { $method } is not allowed on { $path }.
error-no-game = There is no game '{ $id }'.
error-token-required = This needs the token of a seat of the game.
error-token-rejected = This token gives no seat in this game.
error-invitation-used = This invitation was already used: it opens its seat once.
error-no-seats = Both seats of this game are taken.
error-hints-closed = Hints and analysis are off in this game until it ends.
error-game-over = The game is over.
error-game-resigned = The game is over: { $side } resigned.
error-not-your-turn = It is not your turn: { $side } is to move.
error-engine-turn = The computer plays { $side }: it is its turn.
error-not-a-move = '{ $text }' is not a move: name a pit by its letter, or pass.
error-no-such-pit = There is no pit { $pit } (pits: { $pits }).
error-illegal-move = { $move } cannot be played now: { $reason } (legal moves: { $legal }).
error-resign-other-side = You play { $side }, not { $asked }: you can only resign your own side.
error-resignation-final = A resignation is final.
error-nothing-to-undo = There is no move to take back.
error-no-own-move-to-undo = You have made no move to take back.
error-undo-pending = A request to take back a move is already waiting for an answer.
error-no-undo-asked = No one has asked to take back a move.
error-no-legal-move = There is no legal move.
error-no-moves-yet = No move has been played yet.
error-size-out-of-range = { $field } must be from { $min } to { $max }, not { $value }.
error-count-too-long = counting this size takes longer than the page waits
error-mirall-over = This El mirall game is over: both rows are back at the start.
error-mirall-wait = You have sown; wait for the other player.
error-mirall-other-row = Pit { $pit } is on the other row: you play { $side }.
error-not-a-pit = '{ $text }' is not a pit.
error-wrong-host = This server does not answer to the host '{ $host }'.
error-no-host = The request names no host.
error-stale-version = The game had moved on (this was for an earlier position, or was already done): the board now shows it as it is.
error-future-version = Your page was out of step with the game (it named a state the game has not reached yet): the board now shows the game as it is.
error-database-unavailable = The database is not answering: nothing was changed; reconnecting…
error-server-busy = The server is busy: try again in a moment.
error-too-many-games = Too many new games in a short time: try again in { $seconds } s.
error-uri-too-long = The address is too long for the server.
error-headers-too-large = The request's headers are too large for the server.
error-server-error = The server failed: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = a pass is allowed only when no pit can be played
reason-not-your-pit = that pit is not in your row
reason-empty-pit = that pit is empty
reason-too-few-seeds = a pit needs at least { $min } seeds to be played, it holds { $held }
reason-grand-slam = it would capture every seed of the opponent (a grand slam)
reason-must-feed = the opponent's row is empty and this move does not give it seeds
reason-not-allowed = the rules do not allow it

## Clocks, draw offers and rematches between two people
ng-clock = Clock
clock-none = No clock
clock-live = { $minutes } min + { $seconds } s a move
clock-days = { $days ->
    [one] One day a move
   *[other] { $days } days a move
}
clock-days-left = { $days }d { $hours }h
clock-label = { $side }'s clock: { $time }
clock-low = { $side } has less than ten seconds left.
clock-start = { $side } must make the first move within { $seconds } s, or the game is called off.
btn-draw = Offer a draw
draw-offered = Draw offered
draw-asks = { $side } offers a draw.
draw-accept = Accept the draw
draw-decline = Decline
draw-offered-waiting = You offered a draw; waiting for the other player.
draw-withdraw = Withdraw the offer
draw-declined = The other player declined your draw offer.
draw-agreed-said = The game is drawn by agreement.
btn-rematch = Rematch
rematch-accept = Accept the rematch
rematch-offered = You offered a rematch; waiting for the other player.
rematch-asks = { $side } offers a rematch, with the sides swapped.
rematch-agreed = Rematch agreed: the sides are swapped.
rematch-open = Play the rematch
result-aborted = The game was called off: a first move did not come in time. No result.
reason-your-time = your time ran out
reason-their-time = your opponent's time ran out
reason-side-time = { $side }'s time ran out
end-draw-agreed = drawn by agreement
error-game-stopped = The game is over: { $how ->
    [time-forfeit] { $side }'s time ran out.
    [abandoned] { $side } left the game and the win was claimed.
    [draw-agreed] it was drawn by agreement.
   *[aborted] it was called off before it began.
}
error-bad-clock = The clock '{ $clock }' is not one ({ $detail }): write minutes+seconds, as 3+2, or days a move, as 2d.
error-clock-needs-people = A clock is only for a game between two people.
error-needs-people = Draw offers and rematches are between two people.
error-no-draw-offer = No draw has been offered.
error-draw-pending = You have offered a draw already; waiting for the other player.
error-rematch-needs-end = A rematch is offered once the game is over.
error-rematch-pending = You have offered a rematch already; waiting for the other player.

## The lobby
nav-lobby = Lobby
lb-title = Lobby
lb-intro = Play someone new: accept an open challenge, make one and wait here, or play anyone who asks for the same game and clock.
lb-side = Your side
lb-side-random = Random
lb-create = Make a challenge
lb-seek = Play anyone
lb-cancel = Take it back
lb-open = Open challenges
lb-col-game = Game
lb-col-side = They play
lb-accept = Accept
lb-accept-label = Accept the challenge: { $game }, { $clock }
lb-none = No open challenge now: make one, or play anyone and wait for a partner here.
lb-playing = Games going on
lb-games-none = No game between people is going on.
lb-waiting = Your challenge is open ({ $game }, { $clock }): keep this page open until someone accepts it.
lb-watch = Watch: { $game }, { $clock }, { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
  } played
lb-made = Your challenge is open.
lb-yours = Your challenge
error-no-challenge = That challenge is no longer open: it was taken back, or its maker left.
error-challenge-taken = Someone else accepted that challenge first.
error-own-challenge = This is your own challenge: wait here for someone to accept it.
error-too-many-challenges = { $max ->
    [one] You have an open challenge already: take it back or wait for someone to accept it.
   *[other] You have { $max } open challenges already: take one back or wait for someone to accept one.
  }

## Looking back at a game
review-first = First position
review-back = Back a ply
review-next = Forward a ply
review-last = The game as it is
review-start = { $total ->
    [one] The start, before the one ply
   *[other] The start, before the first of { $total } plies
  }
review-at = Ply { $ply } of { $total }: { $side } { $move }
review-status = Looking back: { $where }. Press End (or click the board) to come back to the game.
graph-label = Evaluation after each ply, South's expected margin (up to { $top ->
    [one] { $top } seed
   *[other] { $top } seeds
  }); mistakes marked: { $mistakes }
graph-point = Ply { $ply }: { $value } for South

## Set phrases between two people
say-title = Say:
chat-mute = Hide the other player's messages
chat-said = { $who }: { $phrase }
phrase-hello = Hello!
phrase-good-luck = Good luck!
phrase-your-turn = Your turn.
phrase-well-played = Well played!
phrase-good-game = Good game!
phrase-thanks = Thank you!
error-unknown-phrase = That is not one of the phrases you can send.
error-too-many-phrases = You have sent { $max } phrases in this game, the most there may be.

## Whether the other player is there
presence-here = here
presence-away = away
claim-text = { $side } has left the game.
btn-claim = Claim the win
claim-text-abort = { $side } has left the game without making a move: it can only be called off, with no result.
btn-claim-abort = Call the game off
reason-you-left = you left the game
reason-they-left = your opponent left the game
reason-side-left = { $side } left the game
error-cannot-claim = The win cannot be claimed now: the other player is here, or may still come back.

## Accounts, ratings and leaderboards
nav-login = Log in
nav-leaderboard = Ratings
who-named = { $name } ({ $side })
who-you-named = You, { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = Rated
lb-rated-note = Log in to play rated games.
ng-rated = Rated: the computer plays at { $rating }
who-computer-rated = Computer, rated { $rating } ({ $side })
lb-col-player = Player
lb-anonymous = Guest
acc-title = Your account
acc-intro = An account is not needed to play. With one you have a name, your games on every device, and a rating in each game.
acc-login = Log in
acc-name-label = Name
acc-password-label = Password
acc-login-go = Log in
acc-signup = Make an account
acc-name-help = 2 to 24 letters, digits, - or _. Others see it.
acc-password-help = At least 8 characters.
acc-signup-go = Make the account
acc-player-page = Your page as others see it
acc-export = Download all your games (OGN)
acc-ratings = Ratings
acc-ratings-none = No rating yet: play a rated game from the lobby, or against the computer.
acc-games = Your games
acc-games-none = No game yet. Games you start or join while logged in are kept here.
acc-logout = Log out
acc-change-password = Change the password
acc-password-now = Password now
acc-password-new = New password
acc-change-password-go = Change it
acc-password-changed = The password is changed; your other devices are logged out.
acc-delete = Delete the account
acc-delete-text = Your name, ratings and logins are removed; your games stay for the other players, without your name.
acc-delete-go = Delete my account
acc-delete-confirm = Delete your account for good? This cannot be undone.
acc-deleted = Your account is deleted.
acc-rated = rated
acc-going-on = going on
acc-aborted = aborted
acc-draw = draw
acc-won = won
acc-lost = lost
acc-col-side = Side
acc-col-opponent = Opponent
acc-col-result = Result
acc-col-date = Date
acc-col-pool = Game and time
acc-col-rating = Rating
acc-col-games = Games
acc-plot-point = { $rating } on { $date }
acc-plot-title = { $pool }: from { $from } to { $to }
pool-name = { $game }, { $category }
category-bullet = bullet
category-blitz = blitz
category-rapid = rapid
category-classical = classical
category-correspondence = days a move
category-untimed = no clock
pl-ratings-none = No rated game yet.
pl-games = Games
pl-games-none = No game yet.
ld-title = Ratings
ld-intro = Glicko-2 ratings in each game and time category; a rating marked ? is provisional (too few games yet).
ld-pool = Game and time
ld-none = No rated game has been played yet.
ld-col-rank = Rank
ld-col-name = Name
error-csrf-token-wrong = This page's login is out of date; load the page again.
error-bad-name = “{ $name }” cannot be a name: use 2 to 24 letters, digits, - or _.
error-name-look-alike = The name “{ $name }” could pass for another: use letters of one alphabet, in their usual form.
error-name-taken = The name “{ $name }” is taken; choose another.
error-name-reserved = The name “{ $name }” is reserved for the game's own words; choose another.
error-bad-password = A password has { $min } to { $max } characters.
error-login-failed = Wrong name or password.
error-too-many-attempts = Too many attempts; try again in { $seconds } s.
error-login-required = Log in first.
error-no-player = There is no player “{ $name }”.
error-bad-pool = That is not a game and time category.
error-cannot-rate = This game cannot be rated: { $reason ->
    [login] both players need to be logged in.
    [same-account] you cannot play yourself rated.
    [level] this level has no measured rating yet.
    [position] a rated game starts from the game's own start.
   *[opponent] rated games are against the computer or made in the lobby.
}
error-rated-no-takeback = A rated game against the computer has no takebacks.
