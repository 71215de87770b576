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
confirm-yes = Start the new game
confirm-no = Keep playing
button-stats = Statistics
button-dismiss = OK
notice-file-moved = { $file } could not be read ({ $reason }). It was kept as { $kept } and the game started from defaults.
notice-file-unreadable = { $file } could not be read: { $reason }.
notice-cannot-save = { $file } cannot be saved: { $reason }. The game goes on, but this will not be kept.
notice-no-folder = There is no folder to keep settings in ({ $reason }); nothing will be kept.
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
invite-page-join = Join
invite-page-started = The game has already started: ask for a new room.
invite-page-get-app = No app yet? Install Cờ Cá Ngựa (free, for Windows, macOS and Linux) from the project's releases page, then come back and press Join.
invite-page-by-hand = Or open the app, choose Play online and paste this link:
invite-page-unknown-heading = No such room
invite-page-unknown = Room { $code } is not open on this server: it may have ended. Ask the host for a new link.

## Learn to play (issue 24): the welcome of a first start
welcome-title = Welcome!
welcome-text = Here are Cờ Cá Ngựa (Ludo) and Cờ nhảy (Chinese checkers). Would you like to play straight away, or take a few short lessons first? Nothing on the board moves until you choose.
welcome-learn = Learn first
welcome-play = Play now
welcome-later = The lessons are always there: the “Learn” button in the top bar.
button-learn = Learn
button-learn-close = Close the lessons
