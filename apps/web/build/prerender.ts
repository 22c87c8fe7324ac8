import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/**
 * What the build tells the server (apps/server/src/http/spa.ts reads it): which files hold
 * prerendered pages, and which paths need a signed-in user.
 */
export const PAGES_MANIFEST = 'pages.json';
export interface PagesManifest {
  pages: Array<{ path: string; query: string[]; file: string }>;
  protected: string[];
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html with the page's HTML inside #root, marked so main.tsx hydrates it instead of rendering anew. */
export function withPrerenderedRoot(indexHtml: string, pagePath: string, pageHtml: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${pagePath}">${pageHtml}</div>`);
}

interface PrerenderModule {
  PRERENDERED_PAGES: ReadonlyArray<{ path: string; query: readonly string[]; file: string }>;
  prerender(url: string): Promise<string>;
  protectedPathPatterns(): string[];
}

/**
 * Vite plugin: after the build, renders the first pages a new visitor sees (src/prerender.tsx,
 * through Vite's SSR loader) into HTML files beside index.html, so they paint from HTML and CSS
 * alone, and writes pages.json for the server.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'mailroom-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
          const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
          for (const page of module.PRERENDERED_PAGES) {
            const search = new URLSearchParams(page.query.map((name) => [name, '/'])).toString();
            const html = await module.prerender(search ? `${page.path}?${search}` : page.path);
            fs.writeFileSync(path.join(outDir, page.file), withPrerenderedRoot(indexHtml, page.path, html));
          }
          const manifest: PagesManifest = {
            pages: module.PRERENDERED_PAGES.map((page) => ({ path: page.path, query: [...page.query], file: page.file })),
            protected: module.protectedPathPatterns(),
          };
          fs.writeFileSync(path.join(outDir, PAGES_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
