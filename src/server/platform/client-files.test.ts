import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { looksLikeFile } from './client-files';

let testApp: TestApp;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  testApp = await createTestApp();
  clientDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Signal AR</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log("main");');
  writeFileSync(path.join(clientDir, 'vendor-form.html'), '<!doctype html><title>Form W-9</title><div id="vendor-form"></div>');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createApp({ ...testApp.deps, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves an existing asset with its content type and a year of immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("main");');
  });

  it('answers a missing asset with a JSON 404, never index.html', async () => {
    for (const url of ['/assets/main-old999.js', '/assets/style-old.css', '/logo.png', '/assets/fonts/inter.woff2?v=2', '/dashboard/app.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers a client route with index.html, revalidated on every load', async () => {
    for (const url of ['/dashboard', '/settings?tab=team', '/', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it("answers the vendor's W-9 page with its own entry, never the staff app", async () => {
    const response = await app.inject({ method: 'GET', url: '/vendor-form' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="vendor-form">');
  });

  it('serves a file written after the server started, and the index.html on disk now', async () => {
    writeFileSync(path.join(clientDir, 'assets', 'main-def456.js'), 'console.log("rebuilt");');
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Signal AR</title><div id="root" data-build="2"></div>');
    const asset = await app.inject({ method: 'GET', url: '/assets/main-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("rebuilt");');
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.body).toContain('data-build="2"');
  });

  it('serves files at the root of the build, and keeps unknown API paths a JSON 404', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const api = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses to read outside the client folder', async () => {
    for (const url of ['/..%2F..%2Fetc%2Fpasswd', '/assets/..%2F..%2Fpackage.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('root:');
      expect(response.body, url).not.toContain('"dependencies"');
    }
  });
});

describe('looksLikeFile', () => {
  it('tells files from client routes', () => {
    expect(looksLikeFile('/assets/chunk')).toBe(true);
    expect(looksLikeFile('/robots.txt')).toBe(true);
    expect(looksLikeFile('/assets/x.woff2')).toBe(true);
    expect(looksLikeFile('/dashboard')).toBe(false);
    expect(looksLikeFile('/practice/add-client')).toBe(false);
    expect(looksLikeFile('/')).toBe(false);
  });
});
