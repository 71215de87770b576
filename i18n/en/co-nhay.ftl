# Cờ nhảy (Chinese checkers): the English text of the second game. Keep the keys in step with i18n/vi/co-nhay.ftl.

## The rules in plain language (src/co_nhay/rules_text.rs)
nhay-rules-board = The board is a six-pointed star of 121 holes. Each player's ten pieces start out filling one arm of the star, and the aim is to move all ten into the arm straight across.
nhay-rules-seating = Two, three, four or six can play: two face each other, three sit on every other arm, four make two facing pairs. There is no five-player game, since one player would be heading for an empty arm.
nhay-rules-turn = The bottom arm moves first, then the turn goes round clockwise.
nhay-rules-step = A step moves one piece into an empty hole next to it, and ends the turn.
nhay-rules-jump = A jump takes a piece over one neighbouring piece of any colour to the empty hole just beyond it, in a straight line. After each landing the same piece may jump again, in any direction, or stop there. Nothing is captured.
nhay-rules-one-move = Each turn moves one piece, either by one step or by jumps, never a mix of the two. Every direction is allowed, backwards included, and jumping is never compulsory.
nhay-rules-pass = A player with no move at all passes; a player who can move may not pass.
nhay-rules-other-arms-allowed = A move may end in any empty hole, other players' arms included.
nhay-rules-other-arms-forbidden = A move may end only in the middle of the board, in the player's own starting arm or in its target arm; jumps may still cross the other arms on the way.
nhay-rules-win = A player finishes once all ten of its pieces stand in its target arm.
nhay-rules-anti-blocking-on = Blocking does not pay: when the target arm is full, with at least one of the player's pieces and every other piece belonging to the arm's owner, the player has finished too, even if this happens on someone else's move.
nhay-rules-anti-blocking-off = All ten of the player's own pieces must stand in the target arm, so an owner who never leaves home can block it.
nhay-rules-end-play-on = When someone finishes, the others play on for the next places until only one is left. Finished players' pieces stay where they are, in everyone's way or under their jumps.
nhay-rules-end-first-winner = The game ends as soon as someone finishes; the others are ranked by how many steps they still had to go.
nhay-rules-cap = A game still going after { $moves } moves stops there, as a draw among those still playing.

## The colours of the six arms: arm 0 at the bottom, then clockwise
nhay-colour-0 = Red
nhay-colour-1 = Green
nhay-colour-2 = Purple
nhay-colour-3 = Yellow
nhay-colour-4 = Blue
nhay-colour-5 = Orange
nhay-colour-0-lower = red
nhay-colour-1-lower = green
nhay-colour-2-lower = purple
nhay-colour-3-lower = yellow
nhay-colour-4-lower = blue
nhay-colour-5-lower = orange

## Settings
nhay-settings-heading = Chinese checkers settings
nhay-settings-players = Players
nhay-settings-player-count = { $n } players
nhay-settings-players-help = Two sit facing each other, three on every other arm, four as two facing pairs, six fill the whole star.
nhay-settings-rules = Rules
nhay-settings-preset = Rule set
nhay-preset-standard = Standard
nhay-preset-quick = Quick
nhay-preset-strict = Strict
nhay-preset-custom = Custom
nhay-settings-preset-help = Standard: blocking does not pay, moves may end anywhere, the others play on for places. Quick: the game ends when someone finishes. Strict: no move may end in another player's arm.
nhay-toggle-anti-blocking = No blocking
nhay-toggle-anti-blocking-help = A player whose target arm is full still finishes when the arm's owner refuses to leave it.
nhay-toggle-other-arms = End in other arms
nhay-value-other-arms-allowed = Allowed
nhay-value-other-arms-forbidden = Not allowed
nhay-toggle-other-arms-help = When not allowed, a move may end only in the middle, in the home arm or in the target arm; jumps may still cross other arms.
nhay-toggle-game-end = Game ends
nhay-value-end-play-on = Play on for places
nhay-value-end-first-winner = When someone finishes
nhay-toggle-game-end-help = Play on: the others keep playing until every place is settled. When someone finishes: the game stops at once and the others are ranked by the steps they have left.
nhay-settings-play = Play
nhay-settings-fast-bots = Fast computer players
nhay-settings-fast-bots-help = The computer's pieces jump quicker, so there is less waiting.

