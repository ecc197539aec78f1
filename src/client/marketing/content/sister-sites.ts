/** The sister products' public sites, opened in a new tab from the partner pages. */
export const sisterSites = {
  learnSignal: 'https://www.learnsignal.com',
  signalOs: 'https://www.signalos.com',
  signalResource: 'https://www.signalresource.com',
} as const;
