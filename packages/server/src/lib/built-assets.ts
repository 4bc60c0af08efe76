/**
 * Where the built files of a sibling package are, which the gateway serves:
 * the embedded-fields SDK (packages/fields/dist, at /fields/v1/) and the
 * dashboard (packages/dashboard/dist, at /dashboard/).
 *
 * In this repository they are the workspace's own builds. In the published
 * `pasarela` package, which has no workspace beside it, they are the copies
 * `npm pack` puts under `assets/` (packages/server/scripts/pack-assets.mjs).
 * The workspace is recognised by its package name, so an unrelated package
 * called `fields` beside an installed `pasarela` is never served.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type BuiltPackage = 'fields' | 'dashboard';

function workspaceName(name: BuiltPackage): string | undefined {
  try {
    // src/lib/ and dist/lib/ are both three levels below packages/.
    const manifest = JSON.parse(readFileSync(new URL(`../../../${name}/package.json`, import.meta.url), 'utf8')) as { name?: unknown };
    return typeof manifest.name === 'string' ? manifest.name : undefined;
  } catch {
    return undefined;
  }
}

/** The folder (with a trailing slash) holding the built files of packages/`name`. */
export function builtAssetsDir(name: BuiltPackage): string {
  if (workspaceName(name) === `@pasarela/${name}`) return fileURLToPath(new URL(`../../../${name}/dist/`, import.meta.url));
  return fileURLToPath(new URL(`../../assets/${name}/`, import.meta.url));
}
