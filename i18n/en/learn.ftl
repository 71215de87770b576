## Learn to play (issue 24): the lessons' screen
learn-heading = Learn to play { $game }
learn-intro = Short lessons, one idea each, on a small board. Pick one; the stars show how well you did.
learn-region = Lessons
learn-stars = { $stars ->
    [0] not done yet
    [one] 1 star of 3
   *[other] { $stars } stars of 3
}
learn-open = { $n }. { $title } ({ $stars })
learn-back = Back to the lessons
learn-close = Back to the game
learn-task = Your task: { $task }
learn-hint-button = Lesson hint
learn-retry = Try again
learn-next = Next lesson
learn-roll-first = Roll the dice first.
learn-hint-move = The marked move: { $move }.
learn-done = Well done! { $done }
learn-earned = You earned { $stars ->
    [one] 1 star
   *[other] { $stars } stars
} of 3 ({ $tries ->
    [one] 1 try
   *[other] { $tries } tries
}, { $best } needed).
learn-not-legal = Not allowed here: { $why }
learn-dice-left = Rolls to come: { $rolls }
learn-question = Question
learn-answer-wrong = Not quite. { $why }
learn-answer-right = Right! { $why }
learn-shown-legal = On the board: the move from hole { $from } to hole { $to } is allowed.
learn-shown-illegal = On the board: the move from hole { $from } to hole { $to } is not allowed.
learn-broken = The lessons could not be read: { $error }
learn-all-done = That was the last lesson of this game. Enjoy a real game!
lesson-why-default = That move is allowed, but it is not this lesson's idea: look at the task again.
lesson-answer-yes = Yes
lesson-answer-no = No
lesson-answer-only-others = Only over other players' pieces

## Cờ Cá Ngựa
lesson-cn-board-title = The board and your horses
lesson-cn-board-text = You play red: your four horses wait in the red corner, the yard. They race once round the board in the direction of the arrows, then up their own coloured column to the centre. One of your horses is already out on its start square.
lesson-cn-board-task = roll the die and move your horse forward.
lesson-cn-board-hint = Press Roll, then click the horse on the track.
lesson-cn-board-done = A horse moves as many squares as the die shows.
lesson-cn-exit-title = Leaving the yard
lesson-cn-exit-text = A horse in the yard can only come out with a 6. It then stands on your start square, the one with the red arrow.
lesson-cn-exit-task = roll until a horse can come out of the yard, and bring it out.
lesson-cn-exit-hint = Click one of the horses in the yard.
lesson-cn-exit-done = Out it comes! Without a 6, the horses in the yard wait.
lesson-cn-count-title = Counting the squares
lesson-cn-count-text = Count from the square after your horse: a 5 takes it five squares on. The squares with a star are safe squares.
lesson-cn-count-task = bring a horse onto the star square 9.
lesson-cn-count-hint = The horse on square 4 is five squares from the star.
lesson-cn-count-done = Five squares on from square 4 is square 9.
lesson-cn-count-wrong = That horse goes five squares too, but it lands on square 26, not on the star.
lesson-cn-bonus-title = Roll again after a 6
lesson-cn-bonus-text = A 6 gives you another roll straight away. Three 6s in a row, though, and the third is lost.
lesson-cn-bonus-task = with this 6 and the roll after it, bring your horse to square 20.
lesson-cn-bonus-hint = Move the horse on the track with the 6, then roll again.
lesson-cn-bonus-done = 6 then 3: nine squares in one turn.
lesson-cn-bonus-wrong = A 6 could bring a horse out, but today the horse on the track needs both rolls to reach square 20.
lesson-cn-kick-title = Kicking
lesson-cn-kick-text = Land exactly on a square where another colour's horse stands, and that horse goes back to its yard. Jumping over it does nothing.
lesson-cn-kick-task = send the yellow horse back to its yard.
lesson-cn-kick-hint = The yellow horse is two squares ahead of your horse on square 6.
lesson-cn-kick-done = Kicked! Yellow must roll a 6 to bring it out again.
lesson-cn-kick-wrong = That horse lands on an empty square: nobody is kicked.
lesson-cn-safe-title = Safe squares
lesson-cn-safe-text = Nobody can be kicked on a start square or a star square: horses of different colours simply share it. Here one yellow horse stands on a star, the other on an ordinary square.
lesson-cn-safe-task = kick the yellow horse that can be kicked.
lesson-cn-safe-hint = The yellow horse on square 15 is not on a star.
lesson-cn-safe-done = The horse on the star was safe; the other went home.
lesson-cn-safe-wrong = Square 9 is a star: your horse would share it with yellow, and nobody would be kicked.
lesson-cn-home-title = The home column
lesson-cn-home-text = After a full lap a horse turns into its own column, cells 1 to 6, and only the exact number takes it to the centre. A roll that goes too far cannot move that horse.
lesson-cn-home-task = bring the horse on home cell 4 to the centre.
lesson-cn-home-hint = With a 5 it would go too far: move the other horse first and wait for a 3.
lesson-cn-home-done = Exactly three: the horse is home.
lesson-cn-home-why = Not this one: the horse on home cell 4 needs exactly 3 to reach the centre.
lesson-cn-win-title = Winning
lesson-cn-win-text = The first colour with all four horses in the centre wins. Three of yours are home already.
lesson-cn-win-task = bring your last horse home and win.
lesson-cn-win-hint = Home cell 3 plus 4 is the centre.
lesson-cn-win-done = All four horses home: you win!
lesson-cn-house-block-title = House rule: a pair blocks
lesson-cn-house-block-text = Families play with house rules. With "a pair blocks", two horses of one colour on a square close the road: no other colour may land on it or pass it. The two yellow horses on square 11 form such a block.
lesson-cn-house-block-task = with this rule, move a horse to square 26.
lesson-cn-house-block-hint = The horse on square 8 cannot get past the yellow pair.
lesson-cn-house-block-done = Under this rule, a pair is a wall.
lesson-cn-house-block-wrong = The yellow pair on square 11 blocks the way: under this rule nobody gets past it.
lesson-cn-house-forced-title = House rule: a kick is a must
lesson-cn-house-forced-text = With "forced kick", if any move can kick, you must make a kicking move. The settings list every house rule; the rules window says which ones are on.
lesson-cn-house-forced-task = play the move this rule leaves you.
lesson-cn-house-forced-hint = The horse on square 6 can kick: so it must.
lesson-cn-house-forced-done = Under this rule, kicking is not a choice.
lesson-cn-house-forced-wrong = Under forced kick that move is not allowed: a kick is possible, so you must kick.

