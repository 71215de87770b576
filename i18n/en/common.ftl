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

## Game feel (issue 13): sound
settings-sound = Sound
settings-volume = Volume
