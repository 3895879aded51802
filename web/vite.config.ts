import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.CARAVAN_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: {
      '/_api': { target: api },
      '/collab': { target: api, ws: true },
    },
  },
});
