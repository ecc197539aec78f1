import { cpSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * `npm run build:server`: the server bundled once into dist/server/main.js for `npm start`, so
 * production does not transpile TypeScript at run time (tsx stays for dev, tests and scripts).
 * Packages stay external: node_modules is loaded as installed.
 */
const src = path.resolve(import.meta.dirname, 'src/server');
const outDir = path.resolve(import.meta.dirname, 'dist/server');

/**
 * Files the server finds beside its own module (new URL('./x', import.meta.url)) at run time: the
 * migrations (db/client.ts), the data-folder migration child (migrate-data-dir.mjs) and the plain
 * JavaScript PDF worker with its imports (document-worker-client.ts). Every chunk is written to
 * dist/server itself, so import.meta.url points there from any of them.
 */
export const serverRuntimeFiles: readonly string[] = [
  'db/migrations',
  'db/migrate-data-dir.mjs',
  'features/documents/extraction/worker/document-worker.mjs',
  'features/documents/extraction/worker/native-push.mjs',
  'features/documents/extraction/worker/image-regions.mjs',
  'features/documents/extraction/worker/warm-up-pdf.mjs',
];

function copyRuntimeFiles(): Plugin {
  return {
    name: 'signal-ar-server-runtime-files',
    apply: 'build',
    writeBundle(options) {
      const target = options.dir ?? outDir;
      for (const file of serverRuntimeFiles) cpSync(path.join(src, file), path.join(target, path.basename(file)), { recursive: true });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  logLevel: 'warn',
  plugins: [copyRuntimeFiles()],
  build: {
    ssr: path.join(src, 'main.ts'),
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      // Every package import stays a runtime import, resolved by Node from node_modules (tsc checks
      // they exist); only our own files are bundled.
      external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
