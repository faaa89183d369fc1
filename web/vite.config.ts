import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server proxies to; SSO_SERVER overrides it (same variable as the CLI).
const apiServer = process.env.SSO_SERVER || 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiServer, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
    // scripts/bundle-size.mjs reads it to add up what each page loads.
    manifest: true,
    // Vite 8 bundles with rolldown: codeSplitting groups replace rollup's manualChunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 3 }],
        },
      },
    },
  },
});