## Cờ nhảy
lesson-nhay-board-title = The board and your arm
lesson-nhay-board-text = The board is a six-pointed star. Your ten pieces fill the bottom point, your arm. You win by bringing all ten into the point across the board, the top one.
lesson-nhay-board-task = move a piece out of your arm onto hole 15.
lesson-nhay-board-hint = A piece in the front row of your arm is right next to hole 15.
lesson-nhay-board-done = Your first move: from now on, always towards the top.
lesson-nhay-board-why = That move is fine in a game, but this lesson asks for hole 15.
lesson-nhay-step-title = A step
lesson-nhay-step-text = A step moves a piece to one of the six holes touching it, if it is empty. Then the turn ends.
lesson-nhay-step-task = step your piece in the centre up and to the right.
lesson-nhay-step-hint = Hole 70 touches the centre, above it on the right.
lesson-nhay-step-done = One step, one hole.
lesson-nhay-step-why = That is a step too, but in another direction: go up and to the right.
lesson-nhay-hop-title = A hop
lesson-nhay-hop-text = A piece may hop over a neighbouring piece, of any colour, into the empty hole just beyond it on the same line. The piece hopped over stays where it is.
lesson-nhay-hop-task = hop over the piece above and to the right of yours.
lesson-nhay-hop-hint = Click your piece, then the hole beyond the other piece.
lesson-nhay-hop-done = Hops cover ground twice as fast as steps.
lesson-nhay-hop-why = A step is allowed, but this lesson is about the hop.
lesson-nhay-chain-title = A chain of hops
lesson-nhay-chain-text = After a hop, the same piece may hop again, and again, as long as there is a piece to hop over. The whole chain is one move.
lesson-nhay-chain-task = with one move, take your piece to hole 104.
lesson-nhay-chain-hint = Hop over the piece above on the right, then over the next one above on the left.
lesson-nhay-chain-done = Two hops in one move: chains are how races are won.
lesson-nhay-chain-why = That does not reach hole 104: hop, then hop again.
lesson-nhay-chain-wrong = A good hop, but do not stop there: from hole 81 the piece can hop once more.
lesson-nhay-direction-title = Any direction
lesson-nhay-direction-text = Steps and hops go in any of the six directions: forwards, sideways, even backwards. A hop sideways can open the way for later.
lesson-nhay-direction-task = hop sideways over the piece to the right of yours.
lesson-nhay-direction-hint = The piece on your right has an empty hole behind it.
lesson-nhay-direction-done = Sideways is allowed too.
lesson-nhay-direction-why = That move is allowed, but the task is the sideways hop.
lesson-nhay-target-title = Your target
lesson-nhay-target-text = Your target is the point opposite your own. Nine of your pieces are already there; one hole is still free.
lesson-nhay-target-task = fill the last hole of your target and win.
lesson-nhay-target-hint = The free hole is at the bottom left of the top point.
lesson-nhay-target-done = All ten pieces in the target: you have finished!
lesson-nhay-target-why = Only the move into the free hole of the target wins now.
lesson-nhay-anti-block-title = Nobody can block you
lesson-nhay-anti-block-text = Sometimes a player never leaves their own point, to keep you out. With the anti-blocking rule (on unless the settings say otherwise), a full target counts as yours when every other piece in it belongs to the owner of that point.
lesson-nhay-anti-block-task = fill the last free hole of your target.
lesson-nhay-anti-block-hint = Your piece just below the target can step into the free hole.
lesson-nhay-anti-block-done = The target is full, and the piece that stayed behind belongs to its owner: you have won.
lesson-nhay-anti-block-why = Fill the free hole of the target instead.
lesson-nhay-quiz-two-title = Question: two in a row
lesson-nhay-quiz-two-text = Two pieces stand in a line next to yours.
lesson-nhay-quiz-two-task = may your piece hop over both at once?
lesson-nhay-quiz-two-hint = A hop goes over one piece into the empty hole just beyond it.
lesson-nhay-quiz-two-done = One hop, one piece.
lesson-nhay-quiz-two-why = A hop goes over exactly one piece, into the empty hole right behind it: two pieces in a row are a wall.
lesson-nhay-quiz-step-hop-title = Question: a step, then a hop?
lesson-nhay-quiz-step-hop-text = Your piece has an empty hole beside it, and another piece just past that hole.
lesson-nhay-quiz-step-hop-task = may you step beside that piece and then hop over it, in the same move?
lesson-nhay-quiz-step-hop-hint = A turn is either one step or a chain of hops.
lesson-nhay-quiz-step-hop-done = Steps and hops never mix in one move.
lesson-nhay-quiz-step-hop-why = A move is one step, or hops only: after a step the turn is over.
lesson-nhay-quiz-own-title = Question: your own pieces
lesson-nhay-quiz-own-text = Your piece has another of your pieces next to it.
lesson-nhay-quiz-own-task = may you hop over your own piece?
lesson-nhay-quiz-own-hint = Think of a ladder you build for yourself.
lesson-nhay-quiz-own-done = Your own pieces make the best ladders.
lesson-nhay-quiz-own-why = Any piece can be hopped over, yours or anyone's, and it stays where it is.
learn-roll = Roll
lesson-cn-house-climb-title = House rule: the climb
lesson-cn-house-climb-text = The old way of playing ("traditional" in the settings) uses two dice and ends with a climb: a horse must stop exactly on its door, the square just before its column; from there a roll of n puts it on cell n, and then it climbs one cell at a time. Going from the door straight to cell 6 is called Thầu mạ.
lesson-cn-house-climb-task = climb from the door straight to cell 6.
lesson-cn-house-climb-hint = 2 and 4 make 6: the top cell.
lesson-cn-house-climb-done = Thầu mạ! Straight to the top of the column.

