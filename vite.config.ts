import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, 'src/client');

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': root,
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // npm run bench reads it to measure each page's first-load JavaScript (bench/bundle.ts).
    manifest: true,
    // The customer portal (issue 31) and the vendor's W-9 form (issue 32) are their own small
    // entries: a customer or vendor never loads the staff app.
    rollupOptions: {
      input: { index: path.join(root, 'index.html'), portal: path.join(root, 'portal.html'), 'vendor-form': path.join(root, 'vendor-form.html') },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
});
