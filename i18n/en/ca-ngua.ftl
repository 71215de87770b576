# English text of Cờ Cá Ngựa. Keep the keys in step with i18n/vi/ca-ngua.ftl.

## Colours and shapes
colour-red = Red
colour-green = Green
colour-yellow = Yellow
colour-blue = Blue
shape-red = circle
shape-green = triangle
shape-yellow = square
shape-blue = diamond

## The rules, generated from the rule set (rules window, settings, CLI)
rules-same-as-standard = These are the standard rules.
rules-differences-heading = Differences from the standard rules:
rules-all-heading = All rules in force:
rules-dice-one = One die: a roll moves one horse exactly that many squares.
rules-dice-two = Two dice: a roll moves one horse by the sum; a double may instead move it by one die's value (3+3 moves 3 or 6).
rules-exit-six = A horse leaves the yard for its start square on a 6.
rules-exit-one-or-six = A horse leaves the yard for its start square on a 1 or a 6.
rules-exit-two-dice = A horse leaves the yard for its start square on a double or 1+6; the exit uses the whole roll.
rules-bonus-six = A 6 gives another roll, even when no horse can move.
rules-bonus-double = A double or 1+6 gives another roll, even when no horse can move.
rules-forfeit-on = A third 6 in a row is lost and the turn passes at once; moves made with the first two stand.
rules-forfeit-on-two-dice = A third double (or 1+6) in a row is lost and the turn passes at once; moves made before stand.
rules-forfeit-off = Bonus rolls have no limit: every 6 or double rolls again.
rules-bonus-kick-on = Kicking a horse gives another roll.
rules-bonus-finish-on = Bringing a horse to the finish gives another roll.
rules-move = If a horse can move, one must; if none can, the roll is passed. Horses of one colour may share a square.
rules-kick = A horse that ends its move on a square with horses of other colours sends them all back to their yards. Passing over them does nothing, and home cells are private.
rules-safe-starts-and-stars = The four start squares and the four star squares are safe: nobody is kicked there, and colours may share them.
rules-safe-starts-only = Only the four start squares are safe; the star squares are ordinary.
rules-safe-none = No square of the track is safe; a horse leaving the yard kicks whoever stands on its start square.
rules-pairs-ordinary = Two horses of one colour on a square are kicked together.
rules-pairs-safe-pair = Two or more horses of one colour on a square make it safe while they stay; others may join them there.
rules-pairs-block = Two or more horses of one colour on a square block it: no other colour may land on it or pass it.
rules-no-passing-on = No passing: a horse may not pass any horse on its way, and may not land on a horse of its own colour.
rules-forced-none = The player chooses freely among the legal moves.
rules-forced-kick-on = Forced kick: if any move kicks, one of the kicking moves must be made.
rules-forced-exit-on = Forced exit: if a horse can leave the yard (after a forced kick), it must.
rules-home-exact = After a full lap a horse turns into its home column (cells 1 to 6) and needs the exact number to reach the centre; a roll that would overshoot cannot move it.
rules-home-climb = The climb: a horse must stop exactly on its door, then enters its column on cell n with a roll of n, and climbs one cell at a time with exactly the next cell's number. A colour wins with horses on cells 6, 5, 4 and 3.
rules-home-climb-two-dice = The climb: a horse must stop exactly on its door, then enters its column on cell n with a move of n, and climbs one cell at a time with exactly the next cell's number or any double. A colour wins with horses on cells 6, 5, 4 and 3.
rules-end-horses-home = The first colour with all four horses home wins and the game ends; the others are ranked by horses home (equal counts share a place).
rules-end-distance = The first colour with all four horses home wins and the game ends; the others are ranked by the distance their horses have travelled.
rules-end-play-on = The game goes on after the first winner until every place is decided.
rules-direction-clockwise = Horses travel clockwise.
rules-direction-counter-clockwise = Horses travel counter-clockwise.
rules-scoring-on = A scoring ledger is kept; points pass from one player to another.
rules-scoring-kick = A kick earns 1 point per horse from its owner, 2 with a double.
rules-scoring-chain = Kicks chain within a turn: the second roll that kicks pays twice, the third three times, and so on.
rules-scoring-sap-ham = Sập hầm: a horse entering its column on cell 1 pays 1 point to every other player (2 with a double).
rules-scoring-top-climb = Reaching cell 6 straight from the door earns 2 points from every other player (3 with a double); climbing up from cell 5 earns 1.
rules-scoring-thau-ma = Thầu mạ: the first horse of the game to go straight from the door to cell 6 earns 4 points from every other player instead (6 with a double).
rules-scoring-top-exact = A horse reaching the centre earns 2 points from every other player (3 with a double) when it comes from the track, 1 when it was already in its column.
rules-scoring-settlement = When the first player finishes, every other player pays it 1 point per horse not home; if anyone has no horse home (cón), every payment is multiplied by the number of such players plus one.
rules-cap = A game stops after { $rolls } rolls (a safety limit for computer play).

