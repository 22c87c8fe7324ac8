// Renders the app icons (PNG, as the web app manifest needs) from the SVG sources with Chromium.
// Run after changing public/favicon.svg or public/icons/icon-maskable.svg:
//   node apps/web/scripts/render-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../public');
const sources = [
  { svg: 'favicon.svg', out: 'icon' },
  { svg: 'icons/icon-maskable.svg', out: 'icon-maskable' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const { svg, out } of sources) {
    const markup = fs.readFileSync(path.join(publicDir, svg), 'utf8');
    for (const size of [192, 512]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
      );
      const file = path.join(publicDir, 'icons', `${out}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      await page.close();
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
} finally {
  await browser.close();
}
