import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.CARAVAN_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Each map library in a chunk of its own name: only pages with a map load one, and sizes can tell it apart.
        manualChunks: (id) => /node_modules\/(maplibre-gl|mapbox-gl)\//.exec(id)?.[1],
      },
    },
  },
  server: {
    proxy: {
      '/_api': { target: api },
      '/collab': { target: api, ws: true },
    },
  },
});
