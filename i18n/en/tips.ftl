## Tips (issue 24): a short strategy page per game, each tip on a board

tips-region = Tips
tips-heading = Tips for { $game }
tips-count = Tip { $n } of { $total }
tips-previous = Previous tip
tips-next = Next tip
tips-all = All tips
tips-open = { $n }. { $title }
tips-roll = Rolled: { $roll }
tips-marked = On the board, the marked move is the one this tip suggests.
tips-keys = The left and right arrow keys turn the pages.
tips-broken = The tips could not be read: { $error }

## Cờ Cá Ngựa

tip-cn-exit-title = Bring a horse out on a 6
tip-cn-exit-text = Only a 6 opens the yard, and sixes do not come often. When you roll one and a horse is still waiting at home, bring it out: the more horses on the board, the more choices every later roll gives you. Your start square is safe, and the 6 gives you another roll anyway.
tip-cn-kick-title = A kick is worth taking
tip-cn-kick-text = A kicked horse goes back to its yard: it must wait for a 6 and run the whole way again. The further it had come, the more it loses. Here the yellow horse has nearly finished its lap, and a 3 lands right on it.
tip-cn-front-title = Don't stop just in front of an enemy
tip-cn-front-text = A horse that stops one to six squares in front of an enemy horse can be kicked with a single roll. Here the horse just behind the yellow one would jump it and stop two squares in front of it. Move the other horse instead: the horse behind the yellow one stays where it is the threat, not the target.
tip-cn-threat-title = Move the horse in danger
tip-cn-threat-text = Before you choose, look behind each of your horses. An enemy horse one to six squares behind one of them can kick it on its next roll. Move that horse first, onto a safe square if you can: here a 3 takes it to the star, where nobody can kick it.
tip-cn-start-title = Mind the squares after an enemy's start
tip-cn-start-text = While a colour still has horses in its yard, the squares just after its start square are risky: a 6 brings one of its horses out, and the extra roll of that 6 can reach you at once. The start square itself is safe for every colour. Here your horse steps onto yellow's start and waits there for a big roll to get past.
tip-cn-exact-title = Finish with the exact roll
tip-cn-exact-text = In the home column only the exact number takes a horse to the centre; a roll that goes too far cannot move it. So take the exact roll when it comes, and keep another horse out on the track to use the rolls the horse near the centre cannot. Here a 3 brings the horse home; with a 5, only the horse on the track could have moved.

## Cờ nhảy

tip-nhay-chain-title = Chains of hops beat steps
tip-nhay-chain-text = A step moves a piece one hole; a chain of hops can carry it across half the board in the same single turn. Before you step, look for pieces to hop over, yours or anyone's. Here the piece on 3 hops all the way to 81, past the middle of the board: eight rows in one move.
tip-nhay-ladder-title = Build ladders for your own pieces
tip-nhay-ladder-text = Pieces in a line with one empty hole between them make a ladder that another piece climbs in one chain. A quiet step that adds a rung is often worth more than a small gain now. Here the step 8-16 puts a piece just below the one on 40: next turn the piece on 1 climbs them to 51, six rows in one move.
tip-nhay-straggler-title = Don't leave a straggler behind
tip-nhay-straggler-text = A piece left alone at home has nothing to hop over and must crawl out step by step while the others wait at the finish. Bring the last piece along while there are still pieces near it to hop over, the opponent's arriving ones too. Here the piece left on 0 climbs out to 41 in one chain over the opponent's pieces.
tip-nhay-middle-title = The middle is the shortest way
tip-nhay-middle-text = Your target is straight across the board. A hop along a row or out towards the edge can look long and bring the piece no closer; hops up the middle gain rows, and the middle is where the pieces to hop over are. Here the piece on 60, the centre, could hop twice to the left edge (60-56) and gain nothing; 60-104 goes straight up, four rows.
tip-nhay-corner-title = Fill the far corner of the target first
tip-nhay-corner-text = Pieces that stop in the first holes of the target block the way for those still coming. Send the first arrivals deep, to the tip and the back rows, and fill the front holes last. Here the piece on 115 hops over 118 into the very tip, 120, leaving room for the pieces behind.
tip-nhay-give-title = Don't give your opponent a long hop
tip-nhay-give-text = Every piece you put down is a rung for everyone. Before you move, look at where your piece will stand: can an opponent's piece hop over it, and how far? Here 60-81 and 61-80 gain the same, but 60-81 would put your piece on top of a ladder of your own (81, 61, 41, 17, 4), and the top player's piece on 114 would climb down it, twelve rows in one move. 61-80 leaves no such ladder.
