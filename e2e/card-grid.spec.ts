import { expect, test, callFn } from './web-helpers.ts';

// Issue 11: the /manual category cards and the suggested ones size to their column, wrap their
// text and never run past their container or the screen, at every width from 320 px.

const WIDTHS = [320, 375, 768, 1280];

test('/manual cards wrap long names, descriptions and queries without overflowing, from 320 px to 1280 px', async ({ signedIn: page }) => {
  await page.goto('/manual');
  // Unbroken names and queries: the worst case for a card sized by its content.
  await callFn(page, 'createCategory', {
    name: `Grid${'W'.repeat(50)}`,
    query: `from:${'very-long-sender-name-'.repeat(4)}example.com subject:${'newsletter'.repeat(6)}`,
    description: `Receipts${'-and-invoices'.repeat(20)}`,
  });
  await callFn(page, 'createCategory', { name: 'Grid short', query: 'is:unread' });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/manual');
    await expect(page.getByRole('list', { name: 'Your categories' }).getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(() => {
      const found: string[] = [];
      const viewport = document.documentElement.clientWidth;
      const cards = [...document.querySelectorAll('[aria-label="Your categories"] > li, #starters-heading ~ ul > li')];
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        const column = (card.parentElement as HTMLElement).getBoundingClientRect();
        if (box.right > column.right + 0.5 || box.left < column.left - 0.5) found.push(`card past its list: ${card.textContent?.slice(0, 30)}`);
        if (box.right > viewport + 0.5) found.push(`card past the screen: ${card.textContent?.slice(0, 30)}`);
        for (const element of card.querySelectorAll('*')) {
          const inner = element.getBoundingClientRect();
          if (inner.width > 0 && inner.right > box.right + 0.5) found.push(`${element.tagName} past its card: ${element.textContent?.slice(0, 30)}`);
        }
      }
      // Neighbours in a row never overlap.
      const rects = cards.map((card) => card.getBoundingClientRect());
      rects.forEach((a, i) =>
        rects.slice(i + 1).forEach((b) => {
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) found.push('two cards overlap');
        }),
      );
      if (document.documentElement.scrollWidth > viewport) found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewport}`);
      return { found, cards: cards.length };
    });
    expect(overflow.cards, `${width} px`).toBeGreaterThan(2);
    expect(overflow.found, `${width} px`).toEqual([]);
  }
});
