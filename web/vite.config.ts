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
        // The map library in a chunk of its own name: only pages with a map load it, and sizes can tell it apart.
        manualChunks: (id) => (/node_modules\/(maplibre-gl|mapbox-gl)\//.test(id) ? 'map-library' : undefined),
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
