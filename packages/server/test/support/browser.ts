/**
 * A real headless Chromium for browser tests, driven by playwright-core. It
 * uses the system's Chromium and never downloads a browser: Debian's
 * `chromium-headless-shell` (installed by .ci/run) when it is there, else
 * Debian's `chromium`. CHROMIUM_PATH points at another binary.
 *
 * The headless shell is Chromium's own headless build (the same Blink, V8 and
 * network stack as the browser, the build Playwright itself runs headless
 * tests in) without the desktop browser around it. The same file's pages cost
 * about 45% less CPU in it (docs/testing.md "What a run costs").
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { dialects, type Dialect } from './dialects.js';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;
export const chromiumPath = process.env.CHROMIUM_PATH ?? SYSTEM_CHROMIUMS.find((path) => existsSync(path)) ?? SYSTEM_CHROMIUMS[0];

/** Whether the browser is there: tests skip without it, except on CI (.ci/run installs it). */
export const hasChromium = existsSync(chromiumPath);

/** Without Chromium a browser test file is skipped locally; on CI (.ci/run installs it) it must run. */
export const describeInBrowser = hasChromium || process.env.CI ? describe : describe.skip;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * A new page of `context` at `viewport` whose console errors and uncaught
 * exceptions (the page's and every frame's, iframes included) go to `errors`.
 */
export async function watchedPage(context: BrowserContext, errors: string[], viewport: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.setViewportSize(viewport);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return page;
}

/** How wide the page's document is: wider than the viewport means it scrolls sideways. */
export function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
}

/** The two sizes every page is checked at: a laptop and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

let axeSource: string | undefined;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}
interface AxeWindow {
  axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
  document: unknown;
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each naming the
 * page, its size and the elements. axe-core is evaluated through the DevTools protocol (the page's
 * CSP stays as served), once per document: a single-page app's later checks reuse it.
 */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const size = page.viewportSize()!;
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() =>
    (globalThis as unknown as AxeWindow).axe.run((globalThis as unknown as AxeWindow).document, { resultTypes: ['violations'] }),
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name} ${size.width}x${size.height}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * How a browser test file covers the dialects: its flows run on every one
 * (what the pages do is stored by each engine), in the file's one Chromium.
 * The pages render the same on each, so they are audited (axe-core, at both
 * VIEWPORTS) on the first dialect only; the others run each flow once, at the
 * first viewport, and `audit` answers no problem there.
 */
export interface BrowserPlan {
  /** Whether this dialect's run audits the pages. */
  audited: boolean;
  /** The sizes each flow runs at on this dialect. */
  viewports: ReadonlyArray<{ width: number; height: number }>;
  /** seriousViolations on the audited dialect; nothing on the others. */
  audit(page: Page, name: string): Promise<string[]>;
}

export function browserPlan(dialect: Dialect): BrowserPlan {
  const audited = dialect === dialects[0];
  return {
    audited,
    viewports: audited ? VIEWPORTS : [VIEWPORTS[0]],
    audit: async (page, name) => (audited ? seriousViolations(page, name) : []),
  };
}

/**
 * Where a browser test file writes its screenshots, for a person to look at: the folder its own
 * variable names (`DASHBOARD_SCREENSHOTS`, `HOSTED_SCREENS`, `FIELDS_SCREENS`), or
 * `test-results/screenshots/` with `SCREENSHOTS=1`; otherwise none. A full-page PNG costs the
 * browser about as much as axe-core's check of the page, and no test reads them
 * (docs/testing.md "What a run costs"). A failed page check writes its page regardless
 * (`FAILURE_SCREENSHOTS`).
 */
export function screenshotFolder(variable: string): string | undefined {
  const folder = process.env[variable] ?? (process.env.SCREENSHOTS === '1' ? FAILURE_SCREENSHOTS : undefined);
  if (folder) mkdirSync(folder, { recursive: true });
  return folder;
}

/** Where a failed page check leaves the page's screenshot (gitignored). */
export const FAILURE_SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/screenshots/', import.meta.url));

/** What can be photographed: a page, or a frame's element. */
interface Photographed {
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
}

/** The full screenshot of `target` as `folder/file`, when the screenshots are asked for (`screenshotFolder`). */
export async function keepScreenshot(target: Photographed, folder: string | undefined, file: string): Promise<void> {
  if (folder) await target.screenshot({ path: join(folder, file), fullPage: true });
}

/** Runs a page check; when it fails, the page's screenshot goes to FAILURE_SCREENSHOTS as `<file>` before the failure is thrown on. */
export async function screenshotOnFailure<T>(page: Page, file: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    mkdirSync(FAILURE_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(FAILURE_SCREENSHOTS, file), fullPage: true }).catch(() => undefined);
    throw error;
  }
}
