# English text shared by the whole app: the shell, files, language, look. Keep the keys in step with i18n/vi/common.ftl.

app-title = Cờ Cá Ngựa
button-show-settings = Settings
button-hide-settings = Hide settings
button-rules = Rules
button-new-game = New game
button-close = Close
settings-heading = Settings
settings-language = Language
language-vi = Tiếng Việt
language-en = English
settings-look = Look
look-system = As the system
look-light = Light
look-dark = Dark
confirm-title = Start a new game?
confirm-text = This change needs a new game. The game in progress will end.
status-question-open = The game waits while you answer the question.
status-question-open-clock = The room plays on while you answer: your turn clock keeps running.
status-question-open-online = The room plays on while you answer, and waits when your turn comes.
status-question-open-watching = The room plays on while you answer.
confirm-yes = Start the new game
confirm-no = Keep playing
button-stats = Statistics
button-dismiss = OK
notice-file-moved = { $file } could not be read ({ $reason }). It was kept as { $kept } and the game started from defaults.
notice-file-unreadable = { $file } could not be read: { $reason }.
notice-cannot-save = { $file } cannot be saved: { $reason }. The game goes on, but this will not be kept.
notice-no-folder = There is no folder to keep settings in ({ $reason }); nothing will be kept.
notice-no-storage = This browser keeps nothing for this page ({ $reason }): the game, the settings and the records last until the page is closed.
region-top = Top bar
region-settings = Settings

