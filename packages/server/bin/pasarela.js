#!/usr/bin/env node
// The `pasarela` command (src/bin.ts, built into dist/). A file of its own, present before any
// build, so that `npm ci` in the repository links the command too (npm links no missing file).
// The build bundles dist/ into bundle/ (scripts/bundle.mjs), which starts faster: that when
// present, dist/ otherwise.
import { existsSync } from 'node:fs';

const bundled = new URL('../bundle/bin.js', import.meta.url);
await import(existsSync(bundled) ? bundled.href : '../dist/bin.js');
