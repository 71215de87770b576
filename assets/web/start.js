// The game's page (scripts/web.sh fills in the names, which carry a hash
// of their content): the glue loads the program and starts it on the
// canvas #ca-ngua (src/platform/start_page.rs).
import init from './@JS@';
init({ module_or_path: './@WASM@' });
