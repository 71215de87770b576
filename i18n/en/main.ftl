# English text of Cờ Cá Ngựa. Keep the keys in step with i18n/vi/main.ftl.

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
