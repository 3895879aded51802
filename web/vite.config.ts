import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.CARAVAN_API ?? 'http://localhost:3000';

/**
 * Writes `dist/.vite/chunks.json`: each chunk's static and dynamic imports, the packages and the repository's own
 * JSON data files bundled in it, so a test can tell what a page's first load carries
 * (test/e2e/firstLoadChunks.test.ts) without a browser. The folder starts with a dot, which the server never serves.
 */
function chunkGraph(): Plugin {
  return {
    name: 'caravan-chunk-graph',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [{
              file: output.fileName,
              name: output.name,
              isEntry: output.isEntry,
              imports: output.imports,
              dynamicImports: output.dynamicImports,
              packages: [...new Set(Object.keys(output.modules).flatMap((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? []))],
              // The repository's own data in it, such as the zone rules ('shared/src/zones/tzdata.json').
              dataFiles: Object.keys(output.modules).flatMap((id) => (id.includes('/node_modules/') ? [] : /\/((?:shared|web)\/src\/.*\.json)$/.exec(id)?.[1] ?? [])),
            }]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkGraph()],
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
