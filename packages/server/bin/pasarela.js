#!/usr/bin/env node
// The `pasarela` command (src/bin.ts, built into dist/). A file of its own, present before any
// build, so that `npm ci` in the repository links the command too (npm links no missing file).
await import('../dist/bin.js');
