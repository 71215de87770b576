// The page in a browser too old for modules (index.html loads this with
// `nomodule`; every browser that runs start.js skips it): the loading
// screen says the browser cannot run the game, in the browser's language.
// Old JavaScript on purpose (no arrows, no `let`).
(function () {
    var root = document.documentElement;
    var language = (navigator.language || navigator.userLanguage || '').toLowerCase();
    root.lang = language.indexOf('en') === 0 ? 'en' : 'vi';
    root.className += ' ready';
    var loading = document.getElementById('loading');
    if (loading) {
        loading.setAttribute('data-state', 'no-wasm');
    }
})();
