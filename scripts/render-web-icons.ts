// Renders the web app's home-screen icons (apps/web/public/icons/*.png) from their SVG sources in
// apps/web/icons/ with headless Chromium: `npx tsx scripts/render-web-icons.ts`. Run it after changing a
// source and commit the PNGs (the build only copies them; it needs no browser).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
/** `any` icons keep their rounded corners; maskable ones fill the square with the mark in the safe zone. */
const ICONS = [
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { source: 'icon-maskable.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const svg = readFileSync(path.join(web, 'icons', icon.source), 'utf8');
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent"><div style="width:${icon.size}px;height:${icon.size}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body></html>`,
    );
    await page.screenshot({ path: path.join(web, 'public/icons', icon.out), omitBackground: true });
    console.log(`apps/web/public/icons/${icon.out} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