## The play panel: the turn, the hint, the player cards, the log
nhay-region-play = Play panel: the turn, the hint and the log
nhay-region-board = The star board
nhay-button-choose = Choose a piece
nhay-help-choose-piece = Click a piece with a dashed ring to see the holes it can reach.
nhay-help-choose-target = Click a ringed hole to move there, or choose another piece. Escape forgets the choice.
nhay-hint-text = Hint: { $move }
nhay-hint-thinking = Looking for a good move…
# A hint on a board that shows no hole numbers: the move is marked on
# the board (gold rings around the piece and the hole it goes to).
nhay-hint-plain-step = Hint: the move marked in gold on the board, one step
nhay-hint-plain-jump = Hint: the move marked in gold on the board, { $n ->
        [one] one jump
       *[other] { $n } jumps
    }
nhay-move-step = from hole { $from } to hole { $to }
nhay-move-jump = from hole { $from } to hole { $to }, { $n ->
        [one] one jump
       *[other] { $n } jumps
    }
nhay-card-home = { $n }/10 pieces home
nhay-card-finished = finished, place { $place }
nhay-strip-finished = place { $place }
nhay-notice-pass = { $who } has no move and passes.
nhay-log-step = { $who } moves from hole { $from } to hole { $to }
nhay-log-jump = { $who } jumps { $n ->
        [one] once
       *[other] { $n } times
    }, from hole { $from } to hole { $to }
# The log when the board shows no hole numbers (it names none either).
nhay-log-step-plain = { $who } moves one step
nhay-log-jump-plain = { $who } jumps { $n ->
        [one] once
       *[other] { $n } times
    }
nhay-log-pass = { $who } cannot move and passes
nhay-log-finished = { $who } finishes: place { $place }
nhay-log-over = The game is over
nhay-log-capped = The game stops after { $moves } moves

## The board for screen readers
nhay-board-label = Chinese checkers star board, { $n } players. { $turn }
nhay-board-turn = { $who } to move.
nhay-board-over = The game is over.
nhay-piece-label = { $Colour } piece on hole { $hole }, can go to { $n ->
        [one] one hole
       *[other] { $n } holes
    }
nhay-piece-selected = { $Colour } piece on hole { $hole }, chosen, can go to { $n ->
        [one] one hole
       *[other] { $n } holes
    }
nhay-target-step = Move to hole { $hole }, one step
nhay-target-jump = Jump to hole { $hole }, { $n ->
        [one] one jump
       *[other] { $n } jumps
    }
# A jump chain's landings on the way, said with its target.
nhay-target-via = { $n ->
        [one] By hole { $holes }
       *[other] By holes { $holes }
    }
nhay-announce-turn = { $who } to move. Choose a piece, then the hole to go to.
nhay-announce-over = The game is over

## Results
nhay-end-no-winner = Nobody has finished.
nhay-end-reason-finished = finished
nhay-end-reason-distance = { $n ->
        [one] one step left
       *[other] { $n } steps left
    }
nhay-end-capped = The game stopped after { $moves } moves; those who had not finished share a place.
nhay-end-concluded = Everyone playing at this device has finished; the places left go by the steps each player still had to go.
nhay-end-moves = The game took { $moves } moves.
place-name-5 = fifth
place-name-6 = sixth

## Rules and statistics
rules-window-title-co-nhay = Chinese checkers rules
stats-title-co-nhay = Chinese checkers statistics
stats-games-co-nhay = Chinese checkers games finished: { $n }
nhay-stats-longest-chain = Longest jump chain: { $n ->
        [one] one jump
       *[other] { $n } jumps
    } in a row
nhay-stats-shortest-win = Fastest win: in { $n } moves of the winner
nhay-stats-no-win = No game has had a winner yet.
nhay-stats-chain = Longest chain
settings-all-numbers-co-nhay = Number every hole
settings-all-numbers-co-nhay-help = Off: no hole is numbered. On: every hole shows its number, as the notation writes it, on the piece standing there too.
