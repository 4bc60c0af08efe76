/**
 * A real headless Chromium for browser tests, driven by playwright-core. It
 * uses the system's Chromium (Debian's `chromium` package, installed by .ci/run)
 * and never downloads a browser. CHROMIUM_PATH points at another binary.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
