import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the gateway at /dashboard/ (packages/server/src/dashboard). No inline
// script or style: the CSP is script-src 'self', style-src 'self'.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