## Colours inside a sentence
colour-red-lower = red
colour-green-lower = green
colour-yellow-lower = yellow
colour-blue-lower = blue

## The window

## Settings
settings-players = Players
settings-player-count = { $n } players
player-human = Person
player-bot-level = computer, { $level }
level-random = Random
level-easy = Computer – Easy
level-medium = Computer – Medium
level-hard = Computer – Hard
settings-rules = Rules
settings-preset = Preset
settings-preset-help = Changing the rules starts a new game (you will be asked first).
preset-standard = Standard
preset-casual = Casual
preset-traditional = Traditional
preset-custom = Custom
group-dice = Dice and bonus rolls
group-kicks = Kicks and safe squares
group-home = Home and the end of the game
group-board = Board
toggle-dice = Dice
value-dice-one = One die
value-dice-two = Two dice
toggle-dice-help = With two dice a move uses the sum, or one die of a double.
toggle-exit-rolls = Leave the yard on
value-exit-six = 6 only
value-exit-one-or-six = 1 or 6
toggle-exit-rolls-help = Which roll brings a horse out onto its start square.
toggle-bonus-after-kick = Extra roll after a kick
toggle-bonus-after-kick-help = Sending a horse home earns another roll.
toggle-bonus-after-finish = Extra roll after a horse finishes
toggle-bonus-after-finish-help = Bringing a horse home earns another roll.
toggle-forfeit = Three bonus rolls in a row lose the turn
toggle-forfeit-help = The third 6 (or double) in a row is not played.
toggle-safe-squares = Safe squares
value-safe-starts-and-stars = Starts and stars
value-safe-starts-only = Starts only
value-safe-none = None
toggle-safe-squares-help = Horses on a safe square cannot be kicked.
toggle-pairs = Two horses on a square
value-pairs-ordinary = Ordinary
value-pairs-safe-pair = Safe pair
value-pairs-block = Block
toggle-pairs-help = A pair of one colour can be made safe, or a wall nobody passes.
toggle-no-passing = No passing
toggle-no-passing-help = A horse may not jump over any horse, nor land on its own.
toggle-forced-kick = Forced kick
toggle-forced-kick-help = If a move can kick, the player must kick.
toggle-forced-exit = Forced exit
toggle-forced-exit-help = If a horse can leave the yard, it must.
toggle-home-column = Home column
value-home-exact = Exact number
value-home-climb = Traditional climb
toggle-home-column-help = The climb: stop on the door, enter on cell n, climb one cell at a time.
toggle-game-end = End of the game
value-end-horses-home = First winner; others by horses home
value-end-distance = First winner; others by distance
value-end-play-on = Play on for every place
toggle-game-end-help = Whether the game stops at the first winner.
toggle-scoring = Keep score
toggle-scoring-help = Points for kicks, Thầu mạ, Sập hầm and the final settlement.
toggle-direction = Direction
value-direction-clockwise = Clockwise
value-direction-counter-clockwise = Counter-clockwise
toggle-direction-help = Only the look changes: the rules are the same mirrored.
settings-play = While playing
settings-auto-roll = Roll for me
settings-auto-roll-help = Roll automatically when it is your turn.
settings-auto-move = Move for me when there is one move
settings-auto-move-help = Make the only possible move without asking.
settings-fast-bots = Fast computer players
settings-fast-bots-help = Computer players move quickly.

## Play
turn-label = { $who } to play ({ $kind })
turn-game-over = The game is over
dice-none = Not rolled yet
dice-rolling = Rolling…
dice-label = Rolled: { $roll }
dice-last-label = { $who } rolled { $roll }
button-roll = Roll
button-move = Move
button-choose = Choose a horse
button-waiting = Please wait
moves-heading = Moves (press the number)
move-exit = leave the yard
move-advance = { $from } to { $to }
notice-pass = { $who } cannot move: the roll is passed.
notice-forfeit = { $who } rolled a third bonus roll in a row: the turn is lost.

