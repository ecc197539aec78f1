// pdfjs's legacy build (the one that runs on Node 20) bundles core-js, which replaces the native
// Array.prototype.push with a JavaScript polyfill for an edge case of arrays with a read-only
// length that pdfjs never creates. pdfjs pushes in its hottest loops (font conversion, text
// items), so the polyfill made reading a text PDF up to a third slower. This module is imported
// before pdfjs, keeps the native method, and puts it back after each pdfjs module has loaded.
const nativePush = Array.prototype.push;

/** Puts the native Array.prototype.push back if a polyfill replaced it. */
export function restoreNativePush() {
  if (Array.prototype.push !== nativePush) {
    Object.defineProperty(Array.prototype, 'push', {
      value: nativePush,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}
