import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerenderPages } from './build/prerender';

// The server (apps/server) serves dist/ under a strict CSP: no inline scripts or styles, so
// nothing here may inline code into index.html. Routes are code-split with lazy imports.
// The first pages (landing, /connect) are prerendered beside index.html, and the build is
// pre-compressed (brotli and gzip copies beside each file) for the server to send as is.
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), precompress()],
  build: {
    // WEB_DIST_DIR (also the server's setting) builds into another directory, e.g. one per engineer.
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Flagged when a single route chunk grows past what a phone on a slow link should fetch.
    chunkSizeWarningLimit: 300,
  },
  server: {
    // `npm run dev -w apps/web` against a server started with `npm start` on port 3000.
    // /v1: the push registration routes (features/notifications).
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000', '/v1': 'http://localhost:3000' },
  },
});
