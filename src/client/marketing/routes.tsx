import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { PageContent } from './content/types';

/**
 * Public pages. Each route is its own lazy chunk so a visitor downloads only the page they open,
 * never the signed-in app. Pages made only of typed content share one lazily loaded renderer.
 */
function contentRoute(path: string, load: () => Promise<PageContent>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ ContentPage }, page] = await Promise.all([
        import('./components/content-page'),
        load(),
      ]);
      return { Component: () => <ContentPage page={page} /> };
    },
  };
}

function pageRoute(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

export const marketingRoutes: RouteObject[] = [
  contentRoute('/', async () => (await import('./content/landing')).landingPage),
  contentRoute('/marketing', async () => (await import('./content/landing')).landingPage),
  contentRoute(
    '/ar-solutions',
    async () => (await import('./content/ar-solutions')).arSolutionsPage,
  ),
  contentRoute(
    '/case-studies',
    async () => (await import('./content/case-studies')).caseStudiesPage,
  ),
  contentRoute(
    '/practice-management',
    async () => (await import('./content/practice-management')).practiceManagementPage,
  ),
  contentRoute('/features', async () => (await import('./content/features')).featuresPage),
  contentRoute('/pricing', async () => (await import('./content/pricing')).pricingPage),
  contentRoute('/about', async () => (await import('./content/about')).aboutPage),
  contentRoute(
    '/signal-ecosystem',
    async () => (await import('./content/ecosystem')).ecosystemPage,
  ),
  contentRoute(
    '/learnsignal-integration',
    async () => (await import('./content/learnsignal')).learnSignalPage,
  ),
  contentRoute(
    '/signal-os-integration',
    async () => (await import('./content/signal-os')).signalOsPage,
  ),
  contentRoute(
    '/signal-resource-integration',
    async () => (await import('./content/signal-resource')).signalResourcePage,
  ),
  pageRoute('/demo', () => import('./pages/demo-page')),
  pageRoute('/contact', () => import('./pages/contact-page')),
  pageRoute('/register-firm', () => import('./pages/register-firm/register-firm-page')),
  pageRoute('/logo-assets', () => import('./pages/logo-assets/logo-assets-page')),
  pageRoute('*', () => import('./pages/not-found-page')),
];
