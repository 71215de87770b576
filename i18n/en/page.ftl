# The web page's own sentences (assets/web/index.html: the loading screen shown before the game has started, and the manifest that installs the page as an app). scripts/web.sh writes them into target/web: one line each, no placeables, plain text (no HTML). Keep the keys in step with i18n/vi/page.ftl.
page-description = Vietnamese Ludo and Chinese checkers with every house rule: against the computer, at the family table, or with friends online.
page-loading = Loading the game…
page-compiling = Getting the game ready…
page-download-failed = The game could not be downloaded. Check the connection, then reload the page.
page-failed = The game could not start. Reload the page; if it still fails, open this page in another browser.
page-no-wasm = This browser cannot run WebAssembly, so the game cannot open here. Update the browser, or open this page in a recent Chrome, Firefox, Safari or Edge.
page-no-webgl = This browser cannot draw with WebGL, so the game cannot open here. Turn on hardware acceleration in the browser's settings, or open this page in another browser.
page-no-script = The game needs JavaScript: turn it on for this page.
