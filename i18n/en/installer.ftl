# The Windows installer's and uninstaller's own sentences (assets/windows/installer.nsi); the standard pages come with NSIS's own translations. Keep the keys in step with i18n/vi/installer.ftl. scripts/installer.sh turns each message into an NSIS language string: one line each, no placeables, and "\n" is not special (write two messages instead).
installer-start-game = Start Cờ Cá Ngựa now
installer-game-running = Cờ Cá Ngựa is open. Close the game (the game in progress is saved and continues next time), then press Retry; Cancel stops without changing anything.
installer-link-name = URL:Cờ Cá Ngựa room link
installer-welcome = This installs Cờ Cá Ngựa for you alone: no administrator rights are needed, and an earlier version is upgraded in place, keeping your settings, games and records.
uninstaller-data-title = Your games and settings
uninstaller-data-subtitle = Choose whether to keep them.
uninstaller-data-text = Your settings, the game in progress, statistics, rule sets and game records are kept in %APPDATA%\ca-ngua. They stay there unless you tick the box below, so a later install finds them again.
uninstaller-data-delete = Also delete my settings, games and records
uninstaller-game-running = Cờ Cá Ngựa is open. Close the game (the game in progress is saved), then press Retry; Cancel stops without removing anything.
