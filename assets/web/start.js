// The game's page (scripts/web.sh fills in this build's names, which carry
// a hash of their content, and the program's size):
//
// - the loading screen (#loading in index.html) in the player's language:
//   the one chosen in the game's settings if the page keeps them, else the
//   browser's (English for English, Vietnamese otherwise, as the app);
// - a clear sentence instead of the game where the browser has no
//   WebAssembly or no WebGL (the game draws with WebGL);
// - the program downloaded with its progress shown (the bytes counted on
//   a copy of the download, so that the browser still compiles it as it
//   arrives), then "getting ready" while it compiles and starts on the
//   canvas #ca-ngua (src/platform/start_page.rs, which takes the loading
//   screen away when the game's first frame is drawn, or says it failed);
// - the service worker (sw.js) registered once the game runs, so that the
//   page starts without the network next time.
const GLUE = './{{JS}}';
const WASM = './{{WASM}}';
// The program's size as the page reads it (uncompressed).
const WASM_BYTES = {{WASM_BYTES}};

const root = document.documentElement;
const loading = document.getElementById('loading');
const lang = pageLang();
root.lang = lang;
root.classList.add('ready');

if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    stop('no-wasm', 'this browser has no WebAssembly');
} else if (!hasWebGl()) {
    stop('no-webgl', 'this browser has no WebGL');
} else {
    start();
}

/** The player's language: the game's settings (`lang: Some(en)` in the
 * page's `ca-ngua/prefs.ron`), else the browser's. */
function pageLang() {
    try {
        const prefs = localStorage.getItem('ca-ngua/prefs.ron') || '';
        const chosen = /\blang:\s*Some\((vi|en)\)/.exec(prefs);
        if (chosen) {
            return chosen[1];
        }
    } catch (e) {
        // Storage refused: the browser's language.
    }
    return (navigator.language || '').toLowerCase().startsWith('en') ? 'en' : 'vi';
}

/** Whether the page can draw with WebGL 2 or 1 (eframe takes either). */
function hasWebGl() {
    try {
        const canvas = document.createElement('canvas');
        const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
        if (!gl) {
            return false;
        }
        const lose = gl.getExtension('WEBGL_lose_context');
        if (lose) {
            lose.loseContext();
        }
        return true;
    } catch (e) {
        return false;
    }
}

function show(state) {
    if (loading) {
        loading.dataset.state = state;
    }
}

/** The loading screen says `state` (a sentence the page has), the console why. */
function stop(state, why) {
    show(state);
    console.error(`ca-ngua: the game cannot start: ${why}`);
}

async function start() {
    // The glue and the program at once.
    const glue = import(GLUE);
    let response;
    try {
        response = await fetch(WASM);
        if (!response.ok) {
            throw new Error(`${WASM}: ${response.status} ${response.statusText}`);
        }
    } catch (e) {
        return stop('download-failed', e);
    }
    count(response.clone());
    let init;
    try {
        init = (await glue).default;
    } catch (e) {
        return stop('download-failed', e);
    }
    try {
        await init({ module_or_path: response });
    } catch (e) {
        return stop('failed', e);
    }
    register();
}

/** Shows the download's progress, read from a copy of the response. The
 * total shown is what comes over the network (`Content-Length`: the
 * compressed size when the server sends gzip); the part done is the share
 * of the program read so far. */
async function count(response) {
    const bar = loading && loading.querySelector('progress');
    const loaded = document.getElementById('loaded');
    const total = Number(response.headers.get('Content-Length')) || WASM_BYTES;
    const megabytes = (bytes) =>
        (bytes / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const totalText = document.getElementById('total');
    if (totalText) {
        totalText.textContent = megabytes(total);
    }
    if (!response.body) {
        return;
    }
    const reader = response.body.getReader();
    let read = 0;
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done) {
                break;
            }
            read += value.byteLength;
            const share = Math.min(1, read / WASM_BYTES);
            if (bar) {
                bar.value = share;
            }
            if (loaded) {
                loaded.textContent = megabytes(share * total);
            }
        }
    } catch (e) {
        // The download itself says so (start).
        return;
    }
    if (loading && loading.dataset.state === 'loading') {
        show('compiling');
    }
}

function register() {
    if (!('serviceWorker' in navigator)) {
        return;
    }
    navigator.serviceWorker
        .register('sw.js', { updateViaCache: 'none' })
        .catch((e) => console.warn(`ca-ngua: no service worker: ${e}`));
}