## Squares and horses
where-yard = in the yard
where-track = square { $square }
where-home = home cell { $cell }
where-centre = home
to-centre = the centre
horse-label = { $Colour } horse { $n }, { $where }, can move
target-label = Move to { $where }
board-label = The board

## The move log
log-heading = Moves so far
log-empty = No moves yet.
log-pass = { $who } rolled { $roll } and cannot move
log-forfeit = { $who } rolled { $roll }, a third in a row: turn lost
log-exit = { $who } rolled { $roll } and brought out a horse
log-advance = { $who } rolled { $roll } and moved from { $from } to { $to }
log-kick = { $who } kicked { $victims } on square { $square }
log-finish = { $who } brought a horse home
log-seat-finished = { $who } has every horse home: place { $place }

## The end of a game
end-title = Results
end-place = { $place }. { $who }
end-shared = (shared place)
end-points = { $points } points
end-capped = The game reached the roll limit; places go by horses home.
end-concluded = Every person here has finished; the other places were settled at once.

## Asking before a new game
rules-window-title = Rules

## Files and statistics
log-thau-ma = { $who }: Thầu mạ! First straight from the door to cell 6
log-sap-ham = { $who }: Sập hầm, in on cell 1
stats-title = Statistics
stats-games = Games finished: { $n }
stats-longest = Longest game: { $rolls } rolls
stats-by-kind = Player
stats-by-colour = Colour
stats-played = Played
stats-won = Won
stats-kicks-made = Kicks made
stats-kicks-suffered = Kicked
stats-thau-ma = Thầu mạ
stats-sap-ham = Sập hầm
stats-dice-heading = Every die face rolled
stats-dice-legend = Bars: how often each face came up. Dashed line: what perfectly fair dice would give.
stats-chart-label = Die faces rolled, { $total } in all: { $faces }
stats-chi = Chi-squared { $chi } (5 degrees of freedom): { $verdict }
stats-dice-too-few = too few rolls yet to judge.
stats-dice-fair = well within what fair dice do.
stats-dice-unusual = unusual, but fair dice do this 5% of the time.
saved-rules-heading = My rule sets
saved-rules-help = Save the rules above under a name, or share them as a file.
saved-rules-name = Name
saved-rules-save = Save these rules
saved-rules-file = File
saved-rules-import = Import from the file
saved-rules-current = { $name } (in use)
saved-rules-rename = Rename { $name }
saved-rules-export = Export { $name }
saved-rules-delete = Delete { $name }
saved-rules-saved = Saved as { $name }.
saved-rules-deleted = Deleted { $name }.
saved-rules-renamed = Renamed to { $name }.
saved-rules-exported = Written to { $file }.
saved-rules-failed = Could not write the file: { $reason }
saved-rules-imported = Imported as { $name }.
saved-rules-imported-name = Imported rules
saved-rules-refused = Not imported: { $reason }

## Hint
button-hint = Hint
hint-text = Hint: { $move }

## Game feel (issue 13): dice on the board, the last move, player cards, results
player-you = You
button-play-again = Play again
die-no-move = No move
die-forfeit = Turn lost
die-roll-again = Roll again!
die-roll-again-kick = A kick: roll again!
die-roll-again-finish = Home: roll again!
banner-kick = { $who } kicks { $victims }!
banner-home = { $who }: a horse is home!
banner-all-home = { $who } has all four home!
card-name = { $colour } · { $who }
card-counts = Home { $home } · Board { $board } · Yard { $yard }
card-points = { $points } pts
card-place = place { $place }
card-kicked = kicked!
settings-all-numbers = Number every square
settings-all-numbers-help = Off: only the starts, the stars and every fifth square are numbered.
rules-section-dice = Rolling the dice
rules-section-moves = Moving and kicking
rules-section-home = Home and the end of the game
rules-section-scoring = Scoring
rules-section-board = The board
place-name-1 = first
place-name-2 = second
place-name-3 = third
place-name-4 = fourth
you-won = You won!
you-place = You came { $place }
you-shared = You share { $place } place
end-winner = { $who } wins!
end-no-winner = Nobody brought all four horses home.
end-reason-home = { $n } home
end-reason-distance = { $n } steps travelled
end-reason-finished = all four home