## Puzzles ("find the best move") and the tabs of the Learn window
learn-tab-lessons = Lessons
learn-tab-puzzles = Puzzles
puzzle-intro = Each puzzle is a position from a real game where one move is clearly better than every other. Find it! Right at the first try earns three stars; after a weaker move the best one is shown, and playing it earns one star.
puzzle-heading = Puzzles: { $game }
puzzle-easy = easy
puzzle-medium = medium
puzzle-hard = hard
puzzle-easy-heading = Easy
puzzle-medium-heading = Medium
puzzle-hard-heading = Hard
puzzle-mine-heading = From your games
puzzle-group = { $group }: { $solved } of { $count } solved
puzzle-open = Puzzle { $n }, { $stars }
puzzle-mine-about = The computer can look back at the games you played: each turn where you chose one move while another was clearly better becomes a puzzle for you.
puzzle-mine-button = Find puzzles in my recent games
puzzle-mine-progress = { $done } of { $total } games looked at, { $found } found
puzzle-mine-stop = Stop
puzzle-mine-no-store = There is no folder that keeps games, so past games cannot be looked at.
puzzle-mine-done = { $games ->
    [0] No finished game is left to look at. Play a few more and come back.
   *[other] Looked at { $games ->
        [one] one game
       *[other] { $games } games
    }: { $added ->
        [0] no new puzzle.
        [one] one new puzzle.
       *[other] { $added } new puzzles.
    }
}
puzzle-mine-failed = Past games could not be looked at: { $error }
puzzle-title = Puzzle { $n } ({ $difficulty })
puzzle-text-dice = { $colour } to play, and the die shows { $roll }. There are { $moves } moves; by the analysis, one is clearly better than the rest.
puzzle-text = { $colour } to play. There are { $moves } moves; by the analysis, one is clearly better than all the others.
puzzle-task = find the best move.
puzzle-hint-dice = The best move keeps about { $best }% to win, and no other more than { $second }%. Think about which move keeps a horse safe, kicks someone, or goes furthest.
puzzle-hint = The best move keeps about { $best }% to win, and no other more than { $second }%. Think about which move takes a piece furthest, or opens a road of hops for the pieces behind.
puzzle-done = { $best_move }: about { $best }% to win; the next best only { $second }%.
puzzle-wrong = That move ({ $move }) keeps about { $chance }% to win. The best move is { $best_move }, about { $best }%: it is marked in gold on the board. Play it to finish the puzzle.
puzzle-all-moves = Every move and its chance to win:
puzzle-move-chance = { $move }: { $chance }%

learn-tab-tips = Tips
# Who plays the other colours of a lesson (on their yards).
player-lesson-opponent = Opponent
puzzle-next = Next puzzle
learn-settings-locked = A lesson is open: the game's settings wait until it is closed.
puzzle-all-done = That was the last puzzle of this list.