## Start-up, crash reports and the command line of the app
app-help =
    Cờ Cá Ngựa, the Vietnamese Ludo game.
    Usage: ca-ngua [--version | --help | LINK]
    Without arguments it opens the game window; with a room's invite link
    (http://HOST:PORT/join/CODE or ca-ngua://HOST:PORT/CODE) it opens the
    window and joins that room.
      --version   print the version and exit
      --help      print this help and exit
    Logs and crash reports are kept in the data folder ({ $data }); set CA_NGUA_LOG=debug for a more detailed log.
startup-bad-argument = Unknown argument { $arg }: ca-ngua --help lists the ones it understands.
startup-no-display = Cờ Cá Ngựa could not open its window because no display was found; start it from a desktop session.
startup-no-graphics = Cờ Cá Ngựa could not start OpenGL graphics on this computer; updating the graphics driver may help.
startup-failed = Cờ Cá Ngựa could not open its window ({ $reason }).
notice-crash-report = The game closed because of an error last time. A report was saved as { $file }; attaching it to a bug report helps fix the error.


## Game feel (issue 13): sound
settings-sound = Sound
settings-volume = Volume

## Two games (issue 12): the game picker in the top bar
game-picker = Game
game-ca-ngua = Cờ Cá Ngựa (Ludo)
game-co-nhay = Cờ nhảy (Chinese checkers)
stats-none-yet = No game has ended yet: the figures start with the first.
online-room-settings-heading = The room's settings
online-room-settings-help = The host chose these rules and seats; they cannot be changed from here. Your own settings come back when you leave the room.
online-room-players = { $n } players
online-room-rules = Rules of the room
online-room-goes-on = Your online room in { $game } goes on: switch back to it to play.

## The server's invite page (GET /join/CODE)
invite-page-title = Cờ Cá Ngựa: an invitation to play
invite-page-heading = You are invited to play
invite-page-room = Room { $code }
invite-page-seats = { $seated } of { $players } seats taken
invite-page-computer = Computer
invite-page-join = Join
invite-page-started = The game has already started, and every place to watch it is taken: ask for a new room.
invite-page-started-watch = The game has already started: nobody can join now, but friends can still watch it.
invite-page-watch = Watch the game
invite-page-download = Download the app
invite-page-get-app = No app yet? Install Cờ Cá Ngựa (free, for Windows, macOS and Linux), then open this page again.
invite-page-by-hand = Or open the app, choose Play online and paste this link:
invite-page-browser = Play in the browser
invite-page-browser-watch = Watch in the browser
invite-page-browser-note = Nothing to install: the game opens in this browser, on this server.
invite-page-on-computer = On a computer with the app:
invite-page-unknown-heading = No such room
invite-page-unknown = Room { $code } is not open on this server: it may have ended. Ask the host for a new link.

## A link clicked while the app is open
handoff-title = Join another room?
handoff-text = You clicked a link to room { $room }. Joining it leaves the game you are playing here.
handoff-join = Join the room
handoff-stay = Keep playing

## The analysis of a recorded game
analysis-help = The computer rates each move and each roll: how much each choice cost and how lucky each roll was. It takes a moment.
analysis-start = Analyse the game
analysis-progress = Analysing… { $percent }%
analysis-cancel = Stop the analysis
analysis-cancelled = The analysis was stopped.
analysis-failed = The game cannot be analysed: { $reason }
analysis-verdict-sum = Chance to win: { $start }% at the start, { $result }% at the end. In points of chance to win: { $luck } from the dice, { $skill } from the choices, { $others } from what the other players' rolls and moves did to this chance ({ $looks } of it from the analysis looking one roll further ahead at each position).
analysis-deep = Deep analysis
analysis-deep-help = Plays the game out many times from every position, the computer at its strongest, to check each move and roll. It takes several minutes.
analysis-verdict-no-dice = { $name } — { $result }. Choices cost { $skill } { $skill ->
        [one] point
       *[other] points
    } of chance to win.
analysis-graph-help = Each player's chance of winning after every step. Click to go to that step.
analysis-no-mistakes = No clear mistakes: every move played was as good as the best, within the analysis' margin.
analysis-mistakes = The costliest mistakes (click to see them on the board):
analysis-mistake = { $name }, step { $step }: played { $played }; better { $best } (cost { $cost } { $cost ->
        [one] point
       *[other] points
    } of chance to win)
analysis-pass = pass
# A seat's line: who played it, how it ended, what the dice gave or took
# and what the choices cost, in points of the chance to win (issue 45).
analysis-verdict-dice-gave = { $name } — { $result }. The dice gave +{ $luck } { $luck ->
        [one] point
       *[other] points
    } of chance to win; choices cost { $skill } { $skill ->
        [one] point
       *[other] points
    }.
analysis-verdict-dice-took = { $name } — { $result }. The dice took { $luck } { $luck ->
        [one] point
       *[other] points
    } of chance to win; choices cost { $skill } { $skill ->
        [one] point
       *[other] points
    }.
analysis-result-won = won
analysis-result-lost = lost
analysis-result-shared = shared first place
analysis-result-place = place { $place }
analysis-result-unfinished = game not finished, { $chance }% chance to win at the end
analysis-graph-axis = Chance to win
analysis-graph-steps = Step
analysis-show-computers = Show the computer's mistakes too
analysis-no-mistakes-people = No clear mistakes by the people who played.
# Under the board, while it shows a mistake: the move played and the better one.
analysis-compare = Played (dashed red): { $played }. Better (green arrow): { $best }, { $cost } { $cost ->
        [one] point
       *[other] points
    } more chance to win.
analysis-tab-log = Moves
analysis-tab-analysis = Analysis
# After a seat's line: how well its choices were made, whatever its
# standing, and how sure one game is of it (issue 57).
analysis-choices = { $how } ({ $sure }).
analysis-choices-best = Nearly always the best move
analysis-choices-good = Mostly good moves
analysis-choices-mixed = Some good moves, some poor ones
analysis-choices-random = Moves close to picked at random
analysis-choices-sure = sure
analysis-choices-likely = fairly sure
analysis-choices-too-short = Too short a game to tell how well they chose.
analysis-choices-share = Of what moves picked at random would have lost, these choices lost { $share }% (between { $low }% and { $high }%; { $decisions } { $decisions ->
        [one] choice
       *[other] choices
    }).

## Game records: the replay window, past games, files
button-replay = Replay the game
replay-title = Replay
replay-step-counter = Step { $step } of { $steps }
replay-start = The game begins
replay-first = To the start
replay-back = Step back
replay-forward = Step forward
replay-last = To the end
replay-play = Play
replay-pause = Pause
replay-speed = Speed
replay-speed-slow = Slow
replay-speed-normal = Normal
replay-speed-fast = Fast
replay-speed-fastest = Very fast
replay-timeline = Timeline
replay-save-file = Save as file…
replay-copy = Copy as text
replay-log = The game's steps
replay-analysis = Analysis
replay-computer = Computer
# A seat that changed hands during the game: each player and the steps
# they played ("Red: Person (steps 1–3), then Computer – Medium (steps 4–549)").
replay-player-steps = { $who } ({ $count ->
        [one] step
       *[other] steps
    } { $steps })
replay-then = { $before }, then { $after }
# A seat a person played, where a computer played some steps for them
# (handed over, away, or out of time): the person, then those steps.
replay-stood-in = { $who } (the computer played { $count ->
        [one] step
       *[other] steps
    } { $steps })
# A game's date and time, in this computer's time zone.
record-date = { $year }-{ $month }-{ $day } { $hour }:{ $minute }
# Who played the step shown.
replay-step-by = This step: { $colour } ({ $who })
# A computer's step in a person's seat: "Computer – Medium, for Minh".
replay-for = { $computer }, for { $who }
replay-won = Won: { $who }
replay-unfinished = Not finished
records-heading = Past games
records-open-file = Open a record file…
records-paste = Paste a record…
records-none = No game has been recorded yet.
records-paste-title = Open a game record
records-paste-text = Paste a game record (a .txt file) in the field below, or drop the file on the window.
records-paste-label = Game record
records-paste-open = Open the record
records-save-title = Save the game as a file
records-open-title = Open a record file
records-save-failed = { $file } could not be saved: { $error }.
records-refused = This game cannot be opened: { $error }

## Learn to play (issue 24): the welcome of a first start
welcome-title = Welcome!
welcome-text = Here are Cờ Cá Ngựa (Ludo) and Cờ nhảy (Chinese checkers). Would you like to play straight away, or take a few short lessons first? Nothing on the board moves until you choose.
welcome-learn = Learn first
welcome-play = Play now
welcome-later = The lessons are always there: the “Learn” button in the top bar.
button-learn = Learn
button-learn-close = Close the lessons

## Online: who is connected (issue 22)
presence-you-reconnecting = Reconnecting — { $seconds } seconds before the computer takes over your seat.
presence-you-reconnecting-about = Reconnecting — about { $seconds } seconds before the computer takes over your seat.
presence-you-computer = Still reconnecting — the computer is playing for you until you are back.
presence-you-back = You are back: your seat is yours again.
presence-seat-you-reconnecting = { $name } (you) · reconnecting, { $seconds } s
presence-seat-you-reconnecting-about = { $name } (you) · reconnecting, about { $seconds } s
presence-seat-you-computer = { $name } (you) · the computer plays for you
presence-seat-you-offline = { $name } (you) · reconnecting
presence-seat-reconnecting = { $name } (reconnecting; the computer takes over in { $seconds } s)
presence-player = { $colour } ({ $name })
presence-announce-you-dropped = Connection lost; reconnecting. If it is not back in { $seconds } seconds, the computer takes over your seat.
presence-announce-you-dropped-about = Connection lost; reconnecting. If it is not back in about { $seconds } seconds, the computer takes over your seat.
presence-announce-you-computer = The computer is playing for you until you are back.
presence-announce-you-back = You are back; your seat is yours again.
presence-announce-dropped = { $player } lost the connection; the computer takes over in { $seconds } seconds unless they come back.
presence-announce-reconnected = { $player } is connected again.
presence-board-reconnecting = { $who } · reconnecting, { $seconds } s
presence-board-computer = { $who } · the computer plays
presence-board-offline = { $who } · connection lost
presence-card-reconnecting = Reconnecting: { $seconds } s
presence-card-reconnecting-about = Reconnecting: ~{ $seconds } s
presence-card-you-computer = Computer plays for you
presence-card-computer = The computer plays
presence-card-offline = Connection lost

## Online: a table with friends (issue 31)
join-title = Room { $room }
join-asking = Asking the server about the room…
join-unreachable = Cannot reach the server { $server }. Check the link, or that the host's computer and this one are on the same network.
join-not-found = No room has this code (it may have closed). Ask the host for a new link.
join-full = The room is full.
join-started = The game has already started — you can watch it.
join-bad-name = The server could not take this name: 1 to 24 letters.
join-name = Your name
join-name-needed = Type your name: the others see it at the table.
join-busy = Going in…
join-join = Join
join-watch = Watch
join-cancel = Cancel
join-host = Host: { $name }
watch-you-watch = You are watching this game.
watch-count = Watching: { $n }
talk-heading = Say something
talk-heading-short = Chat
talk-phrase-hello = Hello!
talk-phrase-good-luck = Good luck!
talk-phrase-nice-move = Nice move!
talk-phrase-ouch = Ouch!
talk-phrase-hurry-up = Hurry up!
talk-phrase-thanks = Thanks!
talk-phrase-well-played = Well played!
talk-phrase-one-more = One more game?
talk-send-emoji = Send { $emoji }
talk-text-hint = A message to the table
talk-text-label = Message to the table
talk-send = Send
talk-mute = Mute:
talk-watcher = { $name } (watching)
talk-said = { $who }: { $what }
talk-bubble = { $who } says: { $what }
talk-watchers-now = Watching now: { $n }
clock-button = { $label } · { $seconds } s
clock-card = { $seconds } s left
clock-room = Turn clock: { $seconds } seconds a turn; then the computer plays it.
button-again = One more game
online-chat = Talking
online-chat-phrases = Phrases and emoji
online-chat-text = Also free text
online-chat-off = No talking
online-clock = Turn clock
online-clock-seconds = Seconds per turn
online-clock-suffix = { " " }s
dice-checked = Dice verified: { $matching }/{ $rolls } rolls
dice-wrong = Warning: the dice do not check out. Roll { $n } should have been { $expected }, but { $made } was played.
dice-wrong-commit = Warning: the dice do not check out: the server's revealed seed is not the one it promised.
dice-not-here = The dice could not be checked from here: you came in during the game.

## The table after a game, "I'm back", a steady panel (issue 45)
talk-phrases = Phrases
talk-emoji = Emoji
talk-nothing-yet = Nothing said yet.
rematch-heading = The next game
rematch-line = { $who }: { $choice }
rematch-card-left = Left the room
card-left-playing = Left; the computer plays
rematch-card-host = Host: starts the next game
rematch-card-ready = Wants one more game
rematch-card-deciding = Deciding…
rematch-help-host = { $ready } of { $guests } want one more game. Start it when you are ready: a seat whose player left is played by the computer.
rematch-help-guest = “One more game” tells everyone you are in; the host starts it. Either way you stay in the room.
rematch-help-guest-ready = Everyone sees you are in. The next game starts when the host starts it.
rematch-help-watcher = The next game will show here when the host starts it.
rematch-announce = { $who } wants one more game.
rematch-announce-left = { $who } left the room.
log-round-start = Game { $round } in this room begins
button-rematch-waiting = Waiting for the host…
button-watch-next = Next game soon
button-leave-room = Leave the room…
button-stop-watching = Stop watching
button-im-back = I'm back
button-im-back-name = I'm back: take my seat back from the computer
presence-you-held = The computer is playing for you: press “I'm back”.
presence-announce-you-held = The computer is playing your seat. The main button is now “I'm back”: press it to play again.
online-old-server-back = This server gives your seat back when you roll or move on your turn.
online-old-server-rematch = This server cannot pass your choice on: tell the host with the phrase “One more game?”.
online-lobby-full = Everyone is here ({ $seated } of { $players })
online-seat-left = { $name } (left; the computer plays)
leave-title = Leave the room?
leave-text-playing = The computer will play your seat to the end of the game, and you cannot come back to it.
leave-text-over = You leave the table: the others see that you left, and the next game is played without you.
leave-text-lobby = Your seat goes to whoever joins next.
leave-then-new-game = Then a new game starts on this device.
leave-yes = Leave the room
leave-stay = Stay
leave-watching-title = Stop watching this room?
leave-text-watching = You leave the room you are watching. Its link lets you watch again.
leave-keep-watching = Keep watching
handoff-title-game = Leave this game for room { $room }?
handoff-text-game = You clicked a link to room { $room }. Joining it ends the game you are playing here.

## A phone's layout (issue 54): the top bar's menu, the strip of players,
# the sheets over the board.
button-more = More…
strip-home = Home { $home }/{ $total }
strip-to-move = to move
sheet-log = Log
sheet-talk = Chat
sheet-settings = Settings
sheet-results = Results
sheet-close = Close
