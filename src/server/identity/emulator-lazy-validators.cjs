// Preloaded into the Auth emulator's process (NODE_OPTIONS=--require). firebase-tools builds the
// emulator's API with exegesis, which compiles a JSON Schema validator for every operation of
// the Identity Toolkit API before the port opens: 6-8 s of Ajv on this machine, most of every
// start. exegesis can compile each validator the first time its operation is called instead
// (`lazyCompileValidationSchemas`); firebase-tools does not ask for it, so this does. Should
// exegesis-express move or change shape, the emulator starts as before, only slower.
'use strict';
try {
  const firebaseTools = require.resolve('firebase-tools/package.json');
  const exegesisExpress = require(require.resolve('exegesis-express', { paths: [firebaseTools] }));
  const compile = exegesisExpress.middleware;
  if (typeof compile === 'function') {
    exegesisExpress.middleware = (spec, options) => compile(spec, { ...options, lazyCompileValidationSchemas: true });
  }
} catch {
  // Not found: nothing to speed up.
}
