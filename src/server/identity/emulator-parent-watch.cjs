// Preloaded into the Auth emulator's process (NODE_OPTIONS=--require). If the server that
// started it dies without stopping it (SIGKILL, crash), the emulator is re-parented: it then
// shuts itself down cleanly (SIGINT: export state, exit) instead of living on as an orphan.
'use strict';
const parent = process.ppid;
let asked = false;
setInterval(() => {
  if (process.ppid === parent) return;
  if (!asked) {
    asked = true;
    process.kill(process.pid, 'SIGINT');
    setTimeout(() => process.exit(1), 15_000).unref();
  }
}, 500).unref();
